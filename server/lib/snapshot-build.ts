// Builds a snapshot from the files alone: the current snapshot image plus the closed journal generations
// after it, replayed exactly as start-up would replay them, then exported and written atomically. It runs
// in a worker thread (snapshot-worker.ts) so that the live database never stops for db.export(), which
// holds the event loop for ~1 ms per MB of database (a second at a million submissions).
import path from 'node:path';
import type { Database } from 'sql.js';
import { journalFileName } from './journal-format.ts';
import { configureConnection, JournalReplay } from './journal-replay.ts';
import { loadSqlJs } from './sql-js.ts';
import { StatementCache } from './sql-statements.ts';
import { readSnapshot, writeSnapshot } from './snapshot-file.ts';
import { StorageError } from './storage-error.ts';

/** Which files a snapshot is built from: the snapshot of `fromGeneration` and journals after it up to `throughGeneration`. */
export interface SnapshotBuildJob {
  dir: string;
  fromGeneration: number;
  throughGeneration: number;
}

/**
 * Writes formstead.db covering journal generations up to `throughGeneration` and returns its size. The
 * journals must be closed (rotated away from) and fsynced; a torn or missing one fails the build, and the
 * folder keeps its current snapshot and journals.
 */
export async function buildSnapshot(job: SnapshotBuildJob): Promise<{ bytes: number; transactions: number }> {
  const { image, transactions } = await rebuild(job);
  return { bytes: await writeSnapshot(job.dir, job.throughGeneration, image), transactions };
}

/**
 * The image after replaying the journals. Memory: the database once, plus once more at export(); the file
 * read and the database are released before the (slow) write, so the peak is about twice the image.
 */
async function rebuild({ dir, fromGeneration, throughGeneration }: SnapshotBuildJob): Promise<{ image: Uint8Array; transactions: number }> {
  const db = await openSnapshot(dir, fromGeneration);
  const cache = new StatementCache(db);
  try {
    configureConnection(db);
    const replay = new JournalReplay(db, cache);
    replay.begin();
    for (let gen = fromGeneration + 1; gen <= throughGeneration; gen++) {
      const file = path.join(dir, journalFileName(gen));
      const journal = await replay.file(file, gen);
      // Recovery already cut any torn end at start-up; a closed journal is whole, or something is wrong.
      if (journal === 'torn-header' || journal.tornBytes > 0) throw new StorageError('journal_corrupt', `${file} is damaged; the snapshot was not taken.`);
    }
    replay.commit();
    cache.clear();
    return { image: db.export(), transactions: replay.transactions };
  } finally {
    cache.clear();
    db.close();
  }
}

/** The current snapshot as a database; its file buffer is garbage once sql.js has copied it. */
async function openSnapshot(dir: string, expectedGeneration: number): Promise<Database> {
  const SQL = await loadSqlJs();
  const current = await readSnapshot(dir);
  if ((current?.generation ?? 0) !== expectedGeneration) {
    throw new StorageError('journal_corrupt', `${dir} holds snapshot generation ${current?.generation ?? 0}, expected ${expectedGeneration}.`);
  }
  return new SQL.Database(current?.image);
}
