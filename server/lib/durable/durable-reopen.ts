// Reopening a data folder in the process that holds it, after a full disk refused journal writes.
// Memory then holds writes whose journal frames were cut off again, so the database is rebuilt from the
// folder exactly as a restart would (durable-recovery.ts), with a new journal generation after every file
// on disk. The journal file is created first: while the disk is still full that fails at once, before
// the (costly) replay.
import { readdir } from 'node:fs/promises';
import { MemoryDatabase } from './durable-memory.ts';
import { recover, type Recovered } from './durable-recovery.ts';
import { parseJournalFileName } from './journal-format.ts';
import { JournalWriter } from './journal.ts';
import { snapshotInfo } from './snapshot-file.ts';
import { loadSqlJs } from './sql-js.ts';
import { StorageError } from '../storage-error.ts';

/** A rebuilt database with its new journal, ready to replace the failed ones. */
export interface Reopened {
  /** What recovery found (rec.db and rec.cache are owned by `memory`). */
  rec: Recovered;
  memory: MemoryDatabase;
  journal: JournalWriter;
  existing: Awaited<ReturnType<typeof snapshotInfo>>;
  /** Closes both, when the caller cannot use them after all (it began closing meanwhile). */
  discard(): Promise<void>;
}

/**
 * Rebuilds the database of `dir` (which this process has locked and no longer writes); 'still full'
 * when there is no room yet for a journal file. Any other failure throws: the folder's state is unknown.
 */
export async function reopenAfterFullDisk(
  dir: string,
  snapshotGeneration: number,
  log: (line: string) => void,
): Promise<Reopened | 'still full'> {
  // From the files, not the failed writer: a rotation that failed may have counted generations never created.
  const gens = (await readdir(dir)).map(parseJournalFileName).filter((g): g is number => g !== undefined);
  let journal: JournalWriter;
  try {
    journal = await JournalWriter.create(dir, Math.max(snapshotGeneration, ...gens) + 1);
  } catch (err) {
    if (err instanceof StorageError && err.code === 'storage_full') return 'still full';
    throw err;
  }
  try {
    const rec = await recover(await loadSqlJs(), dir, log);
    const memory = new MemoryDatabase(rec.db, rec.cache, log);
    const existing = await snapshotInfo(dir);
    const discard = async () => {
      memory.close();
      await journal.close();
    };
    return { rec, memory, journal, existing, discard };
  } catch (err) {
    await journal.close();
    throw err;
  }
}
