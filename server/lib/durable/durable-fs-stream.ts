// Streams one uploaded file to disk with flat memory and the store's fsync discipline: the bytes go to a
// temp file chunk by chunk (the stream waits while the disk catches up), the file is fsynced, renamed
// to its final name and the folder fsynced, so once this resolves a crash cannot lose the file.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeDurably, writeFully } from './durable-fs.ts';
import { diskFull, StorageError } from '../storage-error.ts';

/** Thrown when the stream carries more than `maxBytes`; nothing is left on disk. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

/**
 * Runs one disk operation; a full disk or a failing device becomes a StorageError (answered 503
 * storage_unavailable, like the store's own writes), anything else is rethrown as it is.
 */
async function disk<T>(what: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (diskFull(err)) throw new StorageError('storage_full', `The files folder is full (${what}).`, { cause: err });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EIO' || code === 'EROFS')
      throw new StorageError('storage_failed', `The files folder cannot be written (${what}: ${code}).`, {
        cause: err,
      });
    throw err;
  }
}

/** Writes `source` to `dir/name` durably; throws FileTooLarge past `maxBytes` (the partial file is removed). */
export async function writeStreamDurably(
  source: AsyncIterable<Uint8Array> | Readable,
  dir: string,
  name: string,
  maxBytes: number,
): Promise<number> {
  let size = 0;
  // 'wx': a temp name already taken means another writer has this id; never write into its file.
  await disk('open, fsync or rename', () =>
    writeDurably(
      path.join(dir, name),
      path.join(dir, `.tmp-${name}`),
      async (fh) => {
        for await (const chunk of source as AsyncIterable<Uint8Array>) {
          size += chunk.length;
          if (size > maxBytes) throw new FileTooLarge(maxBytes);
          await disk('write', () => writeFully(fh, chunk));
        }
      },
      'wx',
    ),
  );
  return size;
}
