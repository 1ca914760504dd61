// The in-memory side of a DurableDatabase: the sql.js database, its statement cache, the open write batch,
// and whether memory still holds every journaled write. It knows nothing of the journal or of snapshots;
// its owner (durable-db.ts) journals what a write ran, and the snapshot scheduler asks it for an image.
import type { Database } from 'sql.js';
import { configureConnection } from './journal-replay.ts';
import { allRows, asError, firstRow, prepareOne, runStatement, type StatementCache } from './sql-statements.ts';
import { StorageError } from '../storage-error.ts';
import { checkParams, type JournalStatement, type SqlValue } from './tx-record.ts';

/** The handle a write() callback gets: what it runs is journaled; what it reads is not. */
export interface WriteTx {
  run(sql: string, params?: SqlValue[]): { changes: number };
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[];
  get<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T | undefined;
}

/**
 * A write journaled before it runs (DurableDatabase.writeBehind): `rows` run in order; each of `sums` adds its
 * first parameter to a counter, so the sums of many such writes are run merged, one per distinct statement.
 * Rows of different statements must not depend on one another's order (INSERTs into tables without triggers
 * or foreign keys between them): memory runs the rows of many writes grouped by statement, as multi-row
 * INSERTs (settle), while replay runs each write's rows as journaled; both end the same.
 */
export interface BehindWrite {
  rows: JournalStatement[];
  sums: JournalStatement[];
}

/** An image of the database taken a few pages at a time (MemoryDatabase.imageInSteps). */
export interface ImageSteps {
  /**
   * Copies up to `pages` more pages, after committing the turn's batch; answers the image once every page is in it:
   * then it holds every write so far, as exportImage() would now. Writes between steps are copied in by SQLite.
   */
  step(pages: number): Uint8Array | undefined;
  /** Stops the copy and frees it (also after a step that failed or finished). */
  cancel(): void;
}

/** What the bundle's sql.js adds to a Database (scripts/sqljs-patches.mjs, "the image in steps"). */
interface SqlJsExportSteps {
  exportSteps(): { step(pages: number): Uint8Array | null; cancel(): void };
}

/** One sql.js database with its prepared statements and its write batch. */
export class MemoryDatabase {
  /** Whether a batch transaction is open (see openBatch). */
  private batchOpen = false;
  /** Writes journaled but not run yet, in journal order; every other access runs them first (settle). */
  private behind: BehindWrite[] = [];
  /** Writes behind that failed when they ran, with why: undone, and refused to their caller. */
  private readonly behindFailed = new WeakMap<BehindWrite, Error>();
  /** Set when SQLite dropped a batch that the journal holds: writes stop until a restart. */
  private lost: StorageError | undefined;

  constructor(
    private readonly db: Database,
    private readonly cache: StatementCache,
    private readonly log: (line: string) => void,
  ) {}

  /** All rows of a read query (prepared statements are cached by SQL text). */
  all<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T[] {
    if (this.behind.length > 0) this.settle();
    return allRows<T>(this.cache.get(sql), params);
  }

  /** The first row of a read query, or undefined. */
  get<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T | undefined {
    if (this.behind.length > 0) this.settle();
    return firstRow<T>(this.cache.get(sql), params);
  }

