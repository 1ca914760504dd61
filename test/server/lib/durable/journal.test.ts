// The journal file: group commit, generations, and reading back a torn or damaged file.
import {
  appendFileSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  encodeFrame,
  encodeFrameText,
  encodeJournalHeader,
  JOURNAL_HEADER_BYTES,
  journalDataEnd,
  parseJournal,
  type ParsedJournal,
  withoutSpare,
} from '../../../../server/lib/durable/journal-format.ts';
import {
  FRAME_SPACE_BYTES,
  framesGather,
  JournalWriter,
  readJournalFile,
} from '../../../../server/lib/durable/journal.ts';
import { StorageError } from '../../../../server/lib/storage-error.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-journal-'));
  dirs.push(dir);
  return dir;
};
const file = (dir: string, gen = 1) => path.join(dir, `journal-${gen}.log`);

/** Every record of a parsed journal, in order. */
const records = (j: ParsedJournal) => j.frames.flatMap((f) => JSON.parse(f.payload.toString()) as unknown[]);

/** A journal with `n` records, one frame each (each append awaited before the next). */
async function journalOfFrames(n: number): Promise<string> {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  for (let i = 0; i < n; i++) await w.append(JSON.stringify({ i, pad: 'x'.repeat(40) }));
  await w.close();
  return file(dir);
}

async function read(f: string): Promise<ParsedJournal> {
  const j = await readJournalFile(f);
  if (j === 'torn-header') throw new Error('unexpected torn header');
  return j;
}

function assertCorrupt(fn: () => unknown, ...mentions: string[]) {
  try {
    fn();
  } catch (err) {
    assert.instance(err, StorageError);
    assert.is((err as StorageError).code, 'journal_corrupt');
    for (const m of mentions)
      assert.ok((err as Error).message.includes(m), `message mentions ${m}: ${(err as Error).message}`);
    return;
  }
  assert.unreachable('expected journal_corrupt');
}

const groupCommit = suite('journal: group commit');

groupCommit('many concurrent appends share fsyncs and all land in order', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  const first = Array.from({ length: 100 }, (_, i) => w.append(String(i)));
  await Promise.resolve(); // the first flush is under way; these queue behind it
  const second = Array.from({ length: 100 }, (_, i) => w.append(String(100 + i)));
  await Promise.all([...first, ...second]);
  const stats = w.stats();
  assert.is(stats.records, 200);
  assert.ok(stats.syncs < stats.records, `${stats.syncs} fsyncs for ${stats.records} records`);
  assert.ok(stats.syncs <= 3, `a burst takes a couple of fsyncs, took ${stats.syncs}`);
  await w.close();
  assert.equal(
    records(await read(file(dir))),
    Array.from({ length: 200 }, (_, i) => i),
  );
});

groupCommit('a promise resolves only once its record is in the file', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  await w.append('"a"');
  assert.equal(records(await read(file(dir))), ['a']);
  await w.close();
});

groupCommit('appending after close rejects', async () => {
  const w = await JournalWriter.create(tempDir(), 1);
  await w.close();
  try {
    await w.append('1');
    assert.unreachable('append after close');
  } catch (err) {
    assert.is((err as StorageError).code, 'closed');
  }
});

/** Resolves to 'waited' if `p` takes longer than `ms`: a gathering wait of a minute must never be what ends it. */
const within = (p: Promise<unknown>, ms = 5000) =>
  Promise.race([p.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waited'), ms).unref())]);

groupCommit('a record at an idle journal is written at once, without gathering', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1, { records: 32, ms: 60_000, utilization: 0 });
  assert.is(await within(w.append('"lone"')), 'done');
  assert.is(await within(w.append('"next"')), 'done', 'nor after an earlier frame, once nothing is waiting');
  assert.is(w.stats().frames, 2);
  await w.close();
});

groupCommit('records that arrive while a frame is written gather into the next until it is full', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1, { records: 8, ms: 60_000, utilization: 0 });
  const first = w.append('0');
  await Promise.resolve(); // the first frame is under way
  const during = [1, 2, 3].map((i) => w.append(String(i)));
  await first; // written: the three waiting gather, and wait for more
  assert.is(w.stats().frames, 1);
  const after = [4, 5, 6, 7, 8].map((i) => w.append(String(i))); // 8 waiting: the frame is full
  assert.is(await within(Promise.all([...during, ...after])), 'done');
  assert.equal(w.stats(), { ...w.stats(), records: 9, frames: 2, syncs: 2 });
  await w.close();
  assert.equal(records(await read(file(dir))), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
});

groupCommit('a gathering frame that does not fill is written after its wait', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1, { records: 1000, ms: 5, utilization: 0 });
  const first = w.append('0');
  await Promise.resolve();
  const during = [1, 2].map((i) => w.append(String(i)));
  await Promise.all([first, ...during]);
  assert.equal(w.stats(), { ...w.stats(), records: 3, frames: 2 });
  await w.close();
  assert.equal(records(await read(file(dir))), [0, 1, 2]);
});

