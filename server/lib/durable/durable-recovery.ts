// Start-up recovery: load the snapshot, replay the journal generations after it, repair a torn end.
//
// Rules, in the order they are checked:
// - formstead.db that fails its header or checksum stops start-up (nothing is written or deleted).
// - Journals up to the snapshot's generation are leftovers of a snapshot that finished: deleted.
// - Newer journals must be numbered snapshot+1, snapshot+2, ... without a gap.
// - Only the newest journal may end in a torn frame (or be a torn, header-less creation): that frame was
//   never acknowledged, so it is cut off. Damage anywhere else stops start-up.
import { readdir, truncate, unlink, open } from 'node:fs/promises';
import path from 'node:path';
import type { Database, SqlJsStatic } from 'sql.js';
import { fsyncDir } from './durable-fs.ts';
import { journalFileName, parseJournalFileName } from './journal-format.ts';
import { configureConnection, JournalReplay } from './journal-replay.ts';
import { readSnapshot, SNAPSHOT_TMP_FILE, writeSnapshot } from './snapshot-file.ts';
import { StatementCache } from './sql-statements.ts';
import { StorageError } from '../storage-error.ts';

/** The database as the data folder describes it, and where the journal continues. */
export interface Recovered {
  db: Database;
  snapshotGeneration: number;
  /** The first generation that does not exist yet: the journal writer starts there. */
  nextGeneration: number;
  /** Bytes of the journals replayed on top of the snapshot (they stay until the next snapshot). */
  journalBytes: number;
  transactions: number;
  /** The statement cache replay prepared, for the live database to keep using. */
  cache: StatementCache;
}

/**
 * Rebuilds the database from `dir` (which the caller has locked). A folder with neither snapshot nor journal
 * starts from `newImage()` when that gives one: written as the snapshot of generation 0 before it is used.
 */
export async function recover(
  SQL: SqlJsStatic,
  dir: string,
  log: (line: string) => void,
  newImage?: () => Uint8Array | undefined,
): Promise<Recovered> {
  await unlink(path.join(dir, SNAPSHOT_TMP_FILE)).catch(() => undefined); // a snapshot a crash interrupted
  let snapshot = await readSnapshot(dir);
  const snapshotGeneration = snapshot?.generation ?? 0;
  const gens = (await readdir(dir))
    .map(parseJournalFileName)
    .filter((g): g is number => g !== undefined)
    .sort((a, b) => a - b);
  const live = gens.filter((g) => g > snapshotGeneration);
  live.forEach((g, i) => {
    if (g !== snapshotGeneration + 1 + i) {
      throw new StorageError(
        'journal_corrupt',
        `${path.join(dir, journalFileName(snapshotGeneration + 1 + i))} is missing: the snapshot covers generation ` +
          `${snapshotGeneration} and ${journalFileName(g)} follows. Nothing was changed; ` +
          'restore the data folder from a backup.',
      );
    }
  });

  const image = !snapshot && live.length === 0 ? newImage?.() : undefined;
  if (image) {
    await writeSnapshot(dir, 0, image);
    snapshot = { generation: 0, image };
  }
  const db = new SQL.Database(snapshot?.image);
  const cache = new StatementCache(db);
  const replay = new JournalReplay(db, cache);
  let journalBytes = 0;
  let nextGeneration = snapshotGeneration + 1;
  try {
    configureConnection(db);
    replay.begin();
    for (const gen of live) {
      const file = path.join(dir, journalFileName(gen));
      const newest = gen === live[live.length - 1];
      const journal = await replay.file(file, gen);
      if (journal === 'torn-header') {
        if (!newest)
          throw new StorageError('journal_corrupt', `${file} has no valid header but newer journals follow.`);
        log(`removed ${journalFileName(gen)}: its creation was interrupted before anything was written to it`);
        await unlink(file);
        await fsyncDir(dir);
        break;
      }
      if (journal.tornBytes > 0) {
        if (!newest) {
          throw new StorageError(
            'journal_corrupt',
            `${file} ends in a damaged record at byte ${journal.validBytes} but newer journals follow.`,
          );
        }
        log(
          `dropped ${journal.tornBytes} bytes at the end of ${journalFileName(gen)}: ` +
            'a write the process did not finish (never acknowledged)',
        );
      }
      // The torn end, and the zeros the writer wrote ahead of its frames (journal.ts, "Space ahead"; no data, so
      // no log line of their own).
      if (journal.tornBytes + journal.spareBytes > 0) await cutTail(file, journal.validBytes);
      journalBytes += journal.validBytes;
      nextGeneration = gen + 1;
    }
    replay.commit();
  } catch (err) {
    cache.clear();
    db.close();
    throw err;
  }
  const obsolete = gens.filter((g) => g <= snapshotGeneration);
  for (const g of obsolete) await unlink(path.join(dir, journalFileName(g)));
  if (obsolete.length > 0) await fsyncDir(dir);
  return { db, snapshotGeneration, nextGeneration, journalBytes, transactions: replay.transactions, cache };
}

/** Truncates the torn end durably, so the file is clean once newer generations are written after it. */
async function cutTail(file: string, validBytes: number): Promise<void> {
  await truncate(file, validBytes);
  const fh = await open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
