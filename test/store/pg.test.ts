// The store contract (test/store/contract/) against the PostgreSQL store on a real PostgreSQL server
// (test/helpers/postgres.ts): one server for the file, one migrated database, emptied before each row.
//
// Measured on the 2-core CI machine (all 162 rows): a database per row copied from a migrated template
// (CREATE DATABASE … TEMPLATE, then DROP … WITH (FORCE)) cost 27 s of overhead in a 30 s run; TRUNCATE of
// every table (RESTART IDENTITY) on one database cost 11 s with a new connection per row, less with the
// one kept here. An emptied database is what a row needs: no rows, sequences from 1, schema migrated.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { runStoreContract } from './contract/index.ts';

const server = await startPostgres();
console.log(`PostgreSQL test server up in ${server.startMs} ms (initdb + start) on port ${server.port}`);
const url = server.url('contract');
const admin = new pg.Client({ connectionString: server.url() });
await admin.connect();
// Created with a language-aware default collation (ICU en-US: 'a-b' sorts after 'a_b', 'B' before 'a'
// is false), as an operator's database may be: the rows then prove the schema's explicit "C"
// collations keep the embedded store's byte order.
await admin.query(`CREATE DATABASE contract TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`);
await admin.end();
await (await openPgStore(url)).close();

// Kept open for the whole file; it holds no locks between rows (each TRUNCATE commits at once).
const reset = new pg.Client({ connectionString: url });
await reset.connect();
const tables = (
  await reset.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'")
).rows.map((r) => r.tablename);
const empty = `TRUNCATE ${tables.join(', ')} RESTART IDENTITY`;

runStoreContract('postgres', async () => {
  await reset.query(empty);
  const open = () => openPgStore(url);
  let current: Store = await open();
  return {
    store: current,
    reopen: async () => {
      await current.close(); // a second close of a closed store resolves at once
      current = await open();
      return current;
    },
    cleanup: async () => {
      await current.close();
    },
  };
});

// Queued after every contract suite (uvu runs suites in the order they were queued): the connection
// and the server go away here, so the process can end.
const teardown = suite('postgres test server');
teardown('stops, and its folder is gone', async () => {
  await reset.end();
  await server.stop();
  assert.not.ok(existsSync(server.dir));
});
teardown.run();
