// Recognising a data folder before a command touches it, so a typo in --data is not taken for an empty one.
import { readdir } from 'node:fs/promises';
import { parseJournalFileName } from '../lib/durable/journal-format.ts';
import { SNAPSHOT_FILE } from '../lib/durable/snapshot-file.ts';

/** Whether `dir` holds a snapshot or a journal (what every started data folder has). */
export async function isDataFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((name) => name === SNAPSHOT_FILE || parseJournalFileName(name) !== undefined);
  } catch {
    return false;
  }
}
