// A real PNG made in the test (node's zlib), so suites can upload a signature and read its image back.
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
};

/**
 * An RGB PNG of `width` x `height` with a dark diagonal stroke on white (a "signature"); with `size`, padded
 * to exactly that many bytes by a private ancillary chunk (readers skip it).
 */
export function signaturePng(width = 120, height = 40, size?: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0; // no filter
    const x = Math.floor((y / height) * width);
    row.fill(20, 1 + x * 3, 1 + Math.min(width, x + 4) * 3);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ];
  const natural = parts.reduce((n, p) => n + p.length, 0);
  // A chunk's length, type and CRC take 12 bytes besides its data.
  if (size !== undefined) parts.splice(2, 0, chunk('prVt', Buffer.alloc(size - natural - 12)));
  return Buffer.concat(parts);
}
