// Builds a snapshot from the files alone: the current snapshot image plus the closed journal generations
// after it, replayed exactly as start-up would replay them, then exported and written atomically. It runs
// in a worker thread (snapshot-worker-thread.ts) so that the live database never stops for db.export(),
// which holds the event loop for ~1 ms per MB of database (a second at a million submissions). It is given
// sql.js ready to use, so that the worker's code need not carry the WebAssembly binary.
import path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { journalFileName } from './journal-format.ts';
import { configureConnection, JournalReplay } from './journal-replay.ts';
import { StatementCache } from './sql-statements.ts';
import { readSnapshot, writeSnapshot } from './snapshot-file.ts';
import { StorageError } from '../storage-error.ts';

/**
 * Which files a snapshot is built from: the snapshot the owner last installed (`fromGeneration`) and the
 * closed journals after it up to `throughGeneration`.
 */
export interface SnapshotBuildJob {
  dir: string;
  fromGeneration: number;
  throughGeneration: number;
  /** Writes filled the journal (not the schedule): the worker's sql.js tiers up as V8 would (wasm-tiering.ts). */
  underLoad?: boolean;
}

/**
 * Writes formstead.db covering journal generations up to `throughGeneration` and returns its size. The
 * journals must be closed (rotated away from) and fsynced; a torn or missing one fails the build, and the
 * folder keeps its current snapshot and journals.
 */
export async function buildSnapshot(
  SQL: SqlJsStatic,
  job: SnapshotBuildJob,
): Promise<{ bytes: number; transactions: number }> {
  const { image, transactions } = await rebuild(SQL, job);
  return { bytes: await writeSnapshot(job.dir, job.throughGeneration, image), transactions };
}

/**
 * The image after replaying the journals. Memory: the database once, plus once more at export(); the file
 * read and the database are released before the (slow) write, so the peak is about twice the image.
 */
async function rebuild(
  SQL: SqlJsStatic,
  { dir, fromGeneration, throughGeneration }: SnapshotBuildJob,
): Promise<{ image: Uint8Array; transactions: number }> {
  const { db, generation } = await openSnapshot(SQL, dir, fromGeneration, throughGeneration);
  const cache = new StatementCache(db);
  try {
    configureConnection(db);
    const replay = new JournalReplay(db, cache);
    replay.begin();
    for (let gen = generation + 1; gen <= throughGeneration; gen++) {
      const file = path.join(dir, journalFileName(gen));
      const journal = await replay.file(file, gen);
      // Recovery already cut any torn end at start-up; a closed journal is whole, or something is wrong.
      if (journal === 'torn-header')
        throw new StorageError('journal_corrupt', `${file} has no valid header; the snapshot was not taken.`);
      if (journal.tornBytes > 0)
        throw new StorageError('journal_corrupt', `${file} ends in a damaged record; the snapshot was not taken.`);
    }
    replay.commit();
    return { image: db.export(), transactions: replay.transactions };
  } finally {
    cache.clear();
    db.close();
  }
}

/**
 * The snapshot on disk as a database, and the generation it covers. That may be newer than the owner's
 * `fromGeneration` when an earlier build renamed its image into place and then failed (say, on the folder
 * fsync): replay starts after whatever the file covers. Its file buffer is garbage once sql.js copied it.
 */
async function openSnapshot(
  SQL: SqlJsStatic,
  dir: string,
  from: number,
  through: number,
): Promise<{ db: Database; generation: number }> {
  const current = await readSnapshot(dir);
  const generation = current?.generation ?? 0;
  if (generation < from || generation > through) {
    throw new StorageError(
      'snapshot_corrupt',
      `${dir}/formstead.db covers generation ${generation}, not one from ${from} to ${through}: ` +
        'it was changed by something else.',
    );
  }
  return { db: new SQL.Database(current?.image), generation };
}