groupCommit('frames gather only while writers are concurrent and the event loop was busy', () => {
  const options = { records: 128, ms: 1, utilization: 0.5 };
  assert.ok(framesGather(2, 0, 0.5, options), 'two records, a busy loop');
  assert.ok(framesGather(1, 1, 0.95, options), 'one record and one waiting');
  assert.not.ok(framesGather(1, 0, 1, options), 'a lone writer');
  assert.not.ok(framesGather(40, 10, 0.49, options), 'a loop waiting on the disk, not at work');
  assert.not.ok(framesGather(0, 0, 0, options));
});

groupCommit('concurrent writers on an idle event loop are not kept waiting by the default gathering', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  // Four writers awaiting their own appends: the loop waits on fsyncs, so no frame waits FRAME_GATHER_MS on top.
  await Promise.all(
    Array.from({ length: 4 }, async (_, k) => {
      for (let i = 0; i < 25; i++) await w.append(String(k * 100 + i));
    }),
  );
  assert.is(w.stats().records, 100);
  assert.ok(w.stats().frames >= 25, `${w.stats().frames} frames: the writers took turns`);
  // Gathering on concurrency alone, all but the first frame would wait. The loop's time counts while this process
  // is descheduled on a loaded machine too, so a few frames may; most must not.
  assert.ok(w.stats().gathered < w.stats().frames / 2, `${w.stats().gathered} of ${w.stats().frames} frames gathered`);
  await w.close();
});

groupCommit.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
groupCommit.run();

const ahead = suite('journal: space ahead');

ahead(
  'frames land over zeros written ahead of them; the file grows by the space ahead, not by each frame',
  async () => {
    const dir = tempDir();
    const w = await JournalWriter.create(dir, 1, undefined, 1000);
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      await w.append(JSON.stringify({ i, pad: 'x'.repeat(90) }));
      const bytes = readFileSync(file(dir));
      sizes.push(bytes.length);
      // Every acknowledged frame is in the file, ahead of the zeros.
      assert.is(records(await read(file(dir))).length, i + 1);
      assert.ok(bytes.length - withoutSpare(bytes) > 0, 'zeros follow the frames');
    }
    // ~110 bytes a frame, 1000 ahead: the length changes once every ~9 frames.
    const growths = sizes.filter((n, i) => i > 0 && n !== sizes[i - 1]).length;
    const { spaceWrites, frames } = w.stats();
    assert.is(spaceWrites, growths + 1);
    assert.ok(spaceWrites >= 3 && spaceWrites <= 6, `${spaceWrites} writes of space for ${frames} frames`);
    await w.close();
    const closed = readFileSync(file(dir));
    assert.is(closed.length, withoutSpare(closed), 'closing cuts the zeros off');
    assert.equal(
      (records(await read(file(dir))) as { i: number }[]).map((r) => r.i),
      Array.from({ length: 40 }, (_, i) => i),
    );
  },
);

ahead('with no space ahead (0) each frame is appended', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1, undefined, 0);
  for (let i = 0; i < 5; i++) {
    await w.append(String(i));
    const bytes = readFileSync(file(dir));
    assert.is(bytes.length, withoutSpare(bytes));
  }
  assert.is(w.stats().spaceWrites, 0);
  await w.close();
});

ahead('a header whose crc ends in a zero byte is not taken for spare (generation 252, one in ~256)', async () => {
  const header = encodeJournalHeader(252);
  assert.is(header[JOURNAL_HEADER_BYTES - 1], 0, 'this generation is such a case');
  assert.is(journalDataEnd(header), JOURNAL_HEADER_BYTES);
  assert.is(journalDataEnd(Buffer.concat([header, Buffer.alloc(4096)])), JOURNAL_HEADER_BYTES);
  const j = parseJournal(Buffer.concat([header, Buffer.alloc(100)]), 'journal-252.log');
  assert.equal([j.generation, j.frames.length, j.tornBytes, j.spareBytes], [252, 0, 0, 100]);
});

