// Logical journal records: a write transaction is stored as the statements it ran, to be run again on
// replay. Encoded as JSON; a Uint8Array parameter becomes {"b": "<base64>"} since JSON has no bytes, and a
// parameter marked as JSON text becomes {"j": <the JSON itself>} (see JournalStatement).
import { jsonString } from '../json-string.ts';
import { StorageError } from '../storage-error.ts';

/** A value SQLite can store and sql.js can bind. */
export type SqlValue = string | number | null | Uint8Array;

/**
 * One journaled statement: [sql, params] for a single prepared statement, [script] for a migration script.
 * `json` is the index of a parameter that is a text JSON.stringify made (an answer's values): the journal
 * carries it as that JSON, not as a string holding it escaped again, and replay binds JSON.stringify of what
 * it reads, which is the same text (JSON.stringify of JSON.parse of JSON.stringify's text gives that text back:
 * its numbers, escapes and key order are the ones it makes). Any other text there would not come back as it was.
 */
export type JournalStatement = [sql: string, params: SqlValue[], json?: number] | [script: string];

type EncodedValue = string | number | null | { b: string } | { j: unknown };

/**
 * Rejects parameters whose journal form would not replay to the same bound value: undefined, booleans,
 * bigints, NaN and the infinities (JSON turns several of them into null, sql.js binds them otherwise).
 */
export function checkParams(sql: string, params: readonly unknown[]): asserts params is SqlValue[] {
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    const ok =
      v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Uint8Array;
    if (!ok) {
      throw new TypeError(
        `Parameter ${i + 1} of "${sql.slice(0, 80)}" is ${String(v)} (${typeof v}); ` +
          'use a string, a finite number, null or a Uint8Array.',
      );
    }
  }
}

/** checkParams of each statement (a script has none), in a plain loop: it runs for every submission. */
export function checkStatements(statements: readonly JournalStatement[]): void {
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i];
    if (s.length > 1) checkParams(s[0], s[1]!);
  }
}

/** One transaction ready for JournalWriter.append (encodeTransaction, encodeBehind). */
export interface JournalRecord {
  /** Its statements' JSON, with SQL texts as numbers. */
  text: string;
  /** The numbers `text` uses, each once, for encodeFramePayload. */
  sql: number[];
}

/**
 * The JSON text of one transaction's statements, `[[sql, params], [script], …]`, except that the SQL of a
 * statement with parameters is a number (`[3, params]`), with the numbers it uses. Each frame carries the
 * text of the numbers its records use, once (encodeFramePayload): write statements are a fixed set of texts
 * of a few hundred bytes, and a submission's record was ~40 % SQL text before (docs/performance.md, "The
 * journal names its SQL by number"). Params without bytes are stringified as they are, with no copy.
 */
export function encodeTransaction(statements: readonly JournalStatement[]): JournalRecord {
  let text = '[';
  const sql: number[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i];
    if (i > 0) text += ',';
    if (s.length === 1) {
      text += `[${JSON.stringify(s[0])}]`;
      continue;
    }
    const ref = sqlNumber(s[0]);
    if (ref !== undefined && !sql.includes(ref)) sql.push(ref);
    text += `[${ref ?? JSON.stringify(s[0])},${encodeParams(s[1], s[2])}]`;
  }
  return { text: `${text}]`, sql };
}

/**
 * A statement's params as JSON, the one at `json` (a JSON text) as `{"j":<that text>}`: JSON.stringify escaped a
 * text of JSON at ~2 ns a character, more than the rest of a submission's record took together
 * (docs/performance.md, "session 5"). Written value by value, the same text JSON.stringify makes, without its
 * calls on slices of the row cut open again (docs/performance.md, "The journal record and the chain link, session 8").
 */
function encodeParams(params: readonly SqlValue[], json: number | undefined): string {
  let text = '[';
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (i > 0) text += ',';
    if (typeof v === 'string') text += i === json ? `{"j":${v}}` : jsonString(v);
    else if (typeof v === 'number')
      text += String(v); // JSON.stringify's text of a finite number (checkParams)
    else if (v === null) text += 'null';
    else text += `{"b":"${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')}"}`;
  }
  return `${text}]`;
}

// The numbers of the SQL texts this process has journaled, never reused, and each one's quoted text. Write
// statements are a fixed set written in the code; past the bound (a caller that builds SQL text on the fly)
// a statement is journaled with its text, as every statement was before.
const SQL_NUMBERS_MAX = 1000;
const numberBySql = new Map<string, number>();
const quotedSql: string[] = [];

