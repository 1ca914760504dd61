// sql.js made durable: an in-memory SQLite database whose every write transaction is journaled and
// fsynced (shared between concurrent writers) before the caller hears it is done, with snapshots taken in
// the background so start-up replays only a short journal. Layout and rules: docs/storage.md.
//
// THE DETERMINISM RULE. The journal stores the SQL each transaction ran, not the rows it changed, and start-up
// runs that SQL again. Every value that could differ on a second run must be a bound parameter computed in
// JavaScript: ids, timestamps, random tokens. Never use random(), randomblob(), datetime('now'),
// CURRENT_TIMESTAMP, or a DEFAULT that calls them, in a write. Auto-assigned rowids and AUTOINCREMENT are
// fine: replay runs the same statements in the same order on the same data.
import { mkdir } from 'node:fs/promises';
import type { Database } from 'sql.js';
import { acquireDataLock, type DataLock } from './data-lock.ts';
import { applyMigrations, type Migration } from './durable-migrations.ts';
import { recover, type Recovered } from './durable-recovery.ts';
import { reopenAfterFullDisk, type Reopened } from './durable-reopen.ts';
import { JournalWriter } from './journal.ts';
import { configureConnection } from './journal-replay.ts';
import { snapshotInfo } from './snapshot-file.ts';
import { hostResources, type SnapshotPlacement } from './snapshot-placement.ts';
import { SnapshotScheduler, type SchedulerOptions } from './snapshot-scheduler.ts';
import { buildSnapshotInWorker } from './snapshot-worker.ts';
import { loadSqlJs } from './sql-js.ts';
import { allRows, asError, firstRow, prepareOne, runStatement, type StatementCache } from './sql-statements.ts';
import { StorageError } from './storage-error.ts';
import { checkParams, encodeTransaction, type JournalStatement, type SqlValue } from './tx-record.ts';

export type { SqlValue } from './tx-record.ts';
export type { Migration } from './durable-migrations.ts';
export { StorageError } from './storage-error.ts';

/** The handle a write() callback gets: what it runs is journaled; what it reads is not. */
export interface WriteTx {
  run(sql: string, params?: SqlValue[]): { changes: number };
  all<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T[];
  get<T = Record<string, SqlValue>>(sql: string, params?: SqlValue[]): T | undefined;
}

/** Options of DurableDatabase.open. */
export interface DurableOptions {
  dir: string;
  migrations: Migration[];
  /** Snapshot in the background once the journal holds this many bytes (default 32 MB). */
  snapshotJournalBytes?: number;
  /** Also snapshot on this schedule when anything was written since the last one (default 10 min; 0 = off). */
  snapshotIntervalMs?: number;
  /** Where background snapshots are made (default 'auto': a worker thread when a spare core and the memory are there). */
  snapshotIn?: SnapshotPlacement;
  log?: (line: string) => void;
}

/**
 * Whether the store takes writes. `full`: the disk was full and nothing of the refused writes stayed in
 * the journal; the next attempt (a write, or checkHealth) reloads the folder and writes resume once there
 * is room. `failed`: a write or fsync failed in a way that leaves the journal's state unknown; only a
 * restart (which replays the journal) is safe. `epoch` grows with each reload, so caches above the store
 * know to forget what they read from the memory that was replaced.
 */
export interface StorageHealth {
  state: 'ok' | 'full' | 'failed';
  epoch: number;
}

/** Figures for the admin panel, tests and benchmarks. */
export interface DurableStats {
  journalBytes: number;
  journalGeneration: number;
  snapshotGeneration: number;
  snapshotAt?: string;
  snapshotBytes?: number;
  snapshotMs?: number;
  snapshotBlockingMs?: number;
  snapshotIn?: 'worker' | 'main';
  writes: number;
  syncs: number;
  replayedTransactions: number;
  failed?: string;
}

/** The durable sql.js database of one data folder. Open with DurableDatabase.open. */
export class DurableDatabase {
  private scheduler!: SnapshotScheduler;
  private inWrite = false;
  /** Whether a batch transaction is open (see openBatch). */
  private batchOpen = false;
  /** Set when SQLite dropped a batch that the journal holds: writes stop until a restart. */
  private batchLost: StorageError | undefined;
  private closing: Promise<void> | undefined;
  private writes = 0;
  /** The state last logged, so each change of state is one line, not one per refused write. */
  private loggedState: StorageHealth['state'] = 'ok';
  /** A reload that could not finish: writes stop until a restart. */
  private fatal: StorageError | undefined;
  private reloading: Promise<void> | undefined;
  private epoch = 0;

  private constructor(
    private db: Database,
    private cache: StatementCache,
    private journal: JournalWriter,
    private readonly lock: DataLock,
    private readonly log: (line: string) => void,
    private replayedTransactions: number,
    private readonly opts: DurableOptions,
  ) {}