/** This process's open descriptors of `target` and their open flags (Linux: /proc/self/fdinfo). */
function descriptorsOf(target: string): number[] {
  const flags: number[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let to: string;
    try {
      to = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile (the directory's own descriptor)
    }
    if (to !== target) continue;
    const line = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    if (line) flags.push(Number.parseInt(line[1], 8));
  }
  return flags;
}

ahead(
  'frames go through a descriptor opened with O_DSYNC, the zeros through a plain one; rotation and close leave none',
  async () => {
    if (process.platform !== 'linux') return; // /proc/self/fdinfo is Linux's
    const dir = tempDir();
    const w = await JournalWriter.create(dir, 1, undefined, 1000);
    for (let i = 0; i < 20; i++) await w.append(JSON.stringify({ i, pad: 'x'.repeat(90) }));
    const open = descriptorsOf(file(dir));
    assert.is(open.length, 2, 'two descriptors of the file');
    assert.equal(
      open.map((f) => (f & constants.O_DSYNC) !== 0).sort(),
      [false, true],
      'one with O_DSYNC (frames), one without (header, zeros, cuts)',
    );
    assert.ok(w.stats().spaceWrites >= 2, 'zeros were written ahead several times');
    await w.rotate().done;
    assert.is(descriptorsOf(file(dir)).length, 0, 'the closed generation has no descriptor left');
    assert.is(descriptorsOf(file(dir, 2)).length, 2);
    await w.append('"after"');
    await w.close();
    assert.is(descriptorsOf(file(dir, 2)).length, 0, 'close leaves none');
    assert.equal(records(await read(file(dir))).length, 20);
    assert.equal(records(await read(file(dir, 2))), ['after']);
  },
);

ahead.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
ahead.run();

const generations = suite('journal: generations');

generations('rotate sends later records to the next file, each with its own header', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 7);
  const a = w.append('"a"');
  const { closedGeneration, done } = w.rotate();
  const b = w.append('"b"');
  assert.is(closedGeneration, 7);
  assert.is(w.generation, 8);
  await done;
  await Promise.all([a, b]);
  await w.close();
  const seven = await read(file(dir, 7));
  const eight = await read(file(dir, 8));
  assert.is(seven.generation, 7);
  assert.is(eight.generation, 8);
  assert.equal(records(seven), ['a']);
  assert.equal(records(eight), ['b']);
});

generations('rotations without records still create every file, so gaps mean loss', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  w.rotate();
  await w.rotate().done;
  await w.close();
  for (const gen of [1, 2, 3]) assert.equal(records(await read(file(dir, gen))), []);
});

generations('bytesAfter counts the files a snapshot has not covered', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  await w.append('"0123456789"');
  await w.rotate().done;
  await w.append('"x"');
  // Frames only: the open file ends in the zeros written ahead of them, the closed one does not.
  const frames = (gen: number) => withoutSpare(readFileSync(file(dir, gen)));
  assert.is(readFileSync(file(dir, 1)).length, frames(1), 'the closed generation was cut to its frames');
  const total = w.bytesAfter(0);
  assert.is(total, frames(1) + frames(2));
  w.forgetThrough(1);
  assert.is(w.bytesAfter(0), frames(2));
  await w.close();
});

generations.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
generations.run();

const torn = suite('journal: torn end');

torn('a last frame cut mid-way and followed by garbage is dropped, the rest kept', async () => {
  const f = await journalOfFrames(10);
  const size = readFileSync(f).length;
  truncateSync(f, size - 20);
  appendFileSync(f, Buffer.from('\u00ff\u00fe garbage that is not a frame \u0001\u0002', 'latin1'));
  const j = await read(f);
  assert.is(j.frames.length, 9);
  assert.ok(j.tornBytes > 0);
  assert.is(j.validBytes + j.tornBytes, readFileSync(f).length);
  assert.equal(
    (records(j) as { i: number }[]).map((r) => r.i),
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
  );
});

torn('a frame header cut after 3 bytes is dropped', async () => {
  const f = await journalOfFrames(3);
  const buf = readFileSync(f);
  writeFileSync(f, Buffer.concat([buf, encodeFrame(Buffer.from('[1]')).subarray(0, 3)]));
  const j = await read(f);
  assert.is(j.frames.length, 3);
  // Its length's first byte; the two zeros after it could as well be space written ahead.
  assert.is(j.tornBytes, 1);
  assert.is(j.spareBytes, 2);
});

torn(
  'zero-filled space after the last frame (written ahead, or a power loss after the size grew) is spare',
  async () => {
    const f = await journalOfFrames(3);
    appendFileSync(f, Buffer.alloc(4096));
    const j = await read(f);
    assert.is(j.frames.length, 3);
    assert.is(j.tornBytes, 0);
    assert.is(j.spareBytes, 4096);
  },
);

torn('a frame cut off in the space written ahead: its bytes are torn, the zeros after them spare', async () => {
  const f = await journalOfFrames(3);
  const frame = encodeFrame(Buffer.from('[{"i":3}]'));
  appendFileSync(f, Buffer.concat([frame.subarray(0, 10), Buffer.alloc(1000)]));
  const j = await read(f);
  assert.is(j.frames.length, 3);
  assert.is(j.tornBytes, 10);
  assert.is(j.spareBytes, 1000);
});