  /** Rows one by one (see DurableDatabase.iterate). */
  *iterate<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): IterableIterator<T> {
    if (this.behind.length > 0) this.settle();
    // Its own statement, not a cached one: the same query run inside the loop must not reset our cursor.
    const stmt = prepareOne(this.db, sql);
    try {
      stmt.bind(params);
      while (stmt.step()) yield stmt.getAsObject() as T;
    } finally {
      stmt.free();
    }
  }

  /** The batch SQLite dropped although the journal holds it, if any (see undoSavepoint). */
  get lostBatch(): StorageError | undefined {
    return this.lost;
  }

  /** Whether memory holds every journaled write, so that an image of it may be saved as a snapshot. */
  isWhole(): boolean {
    return this.lost === undefined;
  }

  /**
   * Runs `fn` synchronously inside its own SAVEPOINT of the batch and returns its result; if fn throws (or
   * returns a promise), only what fn ran is undone and the error is thrown on.
   */
  inSavepoint<R>(fn: () => R): R {
    if (this.behind.length > 0) this.settle();
    // All as cached prepared statements: exec() would parse them again on every write.
    this.openBatch();
    runStatement(this.cache.get('SAVEPOINT w'), []);
    try {
      const result = fn();
      if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
        throw new TypeError(
          'write() callbacks must be synchronous: an await would let other writes into this transaction.',
        );
      }
      runStatement(this.cache.get('RELEASE w'), []);
      return result;
    } catch (err) {
      this.undoSavepoint();
      throw err;
    }
  }

  /** The write handle over `statements`, which collects what it runs for the journal. */
  txHandle(statements: JournalStatement[]): WriteTx {
    return {
      run: (sql, params = []) => {
        checkParams(sql, params);
        runStatement(this.cache.get(sql), params);
        statements.push([sql, params.slice()]);
        return { changes: this.db.getRowsModified() };
      },
      all: (sql, params) => this.all(sql, params),
      get: (sql, params) => this.get(sql, params),
    };
  }

  /**
   * Takes a write that is journaled but not run yet (see BehindWrite). It runs before any other read or write
   * of this memory, and at the latest when the batch commits at the end of this event-loop turn.
   */
  addBehind(write: BehindWrite): void {
    this.behind.push(write);
    this.openBatch();
  }

  /**
   * Runs every write taken by addBehind, in order, inside the open batch: all their rows, then their sums merged
   * by statement. Replay runs each write's rows and sums one write after another; the end state is the same,
   * since a sum only adds to a counter that no row reads. If any statement fails, they run again one write at a
   * time, each in its own savepoint, and a write that fails is undone alone and refused (behindFailure), as
   * replay does with it (journal-replay.ts). Only a failure of that fallback itself leaves memory short of
   * journaled writes: then, like a lost batch, writes stop until a restart replays the journal.
   */
  settle(): void {
    const writes = this.behind;
    if (writes.length === 0) return;
    this.behind = [];
    if (this.lost) return;
    this.openBatch();
    try {
      runStatement(this.cache.get('SAVEPOINT behind'), []);
      try {
        this.runMerged(writes);
      } catch {
        runStatement(this.cache.get('ROLLBACK TO behind'), []);
        for (const w of writes) this.runAlone(w);
      }
      runStatement(this.cache.get('RELEASE behind'), []);
    } catch (err) {
      this.lost = new StorageError(
        'storage_failed',
        `The in-memory database could not apply journaled writes (${asError(err).message}); ` +
          'restart the process to replay the journal.',
      );
      this.log(this.lost.message);
    }
  }

  /** Why a write behind was refused when it ran (see settle), if it was. */
  behindFailure(write: BehindWrite): Error | undefined {
    return this.behindFailed.get(write);
  }

  /**
   * All rows of `writes`, grouped by statement (in order within each) and run as multi-row INSERTs, then their
   * sums merged by statement. One statement of 25 rows costs SQLite and sql.js ~20 % less a row than 25
   * statements of one (docs/performance.md, "session 5").
   */
  private runMerged(writes: BehindWrite[]): void {
    const grouped = new Map<string, SqlValue[][]>();
    for (const w of writes) {
      for (const [sql, params] of w.rows) {
        const rows = grouped.get(sql);
        if (rows) rows.push(params!);
        else grouped.set(sql, [params!]);
      }
    }
    for (const [sql, rows] of grouped) this.runRows(sql, rows);
    for (const [sql, params] of mergedSums(writes)) runStatement(this.cache.get(sql), params);
  }

  /**
   * Runs `sql` once for each of `rows`, in order: as INSERTs of ROWS_PER_INSERT_MAX rows, then one of exactly the
   * rows left, when `sql` is a plain INSERT … VALUES. A turn's 25 rows as one statement, not 16 + 8 + 1, cost
   * ~15 % less a row: each statement opens the table's and every index's cursor and reads and writes
   * sqlite_sequence (AUTOINCREMENT) again (docs/performance.md, "The sql.js rows, session 7").
   */
  private runRows(sql: string, rows: SqlValue[][]): void {
    const tuple = rows.length > 1 ? valuesTuple(sql) : undefined;
    if (!tuple) {
      for (const row of rows) runStatement(this.cache.get(sql), row);
      return;
    }
    for (let i = 0; i < rows.length; ) {
      const size = Math.min(ROWS_PER_INSERT_MAX, rows.length - i);
      const params: SqlValue[] = [];
      for (let r = i; r < i + size; r++) for (const v of rows[r]) params.push(v);
      runStatement(this.cache.get(size === 1 ? sql : rowsSql(sql, tuple, size)), params);
      i += size;
    }
  }

  /** One write behind in its own savepoint: when a statement fails, it is undone and marked refused. */
  private runAlone(w: BehindWrite): void {
    runStatement(this.cache.get('SAVEPOINT behind_one'), []);
    try {
      for (const [sql, params] of [...w.rows, ...w.sums]) runStatement(this.cache.get(sql), params!);
    } catch (err) {
      runStatement(this.cache.get('ROLLBACK TO behind_one'), []);
      this.behindFailed.set(w, asError(err));
    }
    runStatement(this.cache.get('RELEASE behind_one'), []);
  }

  /** Runs a script of several statements (a migration) as one more entry of `statements`. */
  script(script: string, statements: JournalStatement[]): void {
    if (this.behind.length > 0) this.settle();
    this.db.exec(script);
    statements.push([script]);
  }

  /**
   * The database as a SQLite file, holding every write so far: the open batch is committed first, since an
   * export holds only committed pages.
   */
  exportImage(): Uint8Array {
    this.settle();
    this.commitBatch();
    const image = this.db.export();
    // sql.js releases before 1.13 closed and reopened the connection inside export(), freeing every prepared
    // statement and resetting pragmas; 1.16 keeps them. Re-preparing is cheap next to an export, so we do
    // not depend on which release is installed.
    this.cache.clear();
    configureConnection(this.db);
    return image;
  }

  /**
   * The image of imageInSteps() where sql.js can take it a few pages at a time (the bundle's build of sql.js);
   * undefined where it cannot (sql.js as published, run from source): then exportImage() takes it at once.
   */
  imageInSteps(): ImageSteps | undefined {
    const db = this.db as Database & Partial<SqlJsExportSteps>;
    if (typeof db.exportSteps !== 'function') return undefined;
    // A backup step is refused inside a write transaction: every step commits the turn's batch first.
    const commit = () => {
      this.settle();
      this.commitBatch();
    };
    commit();
    const copy = db.exportSteps();
    return {
      step: (pages) => {
        commit();
        return copy.step(pages) ?? undefined;
      },
      cancel: () => copy.cancel(),
    };
  }

  /** Frees the statements and the database. */
  close(): void {
    this.behind = []; // journaled: the next start replays them
    this.batchOpen = false; // a commit still scheduled for this batch has nothing left to commit
    this.cache.clear();
    this.db.close();
  }

  /**
   * Writes share one SQLite transaction per turn of the event loop, each inside its own SAVEPOINT:
   * a COMMIT copies every dirty page into sql.js's in-memory file, and doing that once per batch
   * instead of once per write halves the cost of a small write (docs/performance.md). Durability
   * does not depend on it: every write is journaled and fsynced on its own terms.
   */
  private openBatch() {
    if (this.batchOpen) return;
    runStatement(this.cache.get('BEGIN'), []);
    this.batchOpen = true;
    setImmediate(() => this.commitBatch());
  }

  /** Commits the open batch, if any. Runs before every export, so snapshots hold every write. */
  private commitBatch() {
    if (!this.batchOpen) return;
    this.settle();
    this.batchOpen = false;
    try {
      runStatement(this.cache.get('COMMIT'), []);
    } catch (err) {
      this.lost = new StorageError(
        'storage_failed',
        `The in-memory database could not commit a batch of writes (${asError(err).message}); ` +
          'restart the process to replay the journal.',
      );
      this.log(this.lost.message);
    }
  }

  /**
   * Undoes the current write only. Some SQLite errors (out of memory, full) roll back the whole
   * transaction, and with it earlier writes of the batch that are already journaled: memory then no
   * longer matches the journal, so writes stop until a restart replays the journal.
   */
  private undoSavepoint() {
    try {
      runStatement(this.cache.get('ROLLBACK TO w'), []);
      runStatement(this.cache.get('RELEASE w'), []);
    } catch (err) {
      this.batchOpen = false;
      this.lost = new StorageError(
        'storage_failed',
        `The in-memory database lost a batch of writes (${asError(err).message}); ` +
          'restart the process to replay the journal.',
      );
      this.log(this.lost.message);
    }
  }
}

