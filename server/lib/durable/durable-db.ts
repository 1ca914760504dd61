// sql.js made durable: an in-memory SQLite database whose every write transaction is journaled and
// fsynced (shared between concurrent writers) before the caller hears it is done, with snapshots taken in
// the background so start-up replays only a short journal. Layout and rules: docs/storage.md.
//
// THE DETERMINISM RULE. The journal stores the SQL each transaction ran, not the rows it changed, and start-up
// runs that SQL again. Every value that could differ on a second run must be a bound parameter computed in
// JavaScript: ids, timestamps, random tokens. Never use random(), randomblob(), datetime('now'),
// CURRENT_TIMESTAMP, or a DEFAULT that calls them, in a write. Auto-assigned rowids and AUTOINCREMENT are
// fine: replay runs the same statements in the same order on the same data.
import { privateFolder } from './durable-fs.ts';
import { acquireDataLock, type DataLock } from './data-lock.ts';
import { type BehindWrite, MemoryDatabase, type WriteTx } from './durable-memory.ts';
import { applyMigrations, type Migration } from './durable-migrations.ts';
import { stampedImage, type NewImage } from './durable-new-image.ts';
import { recover, type Recovered } from './durable-recovery.ts';
import { reopenAfterFullDisk, type Reopened } from './durable-reopen.ts';
import { JournalWriter } from './journal.ts';
import { snapshotInfo } from './snapshot-file.ts';
import { hostResources, type SnapshotPlacement } from './snapshot-placement.ts';
import { SnapshotScheduler, type SchedulerOptions, type SnapshotStats } from './snapshot-scheduler.ts';
import { buildSnapshotInWorker } from './snapshot-worker.ts';
import { loadSqlJs } from './sql-js.ts';
import { asError } from './sql-statements.ts';
import { StorageError, type StorageHealth } from '../storage-error.ts';
import { checkStatements, encodeBehind, encodeTransaction, type JournalStatement, type SqlValue } from './tx-record.ts';

/** The journal bytes that start a background snapshot while the image is small (journalThreshold). */
const DEFAULT_JOURNAL_BYTES = 32 * 1024 * 1024;
/** Half the image: each journaled byte costs at most two bytes of snapshot once the image passes 64 MB. */
const JOURNAL_IMAGE_SHARE = 0.5;

export type { SqlValue } from './tx-record.ts';
export type { Migration } from './durable-migrations.ts';
export type { BehindWrite, WriteTx } from './durable-memory.ts';
export { StorageError } from '../storage-error.ts';
export type { StorageHealth } from '../storage-error.ts';

/** Options of DurableDatabase.open. */
export interface DurableOptions {
  dir: string;
  migrations: Migration[];
  /**
   * Snapshot in the background once the journal holds this many bytes. Given, it is the threshold; by default it
   * is 32 MB or half the last snapshot's image, whichever is more, up to 128 MB (journalThreshold).
   */
  snapshotJournalBytes?: number;
  /** The share of the last image the journal may reach first (default 0.5 without snapshotJournalBytes, else 0). */
  snapshotJournalShare?: number;
  /** Also snapshot on this schedule when anything was written since the last one (default 10 min; 0 = off). */
  snapshotIntervalMs?: number;
  /**
   * Where background snapshots are made (default 'auto': a worker thread when a spare core and the memory are there).
   */
  snapshotIn?: SnapshotPlacement;
  /** A new folder's database as the migrations make it (durable-new-image.ts); otherwise they are run. */
  newImage?: () => NewImage | undefined;
  log?: (line: string) => void;
}

/** Figures for the admin panel, tests and benchmarks. */
export interface DurableStats extends SnapshotStats {
  journalGeneration: number;
  writes: number;
  syncs: number;
  replayedTransactions: number;
  failed?: string;
}

/**
 * The durable sql.js database of one data folder. Open with DurableDatabase.open. It owns the memory
 * (durable-memory.ts), the journal, and the snapshot scheduler, which it hands both; none of them calls back.
 */
export class DurableDatabase {
  private scheduler!: SnapshotScheduler;
  private inWrite = false;
  private closing: Promise<void> | undefined;
  private writes = 0;
  private behindWrites = 0;
  /** The state last logged, so each change of state is one line, not one per refused write. */
  private loggedState: StorageHealth['state'] = 'ok';
  /** A reload that could not finish: writes stop until a restart. */
  private fatal: StorageError | undefined;
  private reloading: Promise<void> | undefined;
  private epoch = 0;

