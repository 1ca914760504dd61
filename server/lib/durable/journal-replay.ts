// Running journaled transactions again on a database image: at start-up on top of the snapshot
// (durable-recovery.ts) and in the snapshot worker (snapshot-build.ts). Live writes and both replays share
// the connection settings below, since pragmas change what statements do.
import path from 'node:path';
import type { Database } from 'sql.js';
import { readJournalFile } from './journal.ts';
import type { ParsedJournal } from './journal-format.ts';
import { runStatement, type StatementCache } from './sql-statements.ts';
import { StorageError } from '../storage-error.ts';
import { decodeFrame, type JournalTx } from './tx-record.ts';

/** Connection settings of every Formstead database: live, replayed at start-up, or rebuilt for a snapshot. */
export function configureConnection(db: Database): void {
  // The database file lives in sql.js's in-memory file system and durability comes from our journal, so
  // SQLite's own rollback journal file and syncs are pure overhead. Foreign keys are enforced. Only this
  // connection ever opens the file, so it keeps its lock: otherwise every transaction starts by looking for a
  // hot journal and checking that the file did not change, stat() calls into the in-memory file system that
  // cost ~3 µs a submission (docs/performance.md).
  // secure_delete: a deleted row's bytes are overwritten, not left in a free page that the next snapshot
  // would write to disk (an erased person's answers must not survive in the image).
  db.exec(
    'PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON; ' +
      'PRAGMA locking_mode = EXCLUSIVE; PRAGMA secure_delete = ON;',
  );
}

// Replay commits every this many journaled transactions instead of after each one: a COMMIT writes every
// dirty page into sql.js's in-memory file, and batching more than halves replay time. Per-transaction
// atomicity is not needed: any failure aborts the replay and the whole in-memory database is dropped.
const REPLAY_BATCH = 2000;

/** Replays journal files onto one database inside BEGIN/COMMIT batches; counts the transactions run. */
export class JournalReplay {
  /** Journaled transactions run so far. */
  transactions = 0;

  constructor(
    private readonly db: Database,
    private readonly cache: StatementCache,
  ) {}

  /** Opens the first batch; call once before the first file. */
  begin(): void {
    this.db.exec('BEGIN');
  }

  /** Commits the last batch; call once after the last file. */
  commit(): void {
    this.db.exec('COMMIT');
  }

  /**
   * Reads `file` (journal generation `gen`) and runs every intact transaction in it. Returns the parsed
   * file so the caller can judge a torn end, or 'torn-header' for a creation a crash interrupted.
   */
  async file(file: string, gen: number): Promise<ParsedJournal | 'torn-header'> {
    const journal = await readJournalFile(file);
    if (journal === 'torn-header') return journal;
    if (journal.generation !== gen)
      throw new StorageError('journal_corrupt', `${file} says it is generation ${journal.generation}, not ${gen}.`);
    for (const frame of journal.frames) {
      const where = `${path.basename(file)} at byte ${frame.offset}`;
      for (const tx of decodeFrame(frame.payload, where)) {
        this.one(tx, where);
        if (++this.transactions % REPLAY_BATCH === 0) this.db.exec('COMMIT; BEGIN');
      }
    }
    return journal;
  }

  private one(tx: JournalTx, where: string): void {
    try {
      if (tx.behind) this.behind(tx);
      else this.run(tx);
    } catch (err) {
      throw new StorageError(
        'replay_failed',
        `Replaying the transaction in ${where} failed: ${(err as Error).message}. The journal does not match the ` +
          'snapshot (or a write used a non-deterministic SQL function). Nothing was changed.',
        { cause: err },
      );
    }
  }

  private run(tx: JournalTx): void {
    for (const s of tx.statements) {
      if (s.length === 1) this.db.exec(s[0]);
      else runStatement(this.cache.get(s[0]), s[1]);
    }
  }

  /**
   * A write journaled before it ran: when it fails here it failed in memory too, at the same place in the same
   * data (durable-memory.ts, settle), and was refused there: it is undone alone and replay goes on.
   */
  private behind(tx: JournalTx): void {
    runStatement(this.cache.get('SAVEPOINT behind'), []);
    try {
      this.run(tx);
    } catch {
      runStatement(this.cache.get('ROLLBACK TO behind'), []);
    }
    runStatement(this.cache.get('RELEASE behind'), []);
  }
}