/**
 * The most rows one INSERT of writes behind carries (32 rows of 10 parameters are 320). Every size up to it may be
 * prepared once: ~32 texts per INSERT of writes behind in the statement cache (StatementCache's 500).
 */
const ROWS_PER_INSERT_MAX = 32;

// `INSERT INTO t (a, b) VALUES (?, CAST(? AS TEXT))` and nothing after its one tuple (no ON CONFLICT, RETURNING).
const PLAIN_INSERT = /^INSERT INTO \w+ \([\w, ]+\) VALUES (\((?:[^()]|\([^()]*\))*\))$/;
const tuples = new Map<string, string | undefined>();

/** The VALUES tuple of a plain single-row INSERT, which more rows repeat; undefined for any other statement. */
function valuesTuple(sql: string): string | undefined {
  if (tuples.has(sql)) return tuples.get(sql);
  const tuple = PLAIN_INSERT.exec(sql)?.[1];
  // Write statements are a fixed set written in the code; one that builds its text on the fly starts it over.
  if (tuples.size >= 1000) tuples.clear();
  tuples.set(sql, tuple);
  return tuple;
}

const rowsTexts = new Map<string, string[]>();

/**
 * The text of `sql` (a plain INSERT whose VALUES tuple is `tuple`) with `size` rows, the same string each time:
 * the statement cache finds a string it has seen by its stored hash, where a text built afresh for every batch
 * (2-3 KB for 32 rows) was hashed and compared character by character, ~1.5 µs a submission under load
 * (docs/performance.md, "The write path, session 6").
 */
