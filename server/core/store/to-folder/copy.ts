// Copies a PostgreSQL installation into a new data folder (`formstead migrate --to-folder`): the way back
// from to-pg/copy.ts. The column plan is the same one (to-pg/plan.ts, read against both schemas as they
// are), so a table or column either store gains without a line in to-pg/tables.ts stops this copy too.
//
// What PostgreSQL keeps differently is folded back the way the data folder keeps it:
// - counts inserts left in form_counts and usage_counts are added into forms.submission_count and usage;
// - the delivery log's lines are numbered per form again (1, 2, ...), each in slot n % log size, and the
//   form's webhook_log_count is its number of lines, so the ring goes on where it stands;
// - serial numbers the data folder takes from rowid (members, outbox, spam) are written in their order;
// - PostgreSQL's own tables (job ticks, rate buckets, count slots) and its served mark are left out.
// Everything is read in one REPEATABLE READ transaction, so the copy is one moment of the database even
// if a stray instance still writes; every table's checksum (digest.ts) is then compared on both sides.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import type { PgDatabase, Queryable } from '../pg/db.ts';
import { SERVED_MARK } from '../pg/served-mark.ts';
import type { TableCount } from '../to-pg/copy.ts';
import { ident, planCopy, type TablePlan } from '../to-pg/plan.ts';
import { TableDigest } from './digest.ts';

/** The target folder's database already holds rows: nothing was written. */
export class FolderNotEmpty extends Error {}

const PAGE_ROWS = 500;

/** How one table is read from PostgreSQL: the FROM clause, and an expression per data-folder column. */
interface ReadPlan {
  table: string;
  from: string;
  columns: { name: string; expr: string }[];
  order: string;
  where?: string;
}

/** A table's figures, with whether its checksums agree. */
export interface FolderTableCount extends Omit<TableCount, 'added' | 'missing' | 'example' | 'same'> {
  sourceDigest: string;
  targetDigest: string;
}

/**
 * Copies every table into `folder` (a data folder just made by the store's migrations), then compares each
 * table's row count and checksum. Throws FolderNotEmpty when the folder holds rows already.
 */
export async function copyToFolder(
  db: PgDatabase,
  folder: DurableDatabase,
  logSize: number,
): Promise<FolderTableCount[]> {
  const plans = await planCopy(folder, db);
  for (const plan of plans) {
    const taken = folder.get(`SELECT 1 AS one FROM ${ident(plan.table.name)} LIMIT 1`);
    if (taken && plan.table.name !== 'meta')
      throw new FolderNotEmpty(`the data folder already holds data (table ${plan.table.name}); nothing was written`);
  }
  const reads = plans.map((plan) => readPlan(plan, logSize));
  return db.tx(async (tx) => {
    // One moment of the database, read only: the copy never changes the source.
    await tx.q('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // Migrations may have seeded rows of their own (meta); the copy's rows replace them.
    await folder.write((w) => {
      w.run('DELETE FROM meta');
    });
    const counts: FolderTableCount[] = [];
    for (const read of reads) counts.push(await copyTable(tx, folder, read));
    return counts;
  });
}

/** The PostgreSQL query that gives a table's rows as the data folder keeps them. */
function readPlan(plan: TablePlan, logSize: number): ReadPlan {
  const { table } = plan;
  const columns = plan.columns
    .filter((c) => c.from !== 'rowid')
    .map((c) => ({ name: c.name, expr: `t.${ident(c.name)}` }));
  const set = (name: string, expr: string) => {
    const at = columns.findIndex((c) => c.name === name);
    if (at >= 0) columns[at] = { name, expr };
    else columns.push({ name, expr });
  };
  // Rows whose data-folder serial comes from rowid are written in serial order, so rowid keeps it.
  const byRowid = table.serial?.from === 'rowid' ? table.serial.column : undefined;
  const order = (byRowid ? [byRowid] : table.serial ? [table.serial.column] : table.key).map((k) => `t.${ident(k)}`);
  let from = `${ident(table.name)} t`;
  let where: string | undefined;
  if (table.name === 'forms') {
    set(
      'submission_count',
      't.submission_count + (SELECT COALESCE(sum(c.n), 0) FROM form_counts c WHERE c.form_id = t.id)',
    );
    set('webhook_log_count', '(SELECT count(*) FROM webhook_attempts a WHERE a.form_id = t.id)');
  } else if (table.name === 'usage') {
    from =
      '(SELECT workspace_id, month, sum(submissions) AS submissions FROM (SELECT workspace_id, month, submissions ' +
      'FROM usage UNION ALL SELECT workspace_id, month, n FROM usage_counts) u GROUP BY workspace_id, month) t';
  } else if (table.name === 'webhook_attempts') {
    // At most logSize lines a form (PostgreSQL overwrites its oldest): numbered 1..k per form in their order.
    const n = 'row_number() OVER (PARTITION BY t.form_id ORDER BY t.n)';
    set('n', n);
    set('slot', `(${n}) % ${Number(logSize)}`);
  } else if (table.name === 'meta') {
    where = `t.key <> '${SERVED_MARK}'`;
  }
  return { table: table.name, from, columns, order: order.join(', '), where };
}

/** Copies one table a page at a time and compares its count and checksum on both sides. */
async function copyTable(tx: Queryable, folder: DurableDatabase, read: ReadPlan): Promise<FolderTableCount> {
  const names = read.columns.map((c) => c.name);
  const select =
    `SELECT ${read.columns.map((c, i) => `${c.expr} AS c${i}`).join(', ')} FROM ${read.from}` +
    `${read.where ? ` WHERE ${read.where}` : ''} ORDER BY ${read.order}`;
  const placeholders = names.map(() => '?').join(', ');
  const insert = `INSERT INTO ${ident(read.table)} (${names.map(ident).join(', ')}) VALUES (${placeholders})`;
  const source = new TableDigest();
  // Pages by OFFSET inside one REPEATABLE READ transaction: the rows cannot move between pages.
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = (await tx.q(`${select} LIMIT ${PAGE_ROWS} OFFSET ${offset}`)).rows;
    if (page.length === 0) break;
    const rows = page.map((r) => names.map((_, i) => toEmbedded(r[`c${i}`])));
    for (const row of rows) source.add(row);
    await folder.write((w) => {
      for (const row of rows) w.run(insert, row);
    });
  }
  const target = new TableDigest();
  for (const row of folder.iterate<Record<string, SqlValue>>(
    `SELECT ${names.map(ident).join(', ')} FROM ${ident(read.table)}`,
  ))
    target.add(names.map((n) => row[n]));
  return {
    table: read.table,
    source: source.rows,
    target: target.rows,
    sourceDigest: source.hex(),
    targetDigest: target.hex(),
  };
}

/** A PostgreSQL value as the data folder stores it: booleans 0/1, numbers and text as they are. */
function toEmbedded(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error(`a value of a kind the data folder does not store: ${typeof value}`);
}
