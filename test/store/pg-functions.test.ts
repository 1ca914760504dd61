// The PostgreSQL functions kept in server/core/store/pg/functions/ and applied after the migrations: a
// fresh database and one migrated by the code that still made them in numbered migrations end with the
// same functions (and the same tables); a changed text is applied once, a missing function made again,
// and a function with two signatures refused.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PgDatabase } from '../../server/core/store/pg/db.ts';
import { pgFunctions } from '../../server/core/store/pg/functions/index.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { applyPgMigrations } from '../../server/core/store/pg/migrate.ts';
import { pgMigrations } from '../../server/core/store/pg/migrations/index.ts';
import { pgWorld } from './pg-world.ts';

const { freshDatabase, stopLast } = await pgWorld();

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** The migrations as the code before the split ran them (fixtures/pg-migrations-before-split.sql). */
const oldMigrations = fixture('pg-migrations-before-split.sql')
  .split(/^-- formstead migration /m)
  .slice(1)
  .map((section) => {
    const [, id, name, up] = /^(\d+) (\S+)\n([\s\S]*)$/.exec(section) ?? [];
    return { id: Number(id), name, up };
  });

/** Runs the old migrations up to `lastId` on a new database, as that code did (schema_migrations included). */
async function oldDatabase(lastId: number): Promise<string> {
  const url = await freshDatabase();
  const db = new PgDatabase(url);
  try {
    await db.tx(async (tx) => {
      await tx.q(
        `CREATE TABLE schema_migrations
          (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      for (const m of oldMigrations.filter((m) => m.id <= lastId)) {
        await tx.q(m.up);
        await tx.q('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      }
    });
  } finally {
    await db.close();
  }
  return url;
}

/** pg_get_functiondef of every formstead_* function, by name and arguments. */
async function functionDefs(url: string): Promise<Record<string, string>> {
  const db = new PgDatabase(url);
  try {
    const rows = await db.q(
      `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS sig,
          pg_get_functiondef(p.oid) AS def
        FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'formstead\\_%'
        ORDER BY 1`,
    );
    return Object.fromEntries(rows.rows.map((r) => [r.sig, r.def]));
  } finally {
    await db.close();
  }
}

/** The tables' columns and every index and constraint, to compare two schemas. */
async function tableSchema(url: string): Promise<unknown> {
  const db = new PgDatabase(url);
  try {
    const columns = await db.q(
      `SELECT table_name, column_name, data_type, column_default, is_nullable, collation_name
        FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );
    const indexes = await db.q("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexdef");
    const constraints = await db.q(
      `SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    );
    const tables = await db.q(
      "SELECT relname, relpersistence FROM pg_class WHERE relnamespace = 'public'::regnamespace ORDER BY 1",
    );
    return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, tables: tables.rows };
  } finally {
    await db.close();
  }
}

/** Opens and closes the store (the migrations and functions applied), returning its log lines. */
async function open(url: string): Promise<string[]> {
  const lines: string[] = [];
  const store = await openPgStore(url, (l) => lines.push(l));
  await store.close();
  return lines;
}

const upgrade = suite('postgres functions: old databases and fresh ones');

let fresh: { defs: Record<string, string>; schema: unknown } | undefined;

upgrade('a fresh database gets every function once, with generic plans; a second open applies nothing', async () => {
  const url = await freshDatabase();
  const lines = await open(url);
  for (const f of pgFunctions) assert.ok(lines.includes(`function ${f.name} applied`), f.name);
  assert.equal(await open(url), [], 'nothing to do the second time');
  fresh = { defs: await functionDefs(url), schema: await tableSchema(url) };
  // Each is planned once per connection, not once per call (functions/index.ts).
  for (const [sig, def] of Object.entries(fresh.defs))
    assert.ok(def.includes("SET plan_cache_mode TO 'force_generic_plan'"), `${sig} keeps generic plans`);
  assert.equal(
    Object.keys(fresh.defs).map((sig) => sig.replace(/\(.*/, '')),
    pgFunctions.map((f) => f.name).sort(),
    'one signature each',
  );
});

upgrade('the old migrations fixture makes the functions of the pg_get_functiondef fixture', async () => {
  const url = await oldDatabase(11);
  const defs = Object.values(await functionDefs(url));
  // The functions of that time (later ones, such as formstead_fold_counts, came with the split's files).
  assert.is(defs.length, fixture('pg-functions-before-split.sql').match(/^CREATE OR REPLACE FUNCTION/gm)?.length);
  assert.is(
    defs.map((d) => `\n${d.replace(/\n?$/, '\n')};\n`).join(''),
    fixture('pg-functions-before-split.sql').replace(/^(--.*\n)*/, ''),
  );
});

for (const lastId of [4, 5, 8, 9, 10, 11]) {
  upgrade(`a database the old code migrated through ${lastId} ends with the fresh functions and tables`, async () => {
    const url = await oldDatabase(lastId);
    const before = await functionDefs(url);
    const lines = await open(url);
    assert.equal(
      lines.filter((l) => l.startsWith('migration ')).map((l) => Number(l.split(' ')[1])),
      pgMigrations.map((m) => m.id).filter((id) => id > lastId),
    );
    // Every function is replaced once: none has a record of the text that made it.
    for (const f of pgFunctions) assert.ok(lines.includes(`function ${f.name} applied`), f.name);
    if (lastId === 11) assert.not.equal(before, fresh?.defs, 'the old texts differ, so the test sees a replacement');
    assert.equal(await functionDefs(url), fresh?.defs);
    assert.equal(await tableSchema(url), fresh?.schema);
    assert.equal(await open(url), [], 'nothing to do the second time');
  });
}

upgrade('two instances opening an old database together replace each function once', async () => {
  const url = await oldDatabase(11);
  const lines: string[] = [];
  const stores = await Promise.all([1, 2].map(() => openPgStore(url, (l) => lines.push(l))));
  await Promise.all(stores.map((s) => s.close()));
  for (const f of pgFunctions) assert.is(lines.filter((l) => l === `function ${f.name} applied`).length, 1, f.name);
  assert.equal(await functionDefs(url), fresh?.defs);
});

upgrade.run();

const rules = suite('postgres functions: when a text is applied');

const fn = (body: string, args = 'p INTEGER') => ({
  name: 'formstead_probe',
  sql: `CREATE OR REPLACE FUNCTION formstead_probe(${args}) RETURNS INTEGER LANGUAGE sql AS $$ ${body} $$`,
});

/** Applies the migrations and `functions` on `db`, returning the log lines. */
async function apply(db: PgDatabase, functions: ReturnType<typeof fn>[], migrations = pgMigrations) {
  const lines: string[] = [];
  await applyPgMigrations(db, migrations, (l) => lines.push(l), functions);
  return lines.filter((l) => l.startsWith('function '));
}

rules('a changed text is applied once; a function dropped by hand is made again', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    assert.equal(await apply(db, [fn('SELECT 1')]), ['function formstead_probe applied']);
    assert.is((await db.get('SELECT formstead_probe(0) AS v'))?.v, 1);
    assert.equal(await apply(db, [fn('SELECT 1')]), []);
    assert.equal(await apply(db, [fn('SELECT 2')]), ['function formstead_probe applied']);
    assert.is((await db.get('SELECT formstead_probe(0) AS v'))?.v, 2);
    await db.q('DROP FUNCTION formstead_probe(INTEGER)');
    assert.equal(await apply(db, [fn('SELECT 2')]), ['function formstead_probe applied']);
    assert.is((await db.get('SELECT formstead_probe(0) AS v'))?.v, 2);
  } finally {
    await db.close();
  }
});

rules('new arguments without a migration dropping the old signature are refused; with one they apply', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    await apply(db, [fn('SELECT 1')]);
    await apply(db, [fn('SELECT 3', 'p TEXT')]).then(
      () => assert.unreachable('two signatures accepted'),
      (err: Error) => assert.match(err.message, 'function formstead_probe has 2 signatures'),
    );
    assert.is((await db.get('SELECT formstead_probe(0) AS v'))?.v, 1, 'the failed open left everything as it was');
    const drop = { id: 1000, name: 'probe-text', up: 'DROP FUNCTION IF EXISTS formstead_probe(INTEGER)' };
    assert.equal(await apply(db, [fn('SELECT 3', 'p TEXT')], [...pgMigrations, drop]), [
      'function formstead_probe applied',
    ]);
    assert.is((await db.get("SELECT formstead_probe('x') AS v"))?.v, 3);
  } finally {
    await db.close();
  }
});

rules('a database with migrations this version does not know keeps its functions', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    const newer = { id: 1000, name: 'newer', up: 'SELECT 1' };
    await apply(db, [fn('SELECT 5')], [...pgMigrations, newer]);
    assert.equal(await apply(db, [fn('SELECT 1')]), []);
    assert.is((await db.get('SELECT formstead_probe(0) AS v'))?.v, 5);
  } finally {
    await db.close();
  }
});

rules('a function text that does not create the function it is named after is refused', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    await apply(db, [{ name: 'formstead_probe', sql: 'CREATE OR REPLACE FUNCTION formstead_other() ...' }]).then(
      () => assert.unreachable('accepted'),
      (err: Error) => assert.match(err.message, 'does not start with CREATE OR REPLACE FUNCTION formstead_probe('),
    );
  } finally {
    await db.close();
  }
});

rules.run();

stopLast();
