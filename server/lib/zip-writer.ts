// A zip archive written front to back to a writable (an HTTP response), for files too large to hold: an entry of
// unknown length is deflated as its text arrives and its sizes follow it in a data descriptor, so nothing waits for
// the end. Sizes past 4 GB get ZIP64 records. Every write waits while the writable is full, and returns at once when
// the writable is gone (the client left), so the caller stops producing.
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** The largest size or offset a classic zip record holds; past it the entry needs ZIP64 fields. */
export const ZIP32_MAX = 0xffff_ffff;

/** General purpose flags: bit 3 (sizes in a data descriptor after the data) and bit 11 (names are UTF-8). */
const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;
const DEFLATE = 8;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Resolves on `event` from `from`, or when `out` closes (nothing more will come then). */
function until(from: NodeJS.EventEmitter, event: string, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (out.destroyed) return resolve();
    const done = () => {
      from.off(event, done);
      out.off('close', done);
      resolve();
    };
    from.on(event, done);
    out.on('close', done);
  });
}

/** DOS time and date of `at` (local fields, as zip tools show them). */
function dosTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

/** One entry being written: text goes in with `write`, and `end` writes its data descriptor. */
export interface ZipEntryWriter {
  /** Adds text (UTF-8) to the entry; resolves when more may be written. */
  write(text: string): Promise<void>;
  /** Finishes the entry. */
  end(): Promise<void>;
}

/** Writes a zip archive to `out`, one entry after the other. */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly out: Writable,
    modified = new Date(),
  ) {
    [this.time, this.date] = dosTime(modified);
  }

  /** True once the writable is gone: the caller should stop. */
  get closed(): boolean {
    return this.out.destroyed;
  }

  /** Writes bytes to the archive, waiting while the writable is full. */
  private async emit(bytes: Buffer): Promise<void> {
    if (this.out.destroyed) return;
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await until(this.out, 'drain', this.out);
  }

  private localHeader(entry: Entry): Buffer {
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(entry.flags, 6);
    head.writeUInt16LE(DEFLATE, 8);
    head.writeUInt16LE(this.time, 10);
    head.writeUInt16LE(this.date, 12);
    // With a data descriptor, CRC and sizes are zero here and follow the data.
    if (!(entry.flags & FLAG_DESCRIPTOR)) {
      head.writeUInt32LE(entry.crc, 14);
      head.writeUInt32LE(entry.compressed, 18);
      head.writeUInt32LE(entry.size, 22);
    }
    head.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([head, entry.name]);
  }

  /** A small entry whose content is known: deflated at once, its sizes in its header. */
  async file(name: string, content: string): Promise<void> {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.emit(this.localHeader(entry));
    await this.emit(packed);
  }

  /** Starts an entry of unknown length; write its text, then end it before starting another. */
  async stream(name: string): Promise<ZipEntryWriter> {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.emit(this.localHeader(entry));
    const out = this.out;
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (out.destroyed) return;
      // Stop the deflater until the socket drains: its own buffer then fills and `write` below waits.
      if (!out.write(chunk)) {
        deflate.pause();
        until(out, 'drain', out).then(() => deflate.resume());
      }
    });
    const ended = until(deflate, 'end', out);
    return {
      write: async (text: string) => {
        if (out.destroyed || text === '') return;
        const data = Buffer.from(text, 'utf8');
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (!deflate.write(data)) await until(deflate, 'drain', out);
      },
      end: async () => {
        deflate.end();
        await ended;
        if (out.destroyed) {
          deflate.destroy();
          return;
        }
        await this.emit(this.descriptor(entry));
      },
    };
  }

  /** The data descriptor after a streamed entry: 8-byte sizes when they pass 4 GB (ZIP64). */
  private descriptor(entry: Entry): Buffer {
    const wide = entry.size > ZIP32_MAX || entry.compressed > ZIP32_MAX;
    const d = Buffer.alloc(wide ? 24 : 16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    if (wide) {
      d.writeBigUInt64LE(BigInt(entry.compressed), 8);
      d.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      d.writeUInt32LE(entry.compressed, 8);
      d.writeUInt32LE(entry.size, 12);
    }
    return d;
  }

  /** One central directory record; sizes or an offset past 4 GB move to a ZIP64 extra field. */
  private centralRecord(entry: Entry): Buffer {
    const big = [entry.size, entry.compressed, entry.offset].filter((n) => n > ZIP32_MAX);
    const extra = Buffer.alloc(big.length ? 4 + 8 * 3 : 0);
    if (big.length) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(entry.size), 4);
      extra.writeBigUInt64LE(BigInt(entry.compressed), 12);
      extra.writeBigUInt64LE(BigInt(entry.offset), 20);
    }
    const r = Buffer.alloc(46);
    r.writeUInt32LE(0x02014b50, 0);
    r.writeUInt16LE(big.length ? 45 : 20, 4);
    r.writeUInt16LE(big.length ? 45 : 20, 6);
    r.writeUInt16LE(entry.flags, 8);
    r.writeUInt16LE(DEFLATE, 10);
    r.writeUInt16LE(this.time, 12);
    r.writeUInt16LE(this.date, 14);
    r.writeUInt32LE(entry.crc, 16);
    r.writeUInt32LE(big.length ? ZIP32_MAX : entry.compressed, 20);
    r.writeUInt32LE(big.length ? ZIP32_MAX : entry.size, 24);
    r.writeUInt16LE(entry.name.length, 28);
    r.writeUInt16LE(extra.length, 30);
    r.writeUInt32LE(big.length ? ZIP32_MAX : entry.offset, 42);
    return Buffer.concat([r, entry.name, extra]);
  }

  /** Writes the central directory and the end records, then ends `out`. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.emit(this.centralRecord(entry));
    const length = this.offset - start;
    if (start > ZIP32_MAX) await this.emit(this.zip64End(start, length));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(Math.min(length, ZIP32_MAX), 12);
    end.writeUInt32LE(Math.min(start, ZIP32_MAX), 16);
    await this.emit(end);
    if (!this.out.destroyed) this.out.end();
  }

  /** The ZIP64 end of central directory record and its locator, for a directory that starts past 4 GB. */
  private zip64End(start: number, length: number): Buffer {
    const at = this.offset;
    const r = Buffer.alloc(56 + 20);
    r.writeUInt32LE(0x06064b50, 0);
    r.writeBigUInt64LE(44n, 4);
    r.writeUInt16LE(45, 12);
    r.writeUInt16LE(45, 14);
    r.writeBigUInt64LE(BigInt(this.entries.length), 24);
    r.writeBigUInt64LE(BigInt(this.entries.length), 32);
    r.writeBigUInt64LE(BigInt(length), 40);
    r.writeBigUInt64LE(BigInt(start), 48);
    r.writeUInt32LE(0x07064b50, 56);
    r.writeBigUInt64LE(BigInt(at), 64);
    r.writeUInt32LE(1, 72);
    return r;
  }
}
