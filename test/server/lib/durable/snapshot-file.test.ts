// The snapshot file written in steps (docs/performance.md, "Ingest latency at the tail"): its checksum taken a
// step an event-loop turn, its bytes written and fdatasynced a step at a time, and the file the same as before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeInSteps } from '../../../../server/lib/durable/durable-fs.ts';
import {
  crc32InSteps,
  readSnapshot,
  SNAPSHOT_FILE,
  SNAPSHOT_STEP_BYTES,
  writeSnapshot,
} from '../../../../server/lib/durable/snapshot-file.ts';
import { prng } from '../../../helpers/prng.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-snapshot-file-'));
  dirs.push(dir);
  return dir;
};

/** Bytes that differ from position to position, so a slice written twice or out of place shows. */
function image(length: number): Uint8Array {
  const next = prng(length);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
  return out;
}

const steps = suite('snapshot file: in steps');
steps.after(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

for (const length of [
  0,
  1,
  SNAPSHOT_STEP_BYTES - 1,
  SNAPSHOT_STEP_BYTES,
  SNAPSHOT_STEP_BYTES + 1,
  2 * SNAPSHOT_STEP_BYTES + 7,
]) {
  steps(`an image of ${length} bytes reads back whole, with zlib's checksum of the whole image`, async () => {
    const dir = tempDir();
    const bytes = image(length);
    const written = await writeSnapshot(dir, 7, bytes);
    const file = readFileSync(path.join(dir, SNAPSHOT_FILE));
    assert.is(written, file.length);
    assert.is(file.readUInt32LE(12), crc32(bytes, crc32(file.subarray(16, 32))));
    const back = await readSnapshot(dir);
    assert.is(back?.generation, 7);
    assert.equal(Buffer.from(back!.image), Buffer.from(bytes));
  });
}

steps('the checksum past one step lets other work run between its steps, and equals the one-go checksum', async () => {
  const bytes = image(SNAPSHOT_STEP_BYTES + 1);
  const order: string[] = [];
  setImmediate(() => order.push('other work'));
  const crc = crc32InSteps(bytes, 12345).then((c) => {
    order.push('checksum');
    return c;
  });
  assert.is(await crc, crc32(bytes, 12345));
  assert.equal(order, ['other work', 'checksum']);
  // One step: nothing to wait for between steps, the answer comes on the next microtask.
  const small = image(SNAPSHOT_STEP_BYTES);
  assert.is(await crc32InSteps(small, 99), crc32(small, 99));
});

steps('writeInSteps writes a step at a time and fdatasyncs after each (at and past the edge of a step)', async () => {
  const dir = tempDir();
  for (const [length, step, syncs] of [
    [12, 4, 3],
    [13, 4, 4],
    [0, 4, 0],
  ] as const) {
    const file = path.join(dir, `out-${length}`);
    writeFileSync(file, '');
    const fh = await open(file, 'r+');
    const calls: string[] = [];
    try {
      const data = image(length);
      await writeInSteps(
        {
          write: ((buf: Uint8Array, offset: number, len: number) => {
            calls.push(`write ${len}`);
            return fh.write(buf, offset, len);
          }) as typeof fh.write,
          datasync: () => {
            calls.push('datasync');
            return fh.datasync();
          },
        },
        data,
        step,
      );
      assert.equal(readFileSync(file), Buffer.from(data));
      assert.is(calls.filter((c) => c === 'datasync').length, syncs, calls.join(', '));
      // Each write is at most a step, and a datasync follows every step's writes.
      for (const c of calls) if (c.startsWith('write ')) assert.ok(Number(c.slice(6)) <= step, c);
      if (length > 0) assert.is(calls.at(-1), 'datasync');
    } finally {
      await fh.close();
    }
  }
});

steps.run();
