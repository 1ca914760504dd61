// A minimal tar (ustar) writer: regular files and folders, for backups any `tar -xf` can unpack.
// Format: a 512-byte header per entry (name, mode, size, mtime, checksum, type), the data padded to 512
// bytes, and two zero blocks at the end. Names over 100 bytes are split into ustar's prefix and name.
import type { FileHandle } from 'node:fs/promises';
import { writeFully } from './durable/durable-fs.ts';

const BLOCK = 512;

/** Appends tar entries to an open file. */
export class TarWriter {
  constructor(private readonly fh: FileHandle) {}

  /**
   * Adds a regular file with its bytes, as mode 0600 (folders 0700): a backup holds secrets and every
   * answer, so what is unpacked from it is its owner's only, like the data folder it came from.
   */
  async file(name: string, data: Uint8Array, mtime = new Date()): Promise<void> {
    await writeFully(this.fh, header(name, data.length, '0', 0o600, mtime));
    await writeFully(this.fh, data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) await writeFully(this.fh, Buffer.alloc(pad));
  }

  /** Adds a folder entry (so empty folders are restored too). */
  async folder(name: string, mtime = new Date()): Promise<void> {
    await writeFully(this.fh, header(name.endsWith('/') ? name : `${name}/`, 0, '5', 0o700, mtime));
  }

  /** Writes the end-of-archive marker. */
  async end(): Promise<void> {
    await writeFully(this.fh, Buffer.alloc(BLOCK * 2));
  }
}

function header(fullName: string, size: number, type: '0' | '5', mode: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(fullName);
  h.write(name, 0, 100, 'utf8');
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0); // uid
  octal(h, 116, 8, 0); // gid
  octal(h, 124, 12, size);
  octal(h, 136, 12, Math.floor(mtime.getTime() / 1000));
  h.fill(' ', 148, 156); // the checksum field counts as spaces while summing
  h.write(type, 156, 1, 'latin1');
  h.write('ustar\u000000', 257, 8, 'latin1');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return h;
}

/** ustar keeps up to 100 bytes of name and 155 of prefix, split at a slash. */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (Buffer.byteLength(rest) <= 100 && Buffer.byteLength(prefix) <= 155) return [prefix, rest];
  }
  throw new Error(`${name}: too long for a tar entry`);
}

function octal(h: Buffer, offset: number, width: number, value: number): void {
  if (value >= 8 ** (width - 1)) throw new Error(`tar: ${value} does not fit in ${width - 1} octal digits`);
  h.write(`${value.toString(8).padStart(width - 1, '0')}\u0000`, offset, width, 'latin1');
}
