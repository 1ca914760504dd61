// Copies the rows of an embedded installation into a PostgreSQL database, in one transaction, and
// checks afterwards that every row of the data folder is there.
//
// Which database may receive the copy (docs/decisions.md 2026-11-24 "formstead migrate"): an empty one
// (no Formstead tables, or none holding a row), or one holding this same installation, known by the
// instance secret in `meta` (made once at an installation's first start, copied with it, never
// changed). Anything else is another installation: refused before anything is written, since merging
// two installations' workspaces, owners and secrets would leave neither whole.
//
// Safe to rerun: rows go in with ON CONFLICT DO NOTHING, so a row already there (by any unique key) is
// left as it is and counted as present; a rerun adds only what is missing. Until a server has run on
// the copy: a row deleted there since looks like one not yet copied, and a rerun would bring it back
// (an answer or a form someone deleted, a revoked key). The PostgreSQL store marks the database when a
// server opens it (pg/served-mark.ts), and from then on a rerun is refused.
import { applyPgMigrations } from '../pg/migrate.ts';
import { LockClass, type Param, type PgDatabase, type Queryable } from '../pg/db.ts';
import { pgMigrations } from '../pg/migrations/index.ts';
import { SERVED_MARK } from '../pg/served-mark.ts';
import { ident, planCopy, type SourceSchema, type TablePlan } from './plan.ts';
import type { SqlValue } from '../../../lib/durable/durable-db.ts';
import { TableDigest } from '../to-folder/digest.ts';

/** The embedded database as the copy reads it. */
export interface CopySource extends SourceSchema {
  iterate<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): IterableIterator<T>;
}

/** One table's figures after the copy. */
export interface TableCount {
  table: string;
  /** Rows in the data folder. */
  source: number;
  /** Rows in PostgreSQL after the copy. */
  target: number;
  /** Rows this run inserted. */
  added: number;
  /** Rows of the data folder not found in PostgreSQL by their key, and the first such key. */
  missing: number;
  example?: string;
  /** Whether every copied column of every row is the same on both sides (to-folder/digest.ts). */
  same: boolean;
}

/** The target may not receive the copy (another installation, or a server has run on it): nothing was written. */
export class RefusedTarget extends Error {}

// A statement may carry at most 65535 parameters; this keeps each INSERT well below, and short.
const MAX_PARAMS = 20_000;
const MAX_ROWS = 500;

/**
 * Applies the PostgreSQL migrations, copies every table of tables.ts, moves the sequences past the
 * copied numbers, then counts. Throws RefusedTarget (before any write) when the target holds another
 * installation or a server has run on it, SchemaMismatch when the schemas are not the ones tables.ts
 * describes.
 */
export async function copyToPostgres(source: CopySource, db: PgDatabase): Promise<TableCount[]> {
  const secret = sourceSecret(source);
  // Checked before the migrations too, so a refused target is not even migrated.
  await checkInstallation(db, secret);
  await applyPgMigrations(db, pgMigrations, () => {});
  const plans = await planCopy(source, db);
  const added = await db.tx(async (tx) => {
    // The migrations' lock: an instance starting on this database meanwhile waits until the copy is in
    // (and then reads the copied instance secret instead of making its own).
    await tx.q('SELECT pg_advisory_xact_lock($1, 0)', [LockClass.migrations]);
    await checkInstallation(tx, secret);
    const added = new Map<string, number>();
    for (const plan of plans) added.set(plan.table.name, await copyTable(source, tx, plan));
    for (const plan of plans)
      if (plan.table.serial)
        await moveSequence(tx, plan.table.name, plan.table.serial.column, usedNumbers(source, plan.table.name));
    return added;
  });
  const counts: TableCount[] = [];
  for (const plan of plans) counts.push({ ...(await check(source, db, plan)), added: added.get(plan.table.name) ?? 0 });
  return counts;
}

/** Throws RefusedTarget when `db` may not receive the copy (see the top of this file); writes nothing. */
export async function checkTarget(source: SourceSchema, db: Queryable): Promise<void> {
  await checkInstallation(db, sourceSecret(source));
}

const sourceSecret = (source: SourceSchema) =>
  source.all<{ value: string }>("SELECT value FROM meta WHERE key = 'instance_secret'")[0]?.value;

/**
 * Refuses (RefusedTarget) a target that holds rows of an installation other than the one with `secret`, or that a
 * server has run on.
 */
