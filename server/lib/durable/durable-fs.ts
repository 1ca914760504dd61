// File operations with the fsync discipline the store relies on: data reaches the disk before we say so,
// and a new or renamed file is only durable once its directory has been fsynced too.
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Writes all of `data` at the handle's position (a single write may be short for large buffers). */
export async function writeFully(fh: FileHandle, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await fh.write(data, done, data.length - done);
    done += bytesWritten;
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
  const fh = await open(tmp, flags);
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

/** Replaces `target` atomically with `chunks` (see writeDurably). */
export async function replaceFile(target: string, tmp: string, chunks: Uint8Array[]): Promise<void> {
  await writeDurably(target, tmp, async (fh) => {
    for (const chunk of chunks) await writeFully(fh, chunk);
  });
}