  private constructor(
    private memory: MemoryDatabase,
    private journal: JournalWriter,
    private readonly lock: DataLock,
    private readonly log: (line: string) => void,
    private replayedTransactions: number,
    private readonly opts: DurableOptions,
  ) {}

  /** Locks `dir` (creating it), loads the snapshot, replays the journal, then applies new migrations. */
  static async open(opts: DurableOptions): Promise<DurableDatabase> {
    const log = opts.log ?? ((line: string) => console.error(`[store] ${line}`));
    await privateFolder(opts.dir, log);
    const SQL = await loadSqlJs();
    const lock = await acquireDataLock(opts.dir, log);
    let journal: JournalWriter | undefined;
    let memory: MemoryDatabase | undefined;
    try {
      const started = Date.now();
      const rec = await recover(SQL, opts.dir, log, () => {
        const made = opts.newImage?.();
        const stamped = made && stampedImage(made, opts.migrations, new Date().toISOString());
        if (stamped) log(`new database: ${opts.migrations.length} migrations applied from the built-in image`);
        return stamped;
      });
      memory = new MemoryDatabase(rec.db, rec.cache, log);
      journal = await JournalWriter.create(opts.dir, rec.nextGeneration);
      const store = new DurableDatabase(memory, journal, lock, log, rec.transactions, opts);
      store.scheduler = store.makeScheduler(rec, await snapshotInfo(opts.dir));
      log(
        `opened ${opts.dir}: snapshot generation ${rec.snapshotGeneration}, ` +
          `${rec.transactions} transactions replayed, ${Date.now() - started} ms`,
      );
      await applyMigrations(
        { all: (sql, params) => store.all(sql, params), script: (script, record) => store.runScript(script, record) },
        opts.migrations,
        log,
      );
      store.scheduler.start();
      return store;
    } catch (err) {
      await journal?.close();
      memory?.close();
      await lock.release();
      throw err;
    }
  }

  /** All rows of a read query (synchronous; prepared statements are cached by SQL text). */
  all<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T[] {
    return this.memory.all<T>(sql, params);
  }

