// File operations with the fsync discipline the store relies on: data reaches the disk before we say so,
// and a new or renamed file is only durable once its directory has been fsynced too.
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';

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

/** Replaces `target` atomically with `chunks`: temp file, fsync, rename over the target, fsync the folder. */
export async function replaceFile(dir: string, target: string, tmp: string, chunks: Uint8Array[]): Promise<void> {
  const fh = await open(tmp, 'w');
  try {
    for (const chunk of chunks) await writeFully(fh, chunk);
    await fh.sync();
  } catch (err) {
    await fh.close();
    // A half-written image on a full disk would hold the space the journal needs to go on.
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fh.close();
  await rename(tmp, target);
  await fsyncDir(dir);
}
