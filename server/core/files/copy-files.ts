// Copies the stored files an installation's `files` rows name from one files folder to another
// (`formstead migrate --files-dir`), each written durably (temp file, fsync, rename, folder fsync)
// before it counts as copied. A file already in the target with the row's size is taken as copied
// before (a rerun); one of another size (a copy cut short elsewhere) is written again.
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, writeDurably, writeFully } from '../../lib/durable/durable-fs.ts';
import { looksLikeId } from '../ids.ts';

/** A file as its row describes it. */
export interface FileEntry {
  id: string;
  size: number;
}

/** What a copy did, and the files the target still lacks. */
export interface FilesCopied {
  copied: number;
  alreadyThere: number;
  /** Files named by a row that are not in the target folder with the row's size (missing or damaged at the source). */
  missing: string[];
}

/** The size of `file`, or undefined when there is no such file. */
async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Copies each entry's file from `from` to `to` (created if needed); with `to` the same folder as
 * `from` (or undefined), copies nothing and only checks that every file is there.
 */
export async function copyFiles(entries: FileEntry[], from: string, to: string | undefined): Promise<FilesCopied> {
  const target = to === undefined ? from : to;
  const inPlace = path.resolve(target) === path.resolve(from);
  if (!inPlace) await mkdir(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  const result: FilesCopied = { copied: 0, alreadyThere: 0, missing: [] };
  for (const { id, size } of entries) {
    // Ids are the server's own; one that is not could name a path outside the folder.
    if (!looksLikeId(id)) {
      result.missing.push(id);
      continue;
    }
    const dest = path.join(target, id);
    if ((await sizeOf(dest)) === size) {
      result.alreadyThere++;
      continue;
    }
    const src = path.join(from, id);
    if (inPlace || (await sizeOf(src)) !== size) {
      result.missing.push(id);
      continue;
    }
    await writeDurably(dest, path.join(target, `.tmp-${id}`), async (fh) => {
      for await (const chunk of createReadStream(src)) await writeFully(fh, chunk as Buffer);
    });
    result.copied++;
  }
  return result;
}
