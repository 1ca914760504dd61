// Prepared statements for sql.js, cached by SQL text. Preparing is the dominant cost of a small query in
// sql.js (parse + plan inside WebAssembly), so hot queries are prepared once and reused.
import type { Database, Statement } from 'sql.js';
import type { SqlValue } from './tx-record.ts';

// Only comments and whitespace may follow the one statement a cached entry runs.
const TRAILER = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*$/;

/** A bounded LRU of prepared statements over one sql.js database. */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly max = 500,
  ) {}

  /** The prepared statement for `sql` (exactly one statement), reset and ready to bind. */
  get(sql: string): Statement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Move to the most recently used end.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const stmt = prepareOne(this.db, sql);
    this.statements.set(sql, stmt);
    if (this.statements.size > this.max) {
      const [oldestSql, oldest] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(oldestSql);
      oldest.free();
    }
    return stmt;
  }

  /** Frees every cached statement (after export(), or before closing the database). */
  clear(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }
}

/**
 * Prepares `sql`, refusing text with a second statement: sql.js would silently ignore it, and the journal
 * would then record SQL that did not run.
 */
export function prepareOne(db: Database, sql: string): Statement {
  let stmt: Statement;
  try {
    stmt = db.prepare(sql);
  } catch (err) {
    throw asError(err);
  }
  const rest = sql.slice(stmt.getSQL().length);
  if (!TRAILER.test(rest)) {
    stmt.free();
    throw new Error(`Only one SQL statement per call; found more after "${stmt.getSQL().slice(0, 60)}"`);
  }
  return stmt;
}

/** Runs a statement to completion; the statement is left reset. */
export function runStatement(stmt: Statement, params: SqlValue[]): void {
  try {
    stmt.bind(params);
    while (stmt.step());
  } catch (err) {
    throw asError(err);
  } finally {
    stmt.reset();
  }
}

/** All result rows of a statement as objects; the statement is left reset. */
export function allRows<T>(stmt: Statement, params: SqlValue[]): T[] {
  const rows: T[] = [];
  try {
    stmt.bind(params);
    while (stmt.step()) rows.push(stmt.getAsObject() as T);
  } catch (err) {
    throw asError(err);
  } finally {
    stmt.reset();
  }
  return rows;
}

/** The first result row, or undefined; the statement is left reset. */
export function firstRow<T>(stmt: Statement, params: SqlValue[]): T | undefined {
  try {
    stmt.bind(params);
    return stmt.step() ? (stmt.getAsObject() as T) : undefined;
  } catch (err) {
    throw asError(err);
  } finally {
    stmt.reset();
  }
}

/** sql.js throws plain strings in places ("Nothing to prepare"); callers get Errors with a stack. */
export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
