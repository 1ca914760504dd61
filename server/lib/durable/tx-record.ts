// Logical journal records: a write transaction is stored as the statements it ran, to be run again on
// replay. Encoded as JSON; a Uint8Array parameter becomes {"b": "<base64>"} since JSON has no bytes.
import { StorageError } from '../storage-error.ts';

/** A value SQLite can store and sql.js can bind. */
export type SqlValue = string | number | null | Uint8Array;

/** One journaled statement: [sql, params] for a single prepared statement, [script] for a migration script. */
export type JournalStatement = [sql: string, params: SqlValue[]] | [script: string];

type EncodedValue = string | number | null | { b: string };

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

/**
 * The JSON text of one transaction's statements, ready for JournalWriter.append. Byte for byte what
 * JSON.stringify gives for `[[sql, params], [script], …]`, built piece by piece so that the quoted SQL
 * of each statement (a few hundred bytes a submission, the same text every time) is escaped once and
 * reused, and params without bytes are stringified as they are, with no copy (docs/performance.md).
 */
export function encodeTransaction(statements: readonly JournalStatement[]): string {
  let text = '[';
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i];
    if (i > 0) text += ',';
    text +=
      s.length === 1
        ? `[${JSON.stringify(s[0])}]`
        : `[${quotedSql(s[0])},${JSON.stringify(s[1].some(isBytes) ? s[1].map(encodeValue) : s[1])}]`;
  }
  return `${text}]`;
}

// The quoted form of each statement's SQL. Write statements are a fixed set written in the code; the
// bound keeps a caller that builds SQL text on the fly from growing it without end.
const QUOTED_SQL_MAX = 1000;
const quotedSqls = new Map<string, string>();

function quotedSql(sql: string): string {
  let quoted = quotedSqls.get(sql);
  if (quoted === undefined) {
    quoted = JSON.stringify(sql);
    if (quotedSqls.size >= QUOTED_SQL_MAX) quotedSqls.clear();
    quotedSqls.set(sql, quoted);
  }
  return quoted;
}

const isBytes = (v: SqlValue) => v instanceof Uint8Array;

const encodeValue = (v: SqlValue): EncodedValue =>
  v instanceof Uint8Array ? { b: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') } : v;

/**
 * The JSON text of a write journaled before it runs (DurableDatabase.writeBehind): `{"behind": [...]}`, the
 * statements as encodeTransaction writes them. Replay runs it like any other, except that a failure undoes that
 * write alone and goes on, as memory did when it ran it (durable-memory.ts, settle).
 */
export function encodeBehind(statements: readonly JournalStatement[]): string {
  return `{"behind":${encodeTransaction(statements)}}`;
}

/** One journaled transaction read back: its statements, and whether it was written behind (encodeBehind). */
export interface JournalTx {
  statements: JournalStatement[];
  behind: boolean;
}

/** The transactions in one journal frame payload, in commit order. */
export function decodeFrame(payload: Buffer, where: string): JournalTx[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString('utf8'));
  } catch (err) {
    // The frame's checksum matched, so this is not disk damage but a writer bug or a foreign file.
    throw new StorageError('journal_corrupt', `${where}: the record is not valid JSON (${(err as Error).message}).`);
  }
  if (!Array.isArray(parsed))
    throw new StorageError('journal_corrupt', `${where}: the record is not a list of transactions.`);
  return parsed.map((record: unknown): JournalTx => {
    const behind = record !== null && typeof record === 'object' && !Array.isArray(record);
    const tx = behind ? (record as { behind?: unknown }).behind : record;
    if (!Array.isArray(tx))
      throw new StorageError('journal_corrupt', `${where}: a transaction is not a list of statements.`);
    return { statements: tx.map((s: unknown) => decodeStatement(s, where)), behind };
  });
}

function decodeStatement(s: unknown, where: string): JournalStatement {
  if (Array.isArray(s) && typeof s[0] === 'string') {
    if (s.length === 1) return [s[0]];
    if (s.length === 2 && Array.isArray(s[1])) return [s[0], s[1].map(decodeValue)];
  }
  throw new StorageError('journal_corrupt', `${where}: a statement is not [sql, params] or [script].`);
}

const decodeValue = (v: EncodedValue): SqlValue =>
  v !== null && typeof v === 'object' ? new Uint8Array(Buffer.from(v.b, 'base64')) : v;
