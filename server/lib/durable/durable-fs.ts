// File operations with the fsync discipline the store relies on: data reaches the disk before we say so,
// and a new or renamed file is only durable once its directory has been fsynced too.
import { chmod, mkdir, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything Formstead writes in its data folder is readable by its own user only: the folder holds the
 * instance secret, webhook secrets, password hashes, every answer and every uploaded file.
 */
export const PRIVATE_FILE_MODE = 0o600;
/** The data folder and the folders in it: its own user only (see PRIVATE_FILE_MODE). */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `dir` (and missing parents) as 0700; an existing folder that others may read or enter (0755, from
 * an older version or made by hand) is tightened to 0700, with one log line saying so.
 */
export async function privateFolder(dir: string, log: (line: string) => void): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (process.platform === 'win32') return; // no POSIX modes; NTFS ACLs are the operator's to set
  const mode = (await stat(dir)).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  await chmod(dir, PRIVATE_DIR_MODE);
  log(`tightened ${dir} from ${mode.toString(8).padStart(4, '0')} to 0700: it holds secrets and every answer`);
}

/**
 * Writes all of `data` at the handle's position, or at byte `at` of the file (a single write may be short for
 * large buffers).
 */
export async function writeFully(fh: Pick<FileHandle, 'write'>, data: Uint8Array, at?: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await fh.write(data, done, data.length - done, at === undefined ? null : at + done);
    done += bytesWritten;
  }
}

/**
 * Writes `data` at the handle's position `step` bytes at a time, each slice fdatasynced before the next is written.
 * For a large file written while the journal syncs on the same file system: a journal fdatasync commits the file
 * system's journal, which first waits for the data of every other file it has allocated blocks for (ext4's
 * data=ordered), so one 300 MB write flushed at the end held the journal's syncs up to ~100-270 ms on this disk,
 * and slices of 4 MB about ten times less (docs/performance.md, "Ingest latency at the tail").
 */
export async function writeInSteps(
  fh: Pick<FileHandle, 'write' | 'datasync'>,
  data: Uint8Array,
  step: number,
): Promise<void> {
  for (let at = 0; at < data.length; at += step) {
    await writeFully(fh, data.subarray(at, Math.min(data.length, at + step)));
    await fh.datasync();
  }
}

/** Fsyncs a directory so that file creations, renames and deletions in it survive a power loss. */
export async function fsyncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (err) {
    // Windows cannot open or fsync a directory; NTFS journals metadata itself, so there is nothing to do.
    if (process.platform !== 'win32') throw err;
  } finally {
    await fh?.close();
  }
}

/**
 * Writes a file that is whole or absent after a crash: `write` fills `tmp` (opened with `flags`), then
 * fsync, rename over `target`, fsync its folder. On any failure the temp file is removed and the error
 * rethrown. The snapshot, uploaded files and backups all go through here.
 */
export async function writeDurably(
  target: string,
  tmp: string,
  write: (fh: FileHandle) => Promise<void>,
  flags = 'w',
): Promise<void> {
  const fh = await open(tmp, flags, PRIVATE_FILE_MODE);
  try {
    await write(fh);
    await fh.sync();
  } catch (err) {
    await fh.close().catch(() => undefined);
    // A half-written file on a full disk would hold the space the journal needs to go on.
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fh.close();
  await rename(tmp, target);
  await fsyncDir(path.dirname(target));
}
