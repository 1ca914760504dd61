// The streaming zip writer (server/lib/zip-writer.ts): an archive of a small entry and a large one written in
// pieces, read back by Python's zipfile (names, contents, every CRC); the ZIP64 records at and past 4 GB, built
// from entry sizes (writing 4 GB in a test would take minutes); and a writable that is gone ends the writes at once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ZIP32_MAX, ZipWriter } from '../../../server/lib/zip-writer.ts';

const zip = suite('zip writer');

zip('Python reads both entries, their contents and CRCs', async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new ZipWriter(out);
  await writer.file('small.txt', 'héllo');
  const big = await writer.stream('dir/big.xml');
  const rows = Array.from({ length: 2000 }, (_, i) => `<row n="${i}">${'x'.repeat(i % 500)}</row>`);
  for (const row of rows) await big.write(row);
  await big.end();
  await writer.finish();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'formstead-zip-')), 'a.zip');
  writeFileSync(file, Buffer.concat(chunks));
  const program =
    'import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n' +
    "print(json.dumps({'bad': z.testzip(), 'names': z.namelist(), 'small': z.read('small.txt').decode(),\n" +
    "  'big': len(z.read('dir/big.xml')), 'tail': z.read('dir/big.xml')[-30:].decode()}))";
  const read = JSON.parse(execFileSync('python3', ['-c', program, file], { encoding: 'utf8' }));
  const text = rows.join('');
  assert.equal(read, {
    bad: null,
    names: ['small.txt', 'dir/big.xml'],
    small: 'héllo',
    big: text.length,
    tail: text.slice(-30),
  });
});

zip('sizes at 4 GB stay classic; past it the descriptor and the directory use ZIP64', () => {
  const writer = new ZipWriter(new PassThrough()) as any;
  const entry = (size: number, offset = 0) => ({
    name: Buffer.from('s'),
    flags: 8,
    crc: 1,
    compressed: size,
    size,
    offset,
  });
  assert.is(writer.descriptor(entry(ZIP32_MAX)).length, 16);
  const wide = writer.descriptor(entry(ZIP32_MAX + 1));
  assert.is(wide.length, 24);
  assert.is(wide.readBigUInt64LE(16), BigInt(ZIP32_MAX + 1));
  const classic = writer.centralRecord(entry(ZIP32_MAX - 1, ZIP32_MAX - 1));
  assert.is(classic.readUInt16LE(30), 0, 'no extra field');
  assert.is(classic.readUInt32LE(24), ZIP32_MAX - 1);
  const past = writer.centralRecord(entry(10, ZIP32_MAX + 5));
  assert.is(past.readUInt16LE(30), 28, 'a ZIP64 extra field');
  assert.is(past.readUInt32LE(42), ZIP32_MAX, 'the offset is in the extra field');
  assert.is(past.readBigUInt64LE(46 + 1 + 20), BigInt(ZIP32_MAX + 5));
});

zip('a writable that is gone: writes return at once, nothing more is written', async () => {
  let written = 0;
  // Takes nothing: every write waits forever, as a client that stopped reading would make it.
  const out = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _enc, _done) {
      written += chunk.length;
    },
  });
  const writer = new ZipWriter(out);
  const starting = writer.stream('a.xml');
  out.destroy();
  const entry = await starting;
  assert.ok(writer.closed);
  const before = written;
  await entry.write('more text');
  await entry.end();
  await writer.file('b.txt', 'x'.repeat(100));
  await writer.finish();
  assert.is(written, before);
});

zip.run();