function sqlNumber(sql: string): number | undefined {
  let ref = numberBySql.get(sql);
  if (ref === undefined && quotedSql.length < SQL_NUMBERS_MAX) {
    ref = quotedSql.length;
    quotedSql.push(JSON.stringify(sql));
    numberBySql.set(sql, ref);
  }
  return ref;
}

/**
 * A write journaled before it runs (DurableDatabase.writeBehind): `{"behind": [...]}`, the statements as
 * encodeTransaction writes them. Replay runs it like any other, except that a failure undoes that write
 * alone and goes on, as memory did when it ran it (durable-memory.ts, settle).
 */
export function encodeBehind(statements: readonly JournalStatement[]): JournalRecord {
  const record = encodeTransaction(statements);
  return { text: `{"behind":${record.text}}`, sql: record.sql };
}

/**
 * The payload of one frame: `{"sql": {"3": "INSERT …", …}, "tx": [record, …]}`, the text of every SQL number
 * its records use, then the records. Numbers mean something only inside their frame, so a frame is read alone,
 * as before: a torn or cut-off frame takes nothing of the others with it. A frame of records that use no
 * number is the plain list `[record, …]`, the only shape before 2026-11-27, which decodeFrame still reads.
 */
export function encodeFramePayload(records: readonly (JournalRecord | string)[]): string {
  const used = new Set<number>();
  let tx = '';
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (i > 0) tx += ',';
    if (typeof r === 'string') tx += r;
    else {
      tx += r.text;
      for (const ref of r.sql) used.add(ref);
    }
  }
  if (used.size === 0) return `[${tx}]`;
  let sql = '';
  for (const ref of used) sql += `${sql ? ',' : ''}"${ref}":${quotedSql[ref]}`;
  return `{"sql":{${sql}},"tx":[${tx}]}`;
}

/** One journaled transaction read back: its statements, and whether it was written behind (encodeBehind). */
export interface JournalTx {
  statements: JournalStatement[];
  behind: boolean;
}

/** The transactions in one journal frame payload (encodeFramePayload), in commit order. */
export function decodeFrame(payload: Buffer, where: string): JournalTx[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    // The frame's checksum matched, so this is not disk damage but a writer bug or a foreign file.
    throw new StorageError('journal_corrupt', `${where}: the record is not valid JSON (${(err as Error).message}).`);
  }
  const { records, sql } = frameParts(parsed, where);
  return records.map((record: unknown): JournalTx => {
    const behind = isPlainObject(record);
    const tx = behind ? (record as { behind?: unknown }).behind : record;
    if (!Array.isArray(tx))
      throw new StorageError('journal_corrupt', `${where}: a transaction is not a list of statements.`);
    return { statements: tx.map((s: unknown) => decodeStatement(s, sql, where)), behind };
  });
}

/** A payload's records and its SQL texts by number: `{"sql": {...}, "tx": [...]}`, or a plain list with none. */
function frameParts(parsed: unknown, where: string): { records: unknown[]; sql: Record<string, unknown> } {
  if (Array.isArray(parsed)) return { records: parsed, sql: {} };
  const frame = parsed as { sql?: unknown; tx?: unknown } | null;
  if (frame !== null && typeof frame === 'object' && Array.isArray(frame.tx) && isPlainObject(frame.sql))
    return { records: frame.tx, sql: frame.sql };
  throw new StorageError('journal_corrupt', `${where}: the record is not a list of transactions.`);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function decodeStatement(s: unknown, sql: Record<string, unknown>, where: string): JournalStatement {
  if (Array.isArray(s) && typeof s[0] === 'string') {
    if (s.length === 1) return [s[0]];
    if (s.length === 2 && Array.isArray(s[1])) return [s[0], s[1].map(decodeValue)];
  }
  if (Array.isArray(s) && s.length === 2 && typeof s[0] === 'number' && Array.isArray(s[1])) {
    const text = Object.hasOwn(sql, s[0]) ? sql[s[0]] : undefined;
    if (typeof text !== 'string')
      throw new StorageError(
        'journal_corrupt',
        `${where}: a statement names SQL ${s[0]}, which its frame does not hold.`,
      );
    return [text, s[1].map(decodeValue)];
  }
  throw new StorageError('journal_corrupt', `${where}: a statement is not [sql, params] or [script].`);
}

function decodeValue(v: EncodedValue): SqlValue {
  if (v === null || typeof v !== 'object') return v;
  // A JSON text journaled as its value (encodeParams): stringified again, it is the text that was bound.
  if ('j' in v) return JSON.stringify(v.j);
  return new Uint8Array(Buffer.from(v.b, 'base64'));
}
