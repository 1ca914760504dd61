// Applies the PostgreSQL migrations at open, then the functions (functions/index.ts): one transaction
// under an advisory lock, so instances starting together take turns and the second finds the work done.
import { createHash } from 'node:crypto';
import { LockClass, type PgDatabase, type Queryable } from './db.ts';
import { type PgFunction, pgFunctions } from './functions/index.ts';
import type { PgMigration } from './migrations/types.ts';

/**
 * Applies, in id order, every migration not yet recorded in schema_migrations, then every function whose
 * text differs from the one last applied (see applyPgFunctions); returns the migration ids applied now.
 */
export async function applyPgMigrations(
  db: PgDatabase,
  migrations: PgMigration[],
  log: (line: string) => void,
  functions: PgFunction[] = pgFunctions,
): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  ordered.forEach((m, i) => {
    if (!Number.isInteger(m.id) || m.id <= 0)
      throw new Error(`Migration "${m.name}" has id ${m.id}; ids are positive integers.`);
    if (i > 0 && ordered[i - 1].id === m.id) throw new Error(`Two migrations have id ${m.id}.`);
  });
  checkFunctions(functions);
  return db.tx(async (tx) => {
    // Held until COMMIT: a second instance waits here, then sees every migration recorded. All of it is
    // one transaction (PostgreSQL's DDL is transactional), so a failed migration leaves nothing half done.
    await tx.q('SELECT pg_advisory_xact_lock($1, 0)', [LockClass.migrations]);
    await tx.q(
      `CREATE TABLE IF NOT EXISTS schema_migrations
        (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const applied = new Set((await tx.q('SELECT id FROM schema_migrations')).rows.map((r) => r.id as number));
    const unknown = [...applied].filter((id) => !ordered.some((m) => m.id === id));
    if (unknown.length > 0)
      log(
        `the database has migrations this version does not know (${unknown.join(', ')}): ` +
          'was it opened by a newer Formstead? Its functions are left as that version made them',
      );
    const done: number[] = [];
    for (const m of ordered) {
      if (applied.has(m.id)) continue;
      await tx.q(m.up);
      await tx.q('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      log(`migration ${m.id} (${m.name}) applied`);
      done.push(m.id);
    }
    // A newer version's functions fit its schema; this version's older text would undo them.
    if (unknown.length === 0) await applyPgFunctions(tx, functions, log);
    return done;
  });
}

/** Each function's name is a plain identifier and its text creates that function, once. */
function checkFunctions(functions: PgFunction[]) {
  const names = new Set<string>();
  for (const f of functions) {
    if (!/^formstead_[a-z0-9_]+$/.test(f.name))
      throw new Error(`Function name "${f.name}" is not formstead_[a-z0-9_]+.`);
    if (names.has(f.name)) throw new Error(`Two functions are named ${f.name}.`);
    names.add(f.name);
    if (!new RegExp(`^\\s*CREATE OR REPLACE FUNCTION ${f.name}\\s*\\(`, 'i').test(f.sql))
      throw new Error(`The text of function ${f.name} does not start with CREATE OR REPLACE FUNCTION ${f.name}(.`);
  }
}

/** The comment on a function that records which text made it. */
const stamp = (hash: string) => `formstead sha256 ${hash}`;

/**
 * Runs the text of every function whose SHA-256 differs from the one recorded on the function in the
 * database (in its comment, COMMENT ON FUNCTION: the record goes with the function, so a function dropped
 * by a migration or by hand is created again, and it adds no table to the schema `formstead migrate`
 * copies). A database whose functions a migration made before they moved to functions/ has no record
 * yet: each is replaced once. Runs inside the migrations' transaction and lock.
 */
async function applyPgFunctions(tx: Queryable, functions: PgFunction[], log: (line: string) => void) {
  if (functions.length === 0) return;
  const inSchema = `p.pronamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())
    AND p.proname = ANY($1::text[])`;
  const present = new Map<string, string[]>();
  const rows = await tx.q(
    `SELECT p.proname AS name, obj_description(p.oid, 'pg_proc') AS comment FROM pg_proc p WHERE ${inSchema}`,
    [functions.map((f) => f.name)],
  );
  for (const r of rows.rows) present.set(r.name, [...(present.get(r.name) ?? []), r.comment ?? '']);
  for (const f of functions) {
    const hash = createHash('sha256').update(f.sql).digest('hex');
    const comments = present.get(f.name) ?? [];
    if (comments.length === 1 && comments[0] === stamp(hash)) continue;
    await tx.q(f.sql);
    const count = (await tx.get(`SELECT count(*) AS n FROM pg_proc p WHERE ${inSchema}`, [[f.name]]))?.n;
    if (count !== 1)
      throw new Error(
        `function ${f.name} has ${count} signatures in the database: a change of its arguments or result ` +
          'needs a migration that drops the old one (DROP FUNCTION IF EXISTS, server/core/store/pg/functions)',
      );
    await tx.q(`COMMENT ON FUNCTION ${f.name} IS '${stamp(hash)}'`);
    log(`function ${f.name} applied`);
  }
}
