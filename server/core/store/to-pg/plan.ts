// The column-by-column plan of a copy from the embedded schema into the PostgreSQL one, made by reading
// both schemas as they are (after their migrations) against the list in tables.ts. Any table, column,
// serial or type the list and the converters below do not account for is a mismatch: the copy stops
// before writing anything, naming each one.
import type { SqlValue } from '../../../lib/durable/durable-db.ts';
import type { Param, Queryable } from '../pg/db.ts';
import { copiedTables, notCopied, type CopiedTable } from './tables.ts';

/** What the plan reads from the embedded database. */
export interface SourceSchema {
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[];
}

/** One PostgreSQL column filled from an embedded expression. */
export interface PlannedColumn {
  name: string;
  /** The embedded SELECT expression (a quoted column, or rowid). */
  from: string;
  convert(value: SqlValue): Param;
}

/** How one table is copied. */
export interface TablePlan {
  table: CopiedTable;
  columns: PlannedColumn[];
}

/** The schemas disagree with tables.ts; the message names every difference. */
export class SchemaMismatch extends Error {}

/** Quotes an identifier for either database (both take "double quotes"). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Convert = (value: SqlValue, where: string) => Param;

const notA = (type: string, value: SqlValue, where: string) =>
  new Error(`${where}: ${JSON.stringify(value instanceof Uint8Array ? '<bytes>' : value).slice(0, 40)} is not ${type}`);
const integer: Convert = (v, where) => {
  if (v === null || Number.isSafeInteger(v)) return v as number | null;
  throw notA('a whole number', v, where);
};

/**
 * PostgreSQL column types the copy fills, each from the embedded (SQLite) declared types it accepts.
 * Times and JSON are TEXT in both schemas (ISO strings and JSON text read back byte for byte); sql.js
 * keeps booleans as 0/1; no column holds bytes (files live on disk). A new type here needs a converter.
 */
const converters: Record<string, { from: string[]; convert: Convert }> = {
  text: {
    from: ['TEXT'],
    convert: (v, where) => {
      if (v === null || typeof v === 'string') return v;
      throw notA('text', v, where);
    },
  },
  integer: { from: ['INTEGER'], convert: integer },
  bigint: { from: ['INTEGER'], convert: integer },
  boolean: {
    from: ['INTEGER'],
    convert: (v, where) => {
      if (v === null) return null;
      if (v === 0 || v === 1) return v === 1;
      throw notA('0 or 1', v, where);
    },
  },
};

/** Tables (not views) of each schema, with their columns. */
async function readSchemas(source: SourceSchema, target: Queryable) {
  const sourceTables = new Map<string, Map<string, string>>();
  for (const { name } of source.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  )) {
    const cols = source.all<{ name: string; type: string }>(`PRAGMA table_info(${ident(name)})`);
    sourceTables.set(name, new Map(cols.map((c) => [c.name, c.type.toUpperCase()])));
  }
  const targetTables = new Map<string, Map<string, { type: string; serial: boolean }>>();
  const tables = await target.q(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE " +
      "TABLE'",
  );
  for (const r of tables.rows) targetTables.set(r.table_name, new Map());
  const cols = await target.q(
    'SELECT table_name, column_name, data_type, column_default, is_identity FROM information_schema.columns ' +
      'WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position',
  );
  for (const c of cols.rows) {
    const serial = c.is_identity === 'YES' || /^nextval\(/.test(c.column_default ?? '');
    targetTables.get(c.table_name)?.set(c.column_name, { type: c.data_type, serial });
  }
  return { sourceTables, targetTables };
}

/** The plan for every table of tables.ts, or SchemaMismatch naming what the list does not cover. */
export async function planCopy(source: SourceSchema, target: Queryable): Promise<TablePlan[]> {
  const { sourceTables, targetTables } = await readSchemas(source, target);
  const problems: string[] = [];
  const listed = new Set([...copiedTables.map((t) => t.name), ...Object.keys(notCopied)]);
  for (const [side, tables] of [
    ['data folder', sourceTables],
    ['PostgreSQL', targetTables],
  ] as const) {
    for (const name of tables.keys())
      if (!listed.has(name)) problems.push(`${side} table ${name} is not in the copy's list`);
  }
  const plans: TablePlan[] = [];
  for (const table of copiedTables) {
    const src = sourceTables.get(table.name);
    const dst = targetTables.get(table.name);
    if (!src || !dst) {
      problems.push(`table ${table.name} is missing from the ${src ? 'PostgreSQL' : 'data folder'} schema`);
      continue;
    }
    const columns: PlannedColumn[] = [];
    const planned = new Set<string>();
    const add = (name: string, from: string, sourceType: string) => {
      const target = dst.get(name);
      if (!target) return problems.push(`${table.name}.${name} is missing from the PostgreSQL schema`);
      const conv = converters[target.type];
      if (!conv)
        return problems.push(`${table.name}.${name} is ${target.type} in PostgreSQL, a type the copy does not convert`);
      if (!conv.from.includes(sourceType))
        return problems.push(
          `${table.name}.${name} is ${sourceType} in the data folder but ${target.type} in PostgreSQL`,
        );
      const where = `${table.name}.${name}`;
      planned.add(name);
      columns.push({ name, from, convert: (v) => conv.convert(v, where) });
    };
    for (const [name, type] of src) {
      if (table.sourceOnly?.[name] === undefined) {
        if (name !== table.serial?.column || !table.serial.from) add(name, ident(name), type);
      } else if (dst.has(name)) problems.push(`${table.name}.${name} is listed as not copied but PostgreSQL has it`);
    }
    for (const name of Object.keys(table.sourceOnly ?? {}))
      if (!src.has(name))
        problems.push(`${table.name}.${name} is listed as not copied but the data folder does not have it`);
    if (table.serial?.from) add(table.serial.column, table.serial.from, 'INTEGER');
    for (const [name, col] of dst) {
      if (col.serial && name !== table.serial?.column)
        problems.push(`${table.name}.${name} is a serial column the copy does not move`);
      if (!planned.has(name) && !table.targetOnly?.[name])
        problems.push(`${table.name}.${name} (PostgreSQL) has no source in the data folder`);
    }
    if (table.serial && !dst.get(table.serial.column)?.serial)
      problems.push(`${table.name}.${table.serial.column} is not a serial column in PostgreSQL`);
    for (const k of table.key) if (!planned.has(k)) problems.push(`${table.name}: key column ${k} is not copied`);
    plans.push({ table, columns });
  }
  if (problems.length > 0)
    throw new SchemaMismatch(`this version of formstead migrate does not know how to copy: ${problems.join('; ')}`);
  return plans;
}