  /** The first row of a read query, or undefined. */
  get<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): T | undefined {
    return this.memory.get<T>(sql, params);
  }

  /**
   * Rows one by one, for streaming large exports without holding them all. Do not await between rows:
   * writes that run in the gap are seen or not depending on where the cursor is, and a statement left
   * open is only freed by close(). Breaking out of a for..of frees it at once.
   */
  *iterate<T = Record<string, SqlValue>>(sql: string, params: SqlValue[] = []): IterableIterator<T> {
    yield* this.memory.iterate<T>(sql, params);
  }

  /**
   * Runs `fn` synchronously inside BEGIN/COMMIT and journals the statements it ran. Resolves with fn's
   * result once the transaction is on disk. If fn throws, the transaction is rolled back, nothing is
   * journaled and the promise rejects with that error. fn must not be async. Other readers may see the
   * committed rows a moment before the promise resolves (while the shared fsync runs).
   */
  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    return this.transact((statements) => fn(this.memory.txHandle(statements)));
  }

  /**
   * Journals a write that decides nothing (no reads, no outcome) and runs it later: with the other such writes
   * of this event-loop turn, before any read or other write, and before the promise resolves (so whoever hears
   * of it reads it back). Each of `sums` must add its first parameter to a counter that no row reads (see
   * BehindWrite). Resolves once the write is on disk and in memory; rejects when a statement of it failed when
   * it ran (it was undone, and replay undoes it too) or it could not be journaled.
   */
  writeBehind(write: BehindWrite): Promise<void> {
    const refused = this.refusal();
    if (refused) return Promise.reject(refused);
    if (this.inWrite) return Promise.reject(new Error('writeBehind() cannot be called inside a write() callback.'));
    const statements = write.sums.length > 0 ? write.rows.concat(write.sums) : write.rows;
    try {
      checkStatements(statements);
    } catch (err) {
      return Promise.reject(asError(err));
    }
    this.memory.addBehind(write);
    this.writes++;
    this.behindWrites++;
    const durable = this.journal.append(encodeBehind(statements));
    this.scheduler.noteWrite();
    return durable.then(
      () => {
        this.memory.settle();
        const failed = this.memory.behindFailure(write) ?? this.memory.lostBatch;
        if (failed) throw failed;
      },
      (err: Error) => {
        this.logState();
        throw err;
      },
    );
  }

  /**
   * Counts the writes other than writeBehind's, and reloads: a cache derived from what only writeBehind writes
   * adds to (a count, say) stays valid while this number does not change.
   */
  get otherWrites(): number {
    return this.writes - this.behindWrites + this.epoch;
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
        this.memory.close();
        await this.lock.release();
      }
    })();
    return this.closing;
  }

  /** Whether writes are accepted now (see StorageHealth); no I/O. */
  health(): StorageHealth {
    if (this.closing) return { state: 'failed', epoch: this.epoch };
    const failure = this.fatal ?? this.memory.lostBatch ?? this.journal.failed;
    if (!failure) return { state: 'ok', epoch: this.epoch };
    return {
      state: failure instanceof StorageError && failure.code === 'storage_full' ? 'full' : 'failed',
      epoch: this.epoch,
    };
  }

  /** health(), after trying to resume writes when the disk was full (for /readyz, which no write may reach). */
  async checkHealth(): Promise<StorageHealth> {
    if (this.health().state !== 'full') return this.health();
    // A reload a refused write began may have looked at the disk before room was made: wait for it, then
    // try once more, so a check made after the room was freed sees it.
    await this.reloading?.catch(() => undefined);
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
      this.memory.script(script, statements);
      if (record) this.memory.txHandle(statements).run(...record);
    });
  }

  /** Why a write is refused now, if it is. */
  private refusal(): Error | undefined {
    if (this.closing) return new StorageError('closed', 'The database is closed.');
    if (this.fatal) return this.fatal;
    if (this.journal.failed) {
      // This write is refused; it starts a reload so that the next one may pass (when it was a full disk).
      void this.resumeWrites();
      return this.journal.failed;
    }
    return this.memory.lostBatch;
  }

  private transact<R>(body: (statements: JournalStatement[]) => R): Promise<R> {
    const refused = this.refusal();
    if (refused) return Promise.reject(refused);
    if (this.inWrite) return Promise.reject(new Error('write() cannot be called inside another write() callback.'));
    const statements: JournalStatement[] = [];
    let result: R;
    this.inWrite = true;
    try {
      result = this.memory.inSavepoint(() => body(statements));
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
    const why = (this.fatal ?? this.memory.lostBatch ?? this.journal.failed)?.message ?? '';
    if (state === 'full')
      this.log(
        `writes refused: the disk is full (${why}). Nothing acknowledged is lost; writes resume once there is room.`,
      );
    else if (state === 'failed')
      this.log(
        `${why}. Writes are refused from now on; restart the process (the journal holds every acknowledged write).`,
      );
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
      this.fatal = new StorageError(
        'storage_failed',
        `Resuming writes after a full disk failed: ${asError(err).message}`,
        { cause: err },
      );
      this.logState();
      return;
    }
    if (reopened === 'still full') return;
    // close() began meanwhile and saves nothing of the old memory (its journal failed): drop the reload.
    if (this.closing) return reopened.discard();
    // From here to start() synchronously, so close() sees either the old set or the new one.
    const old = { memory: this.memory, journal: this.journal };
    const { rec } = reopened;
    this.memory = reopened.memory;
    this.journal = reopened.journal;
    this.replayedTransactions = rec.transactions;
    this.scheduler = this.makeScheduler(rec, reopened.existing);
    this.scheduler.start();
    this.epoch++;
    this.loggedState = 'ok';
    this.log(
      `writes resume: the data folder was reloaded after the disk was full (${rec.transactions} transactions replayed)`,
    );
    old.memory.close();
    await old.journal.close();
  }

  /** The snapshot scheduler over the current memory and journal, from what recovery found. */
  private makeScheduler(
    rec: Pick<Recovered, 'snapshotGeneration' | 'journalBytes' | 'transactions'>,
    existing: SchedulerOptions['existing'],
  ): SnapshotScheduler {
    const { opts } = this;
    return new SnapshotScheduler({
      dir: opts.dir,
      memory: this.memory,
      journal: this.journal,
      snapshotGeneration: rec.snapshotGeneration,
      replayedBytes: rec.journalBytes,
      replayedAny: rec.transactions > 0,
      existing,
      thresholdBytes: opts.snapshotJournalBytes ?? DEFAULT_JOURNAL_BYTES,
      imageShare: opts.snapshotJournalShare ?? (opts.snapshotJournalBytes === undefined ? JOURNAL_IMAGE_SHARE : 0),
      intervalMs: opts.snapshotIntervalMs ?? 10 * 60 * 1000,
      build: buildSnapshotInWorker,
      placement: opts.snapshotIn ?? 'auto',
      host: hostResources,
      log: this.log,
    });
  }
}
