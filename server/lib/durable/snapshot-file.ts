// The snapshot file, formstead.db: a whole SQLite database image behind a small checked header.
//
// Header (32 bytes): "FSSNAPSH" | format version u32 LE | crc32 u32 LE | body length u64 LE | generation u64 LE
// The crc covers bytes 16..32 (length and generation) and then the body, so a flipped bit anywhere after the
// magic is caught when the file is opened, not at the first query that touches a bad page. `generation` is
// the newest journal generation whose records the image already contains. Everything after the header is
// a plain SQLite file: `tail -c +33 formstead.db > copy.sqlite` opens in the sqlite3 shell.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { writeDurably, writeFully, writeInSteps } from './durable-fs.ts';
import { StorageError } from '../storage-error.ts';

const MAGIC = Buffer.from('FSSNAPSH', 'latin1');
const VERSION = 1;
const HEADER_BYTES = 32;
/** File name of the snapshot inside the data folder. */
export const SNAPSHOT_FILE = 'formstead.db';
/** File name a snapshot is written under before it is renamed into place. */
export const SNAPSHOT_TMP_FILE = 'formstead.db.tmp';
/**
 * Bytes of an image checksummed in one event-loop turn, and written and fdatasynced at a time: a snapshot made on
 * the main thread then holds requests ~2 ms a step instead of ~0.5 ms a MB at once, and the journal's fsyncs wait
 * for at most a step of its data (writeInSteps; docs/performance.md, "Ingest latency at the tail").
 */
export const SNAPSHOT_STEP_BYTES = 4 * 1024 * 1024;

/** A snapshot read back: the database image and the journal generation it covers. */
export interface Snapshot {
  generation: number;
  image: Uint8Array;
}

/** Writes `image` as the snapshot covering journal generations up to `generation`, atomically and durably. */
export async function writeSnapshot(dir: string, generation: number, image: Uint8Array): Promise<number> {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(VERSION, 8);
  header.writeBigUInt64LE(BigInt(image.length), 16);
  header.writeBigUInt64LE(BigInt(generation), 24);
  header.writeUInt32LE(await crc32InSteps(image, crc32(header.subarray(16, 32))), 12);
  await writeDurably(path.join(dir, SNAPSHOT_FILE), path.join(dir, SNAPSHOT_TMP_FILE), async (fh) => {
    await writeFully(fh, header);
    await writeInSteps(fh, image, SNAPSHOT_STEP_BYTES);
  });
  return HEADER_BYTES + image.length;
}

/** zlib's crc32 of `data` continuing from `seed`, SNAPSHOT_STEP_BYTES an event-loop turn. */
export async function crc32InSteps(data: Uint8Array, seed: number): Promise<number> {
  let crc = seed;
  for (let at = 0; at < data.length; at += SNAPSHOT_STEP_BYTES) {
    if (at > 0) await nextTurn();
    crc = crc32(data.subarray(at, Math.min(data.length, at + SNAPSHOT_STEP_BYTES)), crc);
  }
  return crc;
}

/** Reads and verifies the snapshot; undefined when the folder has none yet. Never modifies the file. */
export async function readSnapshot(dir: string): Promise<Snapshot | undefined> {
  const file = path.join(dir, SNAPSHOT_FILE);
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return decodeSnapshot(buf, file);
}

/** Verifies a snapshot file's bytes (`file` names it in errors) and returns its image and generation. */
export function decodeSnapshot(buf: Buffer, file: string): Snapshot {
  const corrupt = (why: string) =>
    new StorageError(
      'snapshot_corrupt',
      `The snapshot ${file} is corrupt (${why}). Nothing was changed. Restore the data folder from a backup; ` +
        'the journal files alone cannot rebuild the database.',
    );
  if (buf.length < HEADER_BYTES || !buf.subarray(0, 8).equals(MAGIC)) throw corrupt('not a Formstead snapshot header');
  if (buf.readUInt32LE(8) !== VERSION) throw corrupt(`unknown format version ${buf.readUInt32LE(8)}`);
  const length = buf.readBigUInt64LE(16);
  if (length !== BigInt(buf.length - HEADER_BYTES)) {
    throw corrupt(`header says ${length} bytes of data, the file holds ${buf.length - HEADER_BYTES}`);
  }
  const image = buf.subarray(HEADER_BYTES);
  if (crc32(image, crc32(buf.subarray(16, 32))) !== buf.readUInt32LE(12)) throw corrupt('checksum mismatch');
  return { generation: Number(buf.readBigUInt64LE(24)), image };
}

/** Size in bytes and modification time of the current snapshot file, if any. */
export async function snapshotInfo(dir: string): Promise<{ bytes: number; at: Date } | undefined> {
  try {
    const s = await stat(path.join(dir, SNAPSHOT_FILE));
    return { bytes: s.size, at: s.mtime };
  } catch {
    return undefined;
  }
}