  /** Locks `dir` (creating it), loads the snapshot, replays the journal, then applies new migrations. */
  static async open(opts: DurableOptions): Promise<DurableDatabase> {
    const log = opts.log ?? ((line: string) => console.error(`[store] ${line}`));
    await mkdir(opts.dir, { recursive: true });
    const SQL = await loadSqlJs();
    const lock = await acquireDataLock(opts.dir, log);
    let journal: JournalWriter | undefined;
    let db: Database | undefined;
    try {
      const started = Date.now();
      const rec = await recover(SQL, opts.dir, log);
      db = rec.db;
      journal = await JournalWriter.create(opts.dir, rec.nextGeneration);
      const store = new DurableDatabase(rec.db, rec.cache, journal, lock, log, rec.transactions, opts);
      store.scheduler = store.makeScheduler(rec, await snapshotInfo(opts.dir));
      log(`opened ${opts.dir}: snapshot generation ${rec.snapshotGeneration}, ${rec.transactions} transactions replayed, ${Date.now() - started} ms`);
      await applyMigrations(
        { all: (sql, params) => store.all(sql, params), script: (script, record) => store.runScript(script, record) },
        opts.migrations,
        log,
      );
      store.scheduler.start();
      return store;
    } catch (err) {
      await journal?.close();
      db?.close();
      await lock.release();
      throw err;
    }
  }

  /** All rows of a read query (synchronous; prepared statements are cached by SQL text). */
  all<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T[] {
    return allRows<T>(this.cache.get(sql), params);
  }

  /** The first row of a read query, or undefined. */
  get<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T | undefined {
    return firstRow<T>(this.cache.get(sql), params);
  }

