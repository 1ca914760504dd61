// The guard of `formstead migrate`: the list of tables it copies (server/core/store/to-pg/tables.ts)
// accounts for every table, column, serial and type of both schemas as their migrations leave them
// today, read from a real PostgreSQL database and a real (empty) data folder. A migration that adds a
// table or column to either store without a line in the list fails here, and the copy refuses to run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../server/core/store/sqljs/migrations/index.ts';
import { PgDatabase } from '../../server/core/store/pg/db.ts';
import { applyPgMigrations } from '../../server/core/store/pg/migrate.ts';
import { pgMigrations } from '../../server/core/store/pg/migrations/index.ts';
import { planCopy, SchemaMismatch } from '../../server/core/store/to-pg/plan.ts';
import { copiedTables, notCopied } from '../../server/core/store/to-pg/tables.ts';
import { readDataFolder, type DataFolderReader } from '../../server/lib/durable/durable-read.ts';
import { adminQuery, startPostgres } from '../helpers/postgres.ts';

const server = await startPostgres();
await adminQuery(server, 'CREATE DATABASE tables');
const db = new PgDatabase(server.url('tables'), { max: 2 });
await applyPgMigrations(db, pgMigrations, () => {});
const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-to-pg-'));
const source: DataFolderReader = await readDataFolder(dir, migrations, () => {});

/** planCopy's refusal, or a failure when it accepts. */
async function refusal(from = source): Promise<string> {
  try {
    await planCopy(from, db);
  } catch (err) {
    assert.instance(err, SchemaMismatch);
    return (err as Error).message;
  }
  return assert.unreachable('planCopy accepted the schemas') as never;
}

/** Runs `change` on the PostgreSQL schema inside a transaction that is always rolled back. */
async function withTargetChange(change: string, check: (message: string) => void) {
  const client = new pg.Client({ connectionString: server.url('tables') });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(change);
    // planCopy reads through the same connection, so it sees the uncommitted change.
    const message = await (async () => {
      try {
        await planCopy(source, {
          q: async (sql, params) => ({ rows: (await client.query(sql, params)).rows, changes: 0 }),
          get: async (sql, params) => (await client.query(sql, params)).rows[0],
        });
      } catch (err) {
        assert.instance(err, SchemaMismatch);
        return (err as Error).message;
      }
      return assert.unreachable(`planCopy accepted the schema after: ${change}`) as never;
    })();
    check(message);
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

const guard = suite('migrate: every table of both schemas is accounted for');

guard(
  'both schemas as the migrations leave them today: every table is copied or listed as left out, every column planned',
  async () => {
    const plans = await planCopy(source, db);
    assert.equal(
      plans.map((p) => p.table.name),
      copiedTables.map((t) => t.name),
    );
    const sourceTables = source
      .all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .map((r) => r.name);
    const targetTables = (
      await db.q('SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()')
    ).rows.map((r) => r.table_name);
    for (const name of [...sourceTables, ...targetTables])
      assert.ok(copiedTables.some((t) => t.name === name) || name in notCopied, `${name} is handled`);
    // No stale lines: each left-out table exists in one of the schemas.
    for (const name of Object.keys(notCopied))
      assert.ok(sourceTables.includes(name) || targetTables.includes(name), `${name} (left out) exists`);
    // Every source column of every copied table goes somewhere, or is listed as left out with its reason.
    for (const plan of plans) {
      const cols = source.all<{ name: string }>(`PRAGMA table_info("${plan.table.name}")`).map((c) => c.name);
      for (const c of cols)
        assert.ok(
          plan.columns.some((p) => p.name === c) || plan.table.sourceOnly?.[c] !== undefined,
          `${plan.table.name}.${c} planned`,
        );
      for (const c of Object.keys(plan.table.sourceOnly ?? {}))
        assert.not.ok(
          plan.columns.some((p) => p.name === c),
          `${plan.table.name}.${c} is left out`,
        );
    }
    // The log's lines keep their per-form numbers (new ones come from a sequence) and their slots (PostgreSQL's
    // log has slots again since its migration 29).
    const log = plans.find((p) => p.table.name === 'webhook_attempts')!;
    assert.equal(log.columns.map((c) => c.name).sort(), [
      'attempt',
      'channel',
      'created_at',
      'duration_ms',
      'error',
      'form_id',
      'n',
      'next_state',
      'slot',
      'status_code',
      'submission_id',
    ]);
    const booleans = plans.find((p) => p.table.name === 'forms')!.columns.find((c) => c.name === 'moderation_paused')!;
    assert.is(booleans.convert(1), true, 'sql.js 1 becomes true');
    assert.is(booleans.convert(0), false);
    assert.throws(() => booleans.convert(2), /forms\.moderation_paused: 2 is not 0 or 1/);
  },
);

guard('a table PostgreSQL has and the list does not: refused, named', async () => {
  await withTargetChange('CREATE TABLE later_feature (id TEXT PRIMARY KEY)', (m) =>
    assert.match(m, /PostgreSQL table later_feature is not in the copy's list/),
  );
});

guard('a table the data folder has and the list does not: refused, named', async () => {
  const other = mkdtempSync(path.join(os.tmpdir(), 'formstead-to-pg-'));
  const later = { id: 999, name: 'later', up: 'CREATE TABLE later_feature (id TEXT PRIMARY KEY);' };
  const reader = await readDataFolder(other, [...migrations, later], () => {});
  try {
    assert.match(await refusal(reader), /data folder table later_feature is not in the copy's list/);
  } finally {
    await reader.close();
    rmSync(other, { recursive: true, force: true });
  }
});

guard('a PostgreSQL column, serial or type the plan does not know: refused, named', async () => {
  await withTargetChange("ALTER TABLE forms ADD COLUMN later TEXT NOT NULL DEFAULT ''", (m) =>
    assert.match(m, /forms\.later \(PostgreSQL\) has no source in the data folder/),
  );
  await withTargetChange('ALTER TABLE drafts ADD COLUMN n BIGSERIAL', (m) =>
    assert.match(m, /drafts\.n is a serial column the copy does not move/),
  );
  await withTargetChange('ALTER TABLE submissions ALTER COLUMN data TYPE jsonb USING data::jsonb', (m) =>
    assert.match(m, /submissions\.data is jsonb in PostgreSQL, a type the copy does not convert/),
  );
  await withTargetChange('ALTER TABLE files DROP COLUMN type', (m) =>
    assert.match(m, /files\.type is missing from the PostgreSQL schema/),
  );
});

guard('a column listed as not copied that PostgreSQL has after all: refused, named', async () => {
  await withTargetChange('ALTER TABLE forms ADD COLUMN webhook_log_count INTEGER', (m) =>
    assert.match(m, /forms\.webhook_log_count is listed as not copied but PostgreSQL has it/),
  );
});

guard.after(async () => {
  await source.close();
  await db.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

guard.run();