async function checkInstallation(db: Queryable, secret: string | undefined): Promise<void> {
  if (!(await db.get("SELECT to_regclass('meta') IS NOT NULL AS present"))?.present) return; // no Formstead tables yet
  const theirs = (await db.get("SELECT value FROM meta WHERE key = 'instance_secret'"))?.value as string | undefined;
  if (theirs !== undefined && theirs === secret) {
    const served = (await db.get('SELECT value FROM meta WHERE key = $1', [SERVED_MARK]))?.value as string | undefined;
    if (served === undefined) return;
    throw new RefusedTarget(
      `a Formstead server has run on this copy since ${served}; a rerun is refused, ` +
        'since it cannot tell what was deleted there from what is not yet copied and would bring deleted answers ' +
        'and forms back; nothing was written (the first run checked that everything arrived)',
    );
  }
  if (theirs !== undefined) {
    throw new RefusedTarget(
      "the database already holds another Formstead installation (its instance secret is not this data folder's); " +
        'nothing was written: copy into a new, empty database',
    );
  }
  const tables = (
    await db.q(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = ' +
        "'BASE TABLE' AND table_name NOT IN ('schema_migrations', 'job_ticks')",
    )
  ).rows;
  for (const { table_name } of tables) {
    if (await db.get(`SELECT 1 FROM ${ident(table_name)} LIMIT 1`)) {
      throw new RefusedTarget(
        `the database already holds data (table ${table_name}) but no Formstead installation this data folder made; ` +
          'nothing was written: copy into a new, empty database',
      );
    }
  }
}

/**
 * Inserts every row of one table, a page at a time in rowid order (so memory holds one page, and the
 * sql.js cursor is never held across an await); answers how many rows were new.
 */
async function copyTable(source: CopySource, tx: Queryable, plan: TablePlan): Promise<number> {
  const { columns } = plan;
  const perPage = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  const head = `INSERT INTO ${ident(plan.table.name)} (${columns.map((c) => ident(c.name)).join(', ')}) VALUES `;
  const select =
    `SELECT rowid AS _rowid, ${columns.map((c, i) => `${c.from} AS c${i}`).join(', ')} ` +
    `FROM ${ident(plan.table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ?`;
  let added = 0;
  // Rowids are positive (SQLite numbers them from 1), so every row comes after 0.
  for (let after = 0; ; ) {
    const page = source.all<Record<string, SqlValue>>(select, [after, perPage]);
    if (page.length === 0) return added;
    const params: Param[] = [];
    const tuples = page.map(
      (r) =>
        `(${columns
          .map((c, i) => {
            params.push(c.convert(r[`c${i}`]));
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    added += (await tx.q(`${head}${tuples.join(', ')} ON CONFLICT DO NOTHING`, params)).changes;
    after = page[page.length - 1]._rowid as number;
  }
}

/**
 * The highest number SQLite's AUTOINCREMENT has handed out for a table (0 if none): numbers of rows
 * deleted since are not reused there, and must not be on PostgreSQL either (a form's response-mail
 * mark and page cursors hold submission numbers).
 */
function usedNumbers(source: SourceSchema, table: string): number {
  const hasCounters =
    source.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").length > 0;
  return (
    (hasCounters && source.all<{ seq: number }>('SELECT seq FROM sqlite_sequence WHERE name = ?', [table])[0]?.seq) || 0
  );
}

/** Moves a serial column's sequence past the highest number in the table and `used` (never backwards). */
async function moveSequence(tx: Queryable, table: string, column: string, used: number): Promise<void> {
  const seq = (await tx.get('SELECT pg_get_serial_sequence($1, $2) AS name', [table, column]))?.name as string | null;
  if (!seq) throw new Error(`${table}.${column} has no sequence`);
  const inTable =
    ((await tx.get(`SELECT max(${ident(column)}) AS max FROM ${ident(table)}`))?.max as number | null) ?? 0;
  const highest = Math.max(inTable, used);
  if (highest === 0) return;
  const at = await tx.get(`SELECT last_value, is_called FROM ${seq}`);
  const next = Number(at!.last_value) + (at!.is_called ? 1 : 0);
  if (highest >= next) await tx.q('SELECT setval($1, $2, true)', [seq, highest]);
}

/** Counts one table on both sides and looks every source row up in PostgreSQL by its key. */
async function check(source: CopySource, db: PgDatabase, plan: TablePlan): Promise<Omit<TableCount, 'added'>> {
  const { name, key } = plan.table;
  const sourceDigest = new TableDigest();
  const columns = plan.columns.map((c) => `${c.from} AS ${ident(c.name)}`).join(', ');
  for (const r of source.iterate<Record<string, SqlValue>>(`SELECT ${columns} FROM ${ident(name)}`))
    sourceDigest.add(plan.columns.map((c) => r[c.name]));
  const targetDigest = new TableDigest();
  for (const r of (await db.q(`SELECT ${plan.columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(name)}`)).rows)
    targetDigest.add(plan.columns.map((c) => r[c.name]));
  const keyList = key.map(ident).join(', ');
  const present = new Set(
    (await db.q(`SELECT ${keyList} FROM ${ident(name)}`)).rows.map((r) => JSON.stringify(key.map((k) => r[k]))),
  );
  let sourceRows = 0;
  let missing = 0;
  let example: string | undefined;
  for (const r of source.iterate<Record<string, SqlValue>>(`SELECT ${keyList} FROM ${ident(name)}`)) {
    sourceRows++;
    const k = JSON.stringify(key.map((c) => r[c]));
    if (present.has(k)) continue;
    missing++;
    example ??= key.map((c, i) => `${c} ${JSON.parse(k)[i]}`).join(', ');
  }
  return {
    table: name,
    source: sourceRows,
    target: present.size,
    missing,
    example,
    same: sourceDigest.hex() === targetDigest.hex(),
  };
}
