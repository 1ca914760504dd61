// A WOFF 1.0 file unpacked to the plain font (TrueType/OpenType) it wraps, with Node's native zlib. fontkit reads
// WOFF itself, but it inflates a table in JavaScript (tiny-inflate) each time it reads from it: with UnifontEX's
// 13 MB glyph table that took 2 s for one Chinese character and 25 s for a line of nine scripts. Unpacked once per
// PDF (about 50 ms for UnifontEX, only when a character needs it), every later read is a slice.
import { inflateSync } from 'node:zlib';

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/** The sfnt bytes of a WOFF file; any other bytes are returned as they are. */
export function woffToSfnt(bytes: Uint8Array): Buffer {
  const woff = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const [offset, packed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + packed);
    return { at, data: packed < length ? inflateSync(raw) : raw };
  });
  // The sfnt header's search fields: the largest power of two not above the table count.
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(SFNT_HEADER + SFNT_ENTRY * count);
  woff.copy(head, 0, 4, 8);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * SFNT_ENTRY, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE((count - power) * SFNT_ENTRY, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach(({ at, data }, i) => {
    const entry = SFNT_HEADER + i * SFNT_ENTRY;
    woff.copy(head, entry, at, at + 4);
    head.writeUInt32BE(woff.readUInt32BE(at + 16), entry + 4);
    head.writeUInt32BE(offset, entry + 8);
    head.writeUInt32BE(data.length, entry + 12);
    // Each table starts on a four-byte boundary.
    const pad = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(pad));
    offset += data.length + pad;
  });
  return Buffer.concat(parts);
}