  /**
   * Rows one by one, for streaming large exports without holding them all. Do not await between rows:
   * writes that run in the gap are seen or not depending on where the cursor is, and a statement left
   * open is only freed by close(). Breaking out of a for..of frees it at once.
   */
  *iterate<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): IterableIterator<T> {
    // Its own statement, not a cached one: the same query run inside the loop must not reset our cursor.
    const stmt = prepareOne(this.db, sql);
    try {
      stmt.bind(params);
      while (stmt.step()) yield stmt.getAsObject() as T;
    } finally {
      stmt.free();
    }
  }

  /**
   * Runs `fn` synchronously inside BEGIN/COMMIT and journals the statements it ran. Resolves with fn's
   * result once the transaction is on disk. If fn throws, the transaction is rolled back, nothing is
   * journaled and the promise rejects with that error. fn must not be async. Other readers may see the
   * committed rows a moment before the promise resolves (while the shared fsync runs).
   */
  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.transact((statements) => fn(this.txHandle(statements)));
  }

  /** Takes a snapshot now (after any running one) and deletes the journals it covers. */
  snapshot(): Promise<void> {
    if (this.closing) return Promise.reject(new StorageError('closed', 'The database is closed.'));
    return this.scheduler.snapshot();
  }

  /** Waits for pending writes, takes a final snapshot, closes the database and releases the folder. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.scheduler.closeWithFinalSnapshot();
      } finally {
        this.cache.clear();
        this.db.close();
        await this.lock.release();
      }
    })();
    return this.closing;
  }

  /** Whether writes are accepted now (see StorageHealth); no I/O. */
  health(): StorageHealth {
    if (this.closing) return { state: 'failed', epoch: this.epoch };
    const failure = this.fatal ?? this.batchLost ?? this.journal.failed;
    if (!failure) return { state: 'ok', epoch: this.epoch };
    return { state: failure instanceof StorageError && failure.code === 'storage_full' ? 'full' : 'failed', epoch: this.epoch };
  }

  /** health(), after trying to resume writes when the disk was full (for /readyz, which no write may reach). */
  async checkHealth(): Promise<StorageHealth> {
    if (this.health().state === 'full') await this.resumeWrites();
    return this.health();
  }

  /** Journal size, snapshot age and counters. */
  stats(): DurableStats {
    const j = this.journal.stats();
    return {
      ...this.scheduler.stats(),
      journalGeneration: j.generation,
      writes: this.writes,
      syncs: j.syncs,
      replayedTransactions: this.replayedTransactions,
      failed: (this.fatal ?? this.journal.failed)?.message,
    };
  }

  /** A migration script (several statements) and its schema_migrations row, as one journaled write. */
  private runScript(script: string, record?: [sql: string, params: SqlValue[]]): Promise<void> {
    return this.transact((statements) => {
      this.db.exec(script);
      statements.push([script]);
      if (record) this.txHandle(statements).run(...record);
    });
  }

  private transact<R>(body: (statements: JournalStatement[]) => R): Promise<R> {
    if (this.closing) return Promise.reject(new StorageError('closed', 'The database is closed.'));
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.journal.failed) {
      // This write is refused; it starts a reload so that the next one may pass (when it was a full disk).
      void this.resumeWrites();
      return Promise.reject(this.journal.failed);
    }
    if (this.batchLost) return Promise.reject(this.batchLost);
    if (this.inWrite) return Promise.reject(new Error('write() cannot be called inside another write() callback.'));
    const statements: JournalStatement[] = [];
    let result: R;
    this.inWrite = true;
    try {
      // All as cached prepared statements: exec() would parse them again on every write.
      this.openBatch();
      runStatement(this.cache.get('SAVEPOINT w'), []);
      try {
        result = body(statements);
        if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
          throw new TypeError('write() callbacks must be synchronous: an await would let other writes into this transaction.');
        }
        runStatement(this.cache.get('RELEASE w'), []);
      } catch (err) {
        this.undoSavepoint();
        throw err;
      }
    } catch (err) {
      return Promise.reject(asError(err));
    } finally {
      this.inWrite = false;
    }
    this.writes++;
    if (statements.length === 0) return this.journal.drain().then(() => result); // answer after earlier writes
    const durable = this.journal.append(encodeTransaction(statements));
    this.scheduler.noteWrite();
    return durable.then(
      () => result,
      (err: Error) => {
        this.logState();
        throw err;
      },
    );
  }

  /** Logs a change of health once: the first refused write says why, the following ones say nothing. */
  private logState(): void {
    const { state } = this.health();
    if (state === this.loggedState) return;
    this.loggedState = state;
    const why = (this.fatal ?? this.batchLost ?? this.journal.failed)?.message ?? '';
    if (state === 'full') this.log(`writes refused: the disk is full (${why}). Nothing acknowledged is lost; writes resume once there is room.`);
    else if (state === 'failed') this.log(`${why}. Writes are refused from now on; restart the process (the journal holds every acknowledged write).`);
  }

  /** After a full disk: rebuild memory from the folder (durable-reopen.ts) and go on. One at a time. */
  private resumeWrites(): Promise<void> {
    this.reloading ??= this.reload().finally(() => (this.reloading = undefined));
    return this.reloading;
  }

  private async reload(): Promise<void> {
    const failed = this.journal.failed;
    if (this.closing || this.fatal || !(failed instanceof StorageError) || failed.code !== 'storage_full') return;
    this.logState();
    await this.scheduler.retire(); // a snapshot being built from the files finishes first
    let reopened: Reopened | 'still full';
    try {
      reopened = await reopenAfterFullDisk(this.opts.dir, this.scheduler.stats().snapshotGeneration, this.log);
    } catch (err) {
      this.fatal = new StorageError('storage_failed', `Resuming writes after a full disk failed: ${asError(err).message}`, { cause: err });
      this.logState();
      return;
    }
    if (reopened === 'still full') return;
    // close() began meanwhile and saves nothing of the old memory (its journal failed): drop the reload.
    if (this.closing) return reopened.discard();
    // From here to start() synchronously, so close() sees either the old set or the new one.
    const old = { db: this.db, cache: this.cache, journal: this.journal };
    const { rec } = reopened;
    this.db = rec.db;
    this.cache = rec.cache;
    this.journal = reopened.journal;
    this.batchOpen = false;
    this.batchLost = undefined;
    this.replayedTransactions = rec.transactions;
    this.scheduler = this.makeScheduler(rec, reopened.existing);
    this.scheduler.start();
    this.epoch++;
    this.loggedState = 'ok';
    this.log(`writes resume: the data folder was reloaded after the disk was full (${rec.transactions} transactions replayed)`);
    old.cache.clear();
    old.db.close();
    await old.journal.close();
  }

  /** The snapshot scheduler over the current memory and journal, from what recovery found. */
  private makeScheduler(rec: Pick<Recovered, 'snapshotGeneration' | 'journalBytes' | 'transactions'>, existing: SchedulerOptions['existing']): SnapshotScheduler {
    const { opts } = this;
    return new SnapshotScheduler({
      dir: opts.dir,
      db: this.db,
      journal: this.journal,
      snapshotGeneration: rec.snapshotGeneration,
      replayedBytes: rec.journalBytes,
      replayedAny: rec.transactions > 0,
      existing,
      thresholdBytes: opts.snapshotJournalBytes ?? 32 * 1024 * 1024,
      intervalMs: opts.snapshotIntervalMs ?? 10 * 60 * 1000,
      build: buildSnapshotInWorker,
      placement: opts.snapshotIn ?? 'auto',
      host: hostResources,
      beforeExport: () => this.commitBatch(),
      afterExport: () => this.afterExport(),
      memoryIsWhole: () => this.batchLost === undefined,
      log: this.log,
    });
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

  /** Commits the open batch, if any. Runs before every export and close, so snapshots hold every write. */
  commitBatch() {
    if (!this.batchOpen) return;
    this.batchOpen = false;
    try {
      runStatement(this.cache.get('COMMIT'), []);
    } catch (err) {
      this.batchLost = new StorageError('storage_failed', `The in-memory database could not commit a batch of writes (${asError(err).message}); restart the process to replay the journal.`);
      this.log(this.batchLost.message);
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
      this.batchLost = new StorageError('storage_failed', `The in-memory database lost a batch of writes (${asError(err).message}); restart the process to replay the journal.`);
      this.log(this.batchLost.message);
    }
  }

  private txHandle(statements: JournalStatement[]): WriteTx {
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
   * sql.js releases before 1.13 closed and reopened the connection inside export(), freeing every prepared
   * statement and resetting pragmas; 1.16 keeps them. Re-preparing is cheap next to an export, so we do not
   * depend on which release is installed.
   */
  private afterExport(): void {
    this.cache.clear();
    configureConnection(this.db);
  }
}