function rowsSql(sql: string, tuple: string, size: number): string {
  let bySize = rowsTexts.get(sql);
  if (!bySize) {
    // As `tuples`: write statements are a fixed set; one built on the fly starts the list over.
    if (rowsTexts.size >= 1000) rowsTexts.clear();
    bySize = [];
    rowsTexts.set(sql, bySize);
  }
  bySize[size] ??= sql + `,${tuple}`.repeat(size - 1);
  return bySize[size];
}

/** A sum as it runs: its statement and its parameters, the first the amount. */
type Sum = [sql: string, params: SqlValue[]];
/** Sums being merged, keyed by each parameter after the amount in turn; the Sum itself under the last. */
type SumLevel = Map<SqlValue | undefined, SumLevel | Sum>;

/**
 * The sums of `writes` merged: one for each statement on the same parameters after the first (the amount), its
 * amount theirs added up, in the order each first came. Keyed by the values themselves (a Map tells 1 from '1', and
 * null from ''), not by a string joining them, which was built, flattened and hashed for every sum. A sum with a
 * blob parameter (none so far) runs on its own: a blob is equal only to itself as a key.
 */
export function mergedSums(writes: BehindWrite[]): Sum[] {
  const merged: Sum[] = [];
  const bySql = new Map<string, SumLevel>();
  for (const w of writes) {
    sums: for (const [sql, params] of w.sums) {
      const p = params!;
      let level = bySql.get(sql);
      if (!level) {
        level = new Map();
        bySql.set(sql, level);
      }
      // A statement takes the same number of parameters every time: an amount alone is keyed by `undefined`.
      const last = p.length - 1;
      for (let i = 1; i <= last; i++) {
        if (typeof p[i] === 'object' && p[i] !== null) {
          merged.push([sql, p.slice()]);
          continue sums;
        }
      }
      for (let i = 1; i < last; i++) {
        let next = level.get(p[i]) as SumLevel | undefined;
        if (!next) {
          next = new Map();
          level.set(p[i], next);
        }
        level = next;
      }
      const key = last > 0 ? p[last] : undefined;
      const found = level.get(key) as Sum | undefined;
      if (found) found[1][0] = (found[1][0] as number) + (p[0] as number);
      else {
        const sum: Sum = [sql, p.slice()];
        level.set(key, sum);
        merged.push(sum);
      }
    }
  }
  return merged;
}
