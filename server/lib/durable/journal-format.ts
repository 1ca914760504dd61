// The on-disk shape of a journal file and how to read one back, tolerating a torn end.
//
// File:   header (16 bytes) then frames, written in order and never rewritten, then zeros: space the writer
//         filled ahead of its frames (journal.ts, "Space ahead"), which a reader skips as the end.
// Header: "FSJOURNL" | generation u32 LE | crc32 of the previous 12 bytes u32 LE
// Frame:  length u32 LE | crc32 over (length bytes + payload) u32 LE | payload (length bytes, length >= 1)
//         The payload is JSON: the records that one flush took (tx-record.ts encodeFramePayload), with the
//         SQL texts they name by number.
//
// One frame is one group commit: it is written with one write() and made durable with one fdatasync, and
// nothing in it is acknowledged before that. A crash can therefore only damage the last frame of the newest
// file, which is why a bad frame with nothing valid after it is dropped, while a bad frame followed by a
// valid one is corruption that must not be papered over.
import { crc32 } from 'node:zlib';
import { StorageError } from '../storage-error.ts';

const MAGIC = Buffer.from('FSJOURNL', 'latin1');
/** Size of the journal file header. */
export const JOURNAL_HEADER_BYTES = 16;
const FRAME_HEADER_BYTES = 8;

/** The file name of journal generation `gen` inside the data folder. */
export const journalFileName = (gen: number): string => `journal-${gen}.log`;

/** The generation in a journal file name, or undefined for any other file. */
export function parseJournalFileName(name: string): number | undefined {
  const m = /^journal-(\d+)\.log$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** The 16-byte header that opens journal generation `gen`. */
export function encodeJournalHeader(gen: number): Buffer {
  const header = Buffer.alloc(JOURNAL_HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(gen, 8);
  header.writeUInt32LE(crc32(header.subarray(0, 12)), 12);
  return header;
}

/** Frames `payload` (one group commit) for appending. */
export function encodeFrame(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return sealFrame(frame, payload.length);
}

/** UTF-8's most bytes for one UTF-16 unit of a string (a surrogate pair's 4 bytes are two units). */
const UTF8_BYTES_PER_UNIT = 3;

/**
 * Frames the payload text `payload` (its UTF-8 bytes, as Buffer.from would make them): the same bytes as
 * encodeFrame(Buffer.from(payload)), encoded straight into the frame, without a second buffer and its copy. With
 * `space` large enough for any UTF-8 of the text (UTF8_BYTES_PER_UNIT bytes a UTF-16 unit), the frame is the
 * start of `space`, encoded in one pass: Buffer.byteLength read the whole text once more only to size a new
 * buffer (docs/performance.md, "The journal record and the chain link, session 8").
 */
export function encodeFrameText(payload: string, space?: Buffer): Buffer {
  if (space !== undefined && space.length >= FRAME_HEADER_BYTES + UTF8_BYTES_PER_UNIT * payload.length) {
    const length = space.write(payload, FRAME_HEADER_BYTES);
    return sealFrame(space.subarray(0, FRAME_HEADER_BYTES + length), length);
  }
  const length = Buffer.byteLength(payload);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length);
  frame.write(payload, FRAME_HEADER_BYTES);
  return sealFrame(frame, length);
}

/** Writes the header (length, crc32 of it and the payload) of a frame whose payload is in place. */
function sealFrame(frame: Buffer, length: number): Buffer {
  frame.writeUInt32LE(length, 0);
  frame.writeUInt32LE(crc32(frame.subarray(FRAME_HEADER_BYTES), crc32(frame.subarray(0, 4))), 4);
  return frame;
}

/** A frame read back: where it starts in the file and its payload. */
export interface JournalFrame {
  offset: number;
  payload: Buffer;
}

/**
 * What a journal file holds: its frames, where the valid part ends, how many torn bytes follow (the start of a
 * frame a crash cut), and how many bytes of zeros end the file (space written ahead, or left by a torn frame).
 */
export interface ParsedJournal {
  generation: number;
  frames: JournalFrame[];
  validBytes: number;
  tornBytes: number;
  spareBytes: number;
}

/** The length of `buf` without its run of trailing zeros (a frame never ends in a zero byte: its JSON ends it). */
export function withoutSpare(buf: Buffer): number {
  let end = buf.length;
  while (end > 0 && buf[end - 1] === 0) end--;
  return end;
}

/**
 * Where a journal file's header and frames end: before the zeros written ahead, never inside the header (whose
 * last byte, the top byte of its crc32, is zero for about one generation in 256).
 */
export function journalDataEnd(buf: Buffer): number {
  return Math.min(buf.length, Math.max(JOURNAL_HEADER_BYTES, withoutSpare(buf)));
}

/** End offset of a valid frame starting at `offset`, or -1. Zero-filled space never passes (length 0). */
function frameEnd(buf: Buffer, offset: number): number {
  if (offset + FRAME_HEADER_BYTES > buf.length) return -1;
  const length = buf.readUInt32LE(offset);
  const end = offset + FRAME_HEADER_BYTES + length;
  if (length === 0 || end > buf.length) return -1;
  const crc = crc32(buf.subarray(offset + FRAME_HEADER_BYTES, end), crc32(buf.subarray(offset, offset + 4)));
  return crc === buf.readUInt32LE(offset + 4) ? end : -1;
}

/** Reads a whole journal file's bytes; `name` only makes error messages point at the file. */
export function parseJournal(buf: Buffer, name: string): ParsedJournal {
  const generation = parseJournalHeader(buf, name);
  const frames: JournalFrame[] = [];
  // Past the last byte that is not zero no frame can start (its length is not zero), nor end (see withoutSpare).
  const dataEnd = journalDataEnd(buf);
  const spareBytes = buf.length - dataEnd;
  let offset = JOURNAL_HEADER_BYTES;
  while (offset < dataEnd) {
    const end = frameEnd(buf, offset);
    if (end > 0) {
      frames.push({ offset, payload: buf.subarray(offset + FRAME_HEADER_BYTES, end) });
      offset = end;
      continue;
    }
    // A bad frame. If any valid frame follows, later acknowledged commits sit behind damage: refuse.
    // Only in this error path do we pay for a byte-by-byte search.
    for (let probe = offset + 1; probe < dataEnd; probe++) {
      if (frameEnd(buf, probe) > 0) {
        throw new StorageError(
          'journal_corrupt',
          `${name} is corrupt at byte ${offset}, and valid records follow at byte ${probe}: ` +
            'acknowledged writes would be lost. Nothing was changed; restore the data folder from a backup.',
        );
      }
    }
    return { generation, frames, validBytes: offset, tornBytes: dataEnd - offset, spareBytes };
  }
  return { generation, frames, validBytes: offset, tornBytes: 0, spareBytes };
}

/** Whether `buf` starts with an intact journal header. */
export function hasJournalHeader(buf: Buffer): boolean {
  return (
    buf.length >= JOURNAL_HEADER_BYTES &&
    buf.subarray(0, 8).equals(MAGIC) &&
    buf.readUInt32LE(12) === crc32(buf.subarray(0, 12))
  );
}

/** Checks the header and returns the generation it names. */
function parseJournalHeader(buf: Buffer, name: string): number {
  if (!hasJournalHeader(buf)) {
    throw new StorageError('journal_corrupt', `${name} does not start with a valid Formstead journal header.`);
  }
  return buf.readUInt32LE(8);
}
