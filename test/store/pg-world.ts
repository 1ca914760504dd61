// Shared by the PostgreSQL many-instance test files: one test server per file, a fresh database per
// test, and two stores with their own pools standing for two Formstead processes.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { startPostgres, type PgServer } from '../helpers/postgres.ts';

/** The file's server and its helpers; call `stopLast()` after queuing the file's suites. */
export async function pgWorld() {
  const server: PgServer = await startPostgres();
  let databases = 0;

  /** A new empty database on the test server, and its URL. */
  async function freshDatabase(): Promise<string> {
    const name = `instances_${++databases}`;
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return server.url(name);
  }

  /** Two stores on one fresh database, as two instances would open it. */
  async function twoInstances(): Promise<[Store, Store]> {
    const url = await freshDatabase();
    return [await openPgStore(url), await openPgStore(url)];
  }

  /**
   * Queues, after the file's suites (uvu runs suites in order), the stop of the server and a check its folder is gone.
   */
  function stopLast() {
    const teardown = suite('postgres test server');
    teardown('stops, and its folder is gone', async () => {
      await server.stop();
      assert.not.ok(existsSync(server.dir));
    });
    teardown.run();
  }

  return { server, freshDatabase, twoInstances, stopLast };
}

/** Runs `n` calls split between the stores, all at once. */
export const spread = <T>(stores: Store[], n: number, call: (s: Store, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(stores[i % stores.length], i)));