torn('a file cut inside its header is a torn creation, not corruption', async () => {
  const dir = tempDir();
  writeFileSync(file(dir), encodeJournalHeader(1).subarray(0, 5));
  assert.is(await readJournalFile(file(dir)), 'torn-header');
  writeFileSync(file(dir), Buffer.alloc(JOURNAL_HEADER_BYTES));
  assert.is(await readJournalFile(file(dir)), 'torn-header');
});

torn.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
torn.run();

const corrupt = suite('journal: damage before the end');

corrupt('a flipped byte in a middle frame is an error naming the file and offset', async () => {
  const f = await journalOfFrames(10);
  const buf = readFileSync(f);
  const frames = parseJournal(buf, 'journal-1.log').frames;
  buf[frames[3].offset + 12] ^= 0x20;
  assertCorrupt(() => parseJournal(buf, 'journal-1.log'), 'journal-1.log', `byte ${frames[3].offset}`);
});

corrupt('a damaged length field in a middle frame is an error too', async () => {
  const f = await journalOfFrames(10);
  const buf = readFileSync(f);
  const frames = parseJournal(buf, 'journal-1.log').frames;
  buf.writeUInt32LE(buf.readUInt32LE(frames[5].offset) + 1, frames[5].offset);
  assertCorrupt(() => parseJournal(buf, 'journal-1.log'), 'valid records follow');
});

corrupt('a damaged file header is an error', async () => {
  const f = await journalOfFrames(2);
  const buf = readFileSync(f);
  buf[9] ^= 1;
  assertCorrupt(() => parseJournal(buf, 'journal-1.log'), 'header');
});

corrupt.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
corrupt.run();

const frameText = suite('journal: a frame encoded from its text');

frameText('is the bytes of encodeFrame over Buffer.from of the text, for any UTF-16 text', () => {
  const texts = [
    '[1]',
    '{"sql":{"0":"INSERT …"},"tx":[[[0,["é","日本語","😀"]]]]}',
    // Lone surrogates: both write U+FFFD's three bytes.
    `["\ud800","x\udc00y","\udbff"]`,
    'x'.repeat(70_000),
    '€'.repeat(30_000),
  ];
  for (const t of texts) assert.ok(encodeFrameText(t).equals(encodeFrame(Buffer.from(t))), t.slice(0, 40));
});

frameText(
  'in a space of 3 bytes a UTF-16 unit is a view of it; one byte short, a buffer of its own: the same bytes',
  () => {
    const texts = ['[1]', `["\ud800\udc00\ud800"]`, '\ud800'.repeat(1000), '€'.repeat(5000), 'x'.repeat(70_000)];
    for (const t of texts) {
      const want = encodeFrame(Buffer.from(t));
      const edge = 8 + 3 * t.length;
      // Stale bytes from a frame before must never come through.
      const space = Buffer.alloc(edge, 0x7b);
      const inSpace = encodeFrameText(t, space);
      assert.ok(inSpace.equals(want), t.slice(0, 40));
      assert.is(inSpace.buffer, space.buffer);
      assert.is(inSpace.byteOffset, space.byteOffset);
      const short = Buffer.alloc(edge - 1, 0x7b);
      const own = encodeFrameText(t, short);
      assert.ok(own.equals(want), t.slice(0, 40));
      assert.is.not(own.buffer, short.buffer);
    }
  },
);

frameText('a writer reuses its frame space: frames at, past and under its size read back as written', async () => {
  const dir = tempDir();
  const w = await JournalWriter.create(dir, 1);
  // A frame of one string record is `[record]`: 8 + 3 × (length + 2) bytes of space at the most.
  const fits = Math.floor((FRAME_SPACE_BYTES - 8) / 3) - 2;
  const sent = [
    JSON.stringify({ small: 'é'.repeat(10) }),
    JSON.stringify('y'.repeat(fits - 2)),
    JSON.stringify('z'.repeat(fits - 1)),
    JSON.stringify({ after: 1 }),
    JSON.stringify('€'.repeat(fits)),
    JSON.stringify([2]),
  ];
  assert.is(sent[1].length, fits);
  assert.is(sent[2].length, fits + 1);
  for (const r of sent) await w.append(r);
  await w.close();
  const j = await read(file(dir));
  assert.is(j.frames.length, sent.length);
  assert.equal(
    records(j),
    sent.map((r) => JSON.parse(r)),
  );
});

frameText('reads back through parseJournal', () => {
  const text = '[{"behind":[[0,["ü",1,null]]]}]';
  const buf = Buffer.concat([encodeJournalHeader(7), encodeFrameText(text), encodeFrameText('[2]')]);
  const j = parseJournal(buf, 'journal-7.log');
  assert.equal(
    j.frames.map((f) => f.payload.toString('utf8')),
    [text, '[2]'],
  );
  assert.is(j.tornBytes, 0);
});

frameText.run();
