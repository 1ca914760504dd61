// What an image is, read from its bytes only (never its name or declared type): PNG, JPEG, WebP or GIF
// with the width and height their headers give. Anything else (SVG, HTML, a truncated header) is none.
// Own code rather than a library: four formats' headers are a few dozen lines (docs/decisions.md, 2026-11-29).

/** The types an image may have, as served. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** An image's type and size in pixels, as its bytes declare them. */
export interface SniffedImage {
  type: ImageType;
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];

/** The image these bytes hold, or undefined when they are no PNG, JPEG, WebP or GIF with a whole header. */
export function sniffImage(b: Uint8Array): SniffedImage | undefined {
  const found = png(b) ?? gif(b) ?? webp(b) ?? jpeg(b);
  return found && found.width > 0 && found.height > 0 ? found : undefined;
}

function png(b: Uint8Array): SniffedImage | undefined {
  // The signature, then the IHDR chunk first (the PNG spec requires it there).
  if (b.length < 24 || !ascii(b, 1, 'PNG\r\n\x1a\n') || b[0] !== 0x89 || !ascii(b, 12, 'IHDR')) return undefined;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): SniffedImage | undefined {
  if (b.length < 10 || !(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) return undefined;
  return { type: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): SniffedImage | undefined {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return undefined;
  // Lossy (VP8): a key frame's start code, then 14-bit sizes.
  if (ascii(b, 12, 'VP8 ') && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  // Lossless (VP8L): signature 0x2f, then width-1 and height-1 in 14 bits each.
  if (ascii(b, 12, 'VP8L') && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // Extended (VP8X): canvas width-1 and height-1 in 24 bits each.
  if (ascii(b, 12, 'VP8X') && b.length >= 30)
    return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

/** Start-of-frame markers (SOF0 to SOF15 but DHT C4, JPG C8 and DAC CC), which carry the frame's size. */
const isFrameStart = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Uint8Array): SniffedImage | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  // Walk the segments (EXIF, ICC, tables ...) to the first frame header.
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (isFrameStart(marker)) return { type: 'image/jpeg', width: u16be(b, at + 7), height: u16be(b, at + 5) };
    // Markers without a length: TEM, RST0-7; the scan (SOS) or the end before a frame header is no image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}
