// The bundle's rewrites of sql.js (scripts/sqljs-patches.mjs). Its in-memory database file grows in place past 1
// MB (a resizable buffer, no copy) and else by doubling up to 1 GB: MEMFS's write is rewritten exactly once, a
// sql.js built that way keeps every byte across many growths, in place and past its room, a sql.js whose write
// moved fails the build instead of shipping unpatched, and the product bundle carries the rewrite in the server
// and in the snapshot worker it embeds. It binds strings through TextEncoder: every
// string stores the bytes sql.js's own encoder stores (lone surrogates, long strings, every plane included).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildPatchedSqlJs, loadSqlJsFrom, sqlJsFile } from '../../scripts/sqljs-patched.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const growth = suite('sql.js file growth in the bundle');
/** How often each rule is in a bundle's code, minified or not. */
const rules = (code: string) => ({
  patched: code.match(/1073741824\s*\?\s*2\s*:\s*1\.125/g)?.length ?? 0,
  original: code.match(/1048576\s*\?\s*2\s*:\s*1\.125/g)?.length ?? 0,
});

/** Runs `test` with a new temporary folder, removed after it. */
async function inTempDir(test: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sqljs-growth-'));
  try {
    await test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

growth('the rule is rewritten once: doubling up to 1 GB, then 1.125x as before', () =>
  inTempDir(async (dir) => {
    assert.equal(rules(readFileSync(await buildPatchedSqlJs(dir, 'sqljs.cjs'), 'utf8')), { patched: 1, original: 0 });
  }),
);

growth('a database built with it keeps every row across many growths of its file (8 MB of rows)', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs');
    const SQL = await loadSqlJsFrom(file);
    const db = new SQL.Database();
    db.run('CREATE TABLE t (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const body = (n: number) => `${n}:${'x'.repeat(1000)}`;
    // One transaction a row, as the store commits: each commit writes the grown file.
    const insert = db.prepare('INSERT INTO t (n, body) VALUES (?, ?)');
    for (let n = 0; n < 8000; n++) insert.run([n, body(n)]);
    insert.free();
    const again = new SQL.Database(db.export());
    const [[count, bad]] = again.exec(
      `SELECT count(*), sum(body <> n || ':' || replace(printf('%1000s', ''), ' ', 'x')) FROM t`,
    )[0].values;
    assert.is(count, 8000);
    assert.is(bad, 0);
    assert.ok(db.export().length > 8_000_000);
    db.close();
    again.close();
  }),
);

growth('a sql.js whose rule moved fails the build with a message naming the rule', () =>
  inTempDir(async (dir) => {
    // A stand-in with sql.js's path shape and the rule changed, as a new release might.
    const fake = path.join(dir, 'node_modules/sql.js/dist/sql-wasm.js');
    mkdirSync(path.dirname(fake), { recursive: true });
    writeFileSync(fake, readFileSync(sqlJsFile, 'utf8').replace('1048576?2:1.125', '1048576?2:1.25'));
    try {
      await buildPatchedSqlJs(dir, 'sqljs.cjs', { from: fake });
      assert.unreachable('the build went through');
    } catch (err) {
      assert.match(String(err), 'the file growth (MEMFS write) "write(a,b,d,c,e,g){');
      assert.match(String(err), 'is not there exactly once');
    }
  }),
);

growth('the product bundle carries the rewritten rule, in the server and in its snapshot worker', () => {
  const bundle = readFileSync(path.join(root, 'dist/formstead.mjs'), 'utf8');
  // Once in the server's sql.js, once in the worker's (embedded as a string).
  assert.equal(rules(bundle), { patched: 2, original: 0 });
  assert.is(bundle.match(/new ArrayBuffer\(\w+,\s*\{\s*maxByteLength:/g)?.length, 2);
});

/** ES2024's resizable ArrayBuffer, which this TypeScript's lib does not describe yet. */
type Resizable = ArrayBuffer & {
  resize(to: number): void;
  readonly resizable: boolean;
  readonly maxByteLength: number;
};

/** What sql.js does to ArrayBuffers and Uint8Arrays while `run` runs: every resize(), every copy of 2 MB or more. */
function watchBuffers<T>(run: () => T) {
  const resizes: { buffer: Resizable; to: number }[] = [];
  const bigCopies: number[] = [];
  const proto = ArrayBuffer.prototype as Resizable;
  const { resize } = proto;
  const { set } = Uint8Array.prototype;
  proto.resize = function (this: Resizable, to: number) {
    resizes.push({ buffer: this, to });
    return resize.call(this, to);
  };
  Uint8Array.prototype.set = function (this: Uint8Array, from: ArrayLike<number>, at?: number) {
    if (from.length >= 2 * 1048576) bigCopies.push(from.length);
    return set.call(this, from, at);
  };
  try {
    return { result: run(), resizes, bigCopies };
  } finally {
    proto.resize = resize;
    Uint8Array.prototype.set = set;
  }
}

/** The rows the growth tests write: `count` of ~1 KB, each its own transaction, into a new database. */
function fill(SQL: Awaited<ReturnType<typeof loadSqlJsFrom>>, count: number, db = new SQL.Database()) {
  db.run('CREATE TABLE IF NOT EXISTS t (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (n, body) VALUES (?, ?)');
  const from = db.exec('SELECT count(*) FROM t')[0].values[0][0] as number;
  for (let n = from; n < from + count; n++) insert.run([n, `${n}:${'x'.repeat(1000)}`]);
  insert.free();
  return db;
}

/** SQLite's check of `db` and how many of its rows are not what fill() wrote. */
function checkFilled(db: { exec(sql: string): { values: unknown[][] }[] }) {
  const [[check]] = db.exec('PRAGMA integrity_check')[0].values;
  const [[count, bad]] = db.exec(
    `SELECT count(*), sum(body <> n || ':' || replace(printf('%1000s', ''), ' ', 'x')) FROM t`,
  )[0].values;
  return { check, count, bad };
}

growth('past 1 MB the file grows in place: one resizable buffer, resized, never copied; the export is unchanged', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs');
    const SQL = await loadSqlJsFrom(file);
    const watched = watchBuffers(() => fill(SQL, 16000)); // ~17 MB
    const db = watched.result;
    const buffers = new Set(watched.resizes.map((r) => r.buffer));
    assert.is(buffers.size, 1, 'one buffer, never replaced');
    const [buffer] = buffers;
    assert.ok(buffer.resizable);
    assert.is(buffer.maxByteLength, 2 ** 32);
    assert.ok(watched.resizes.length > 15, `${watched.resizes.length} growths in place`);
    assert.equal(watched.bigCopies, [], 'no copy of the database');
    const image = db.export();
    assert.ok(buffer.byteLength >= image.length && image.length > 16_000_000, `${buffer.byteLength}`);
    assert.equal(checkFilled(db), { check: 'ok', count: 16000, bad: 0 });
    // The same rows through sql.js as it ships make the same image, byte for byte.
    const plain = fill(await loadSqlJsFrom(sqlJsFile), 16000);
    assert.ok(Buffer.from(image).equals(Buffer.from(plain.export())), 'the same image');
    // A database opened from its image is loaded into room to grow: its growth copies nothing either.
    const again = new SQL.Database(image);
    const grown = watchBuffers(() => fill(SQL, 2000, again));
    assert.ok(grown.resizes.length > 0);
    assert.equal(grown.bigCopies, []);
    assert.equal(checkFilled(again), { check: 'ok', count: 18000, bad: 0 });
    // VACUUM truncates the file (MEMFS's own exact-size copy); growing again after it keeps every row.
    again.run('DELETE FROM t WHERE n >= 9000');
    again.run('VACUUM');
    assert.ok(again.export().length < 11_000_000);
    fill(SQL, 9000, again);
    assert.equal(checkFilled(again), { check: 'ok', count: 18000, bad: 0 });
    for (const d of [db, plain, again]) d.close();
  }),
);

growth('a file grown past its room goes on by copying, keeping every row (a build with 4 MB of room)', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs', { growMax: 4 * 1048576 });
    const SQL = await loadSqlJsFrom(file);
    const watched = watchBuffers(() => fill(SQL, 12000)); // ~13 MB
    const db = watched.result;
    assert.ok(watched.resizes.length > 0, 'grown in place first');
    assert.ok(Math.max(...watched.resizes.map((r) => r.to)) <= 4 * 1048576);
    assert.ok(watched.bigCopies.length > 0, 'then copied past 4 MB');
    assert.equal(checkFilled(db), { check: 'ok', count: 12000, bad: 0 });
    const again = new SQL.Database(db.export());
    assert.equal(checkFilled(again), { check: 'ok', count: 12000, bad: 0 });
    db.close();
    again.close();
  }),
);

growth.run();

const binding = suite('sql.js string binding in the bundle');

/** Strings whose stored bytes must not change: ASCII, every UTF-8 length, lone surrogates, and past the fast path. */
const samples = [
  '',
  '0193a1b2c3d4e5f6a7b8c9d0e1',
  'é ü ß',
  '日本語のテキスト',
  'emoji 😀 and 𝄞',
  'lone high \ud800 here',
  'lone low \udc00',
  'ends high \ud83d',
  `${'ж'.repeat(65536)}`,
  `${'a'.repeat(65537)}😀`,
  `${'😀'.repeat(40000)}`,
];

binding('every string stores the bytes sql.js itself stores, read back as bytes and as text', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs');
    const patched = await loadSqlJsFrom(file);
    const original = await loadSqlJsFrom(sqlJsFile);
    const stored = (SQL: Awaited<ReturnType<typeof loadSqlJsFrom>>) => {
      const db = new SQL.Database();
      db.run('CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)');
      // The same statement bound again and again, as the store's cached statements are.
      const insert = db.prepare('INSERT INTO t (n, s) VALUES (?, ?)');
      for (let n = 0; n < samples.length; n++) insert.run([n, samples[n]]);
      insert.free();
      const rows = db.exec('SELECT hex(CAST(s AS BLOB)), s FROM t ORDER BY n')[0].values;
      db.close();
      return rows;
    };
    const got = stored(patched);
    const want = stored(original);
    assert.is(got.length, samples.length);
    for (let i = 0; i < samples.length; i++) {
      assert.is(got[i][0], want[i][0], `sample ${i}: the stored bytes`);
      assert.is(got[i][1], want[i][1], `sample ${i}: the text read back`);
    }
    // Well-formed strings also read back as they were.
    assert.is(got[4][1], samples[4]);
    assert.is(got[9][1], samples[9]);
  }),
);

binding('the product bundle binds strings through TextEncoder, in the server and in its snapshot worker', () => {
  const bundle = readFileSync(path.join(root, 'dist/formstead.mjs'), 'utf8');
  assert.is(bundle.match(/\.encodeInto\(\w+,\s*\w+\.subarray\(/g)?.length, 2);
});

binding.run();

const steps = suite('sql.js image in steps in the bundle');

/** Every row of `t` in a database image, in order, and SQLite's own check of the image. */
async function rowsOf(SQL: Awaited<ReturnType<typeof loadSqlJsFrom>>, image: Uint8Array) {
  const db = new SQL.Database(image);
  try {
    return {
      check: db.exec('PRAGMA integrity_check')[0].values[0][0],
      rows: db.exec('SELECT n, body FROM t ORDER BY n')[0]?.values ?? [],
    };
  } finally {
    db.close();
  }
}

steps('writes between steps land in the image: it holds the database as it is when the last step ends', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs');
    const SQL = await loadSqlJsFrom(file);
    const db = new SQL.Database();
    db.exec('PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE;');
    db.run('CREATE TABLE t (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const body = (n: number, v: number) => `${n}.${v}:${'x'.repeat(2000)}`;
    const insert = db.prepare('INSERT INTO t (n, body) VALUES (?, ?)');
    db.run('BEGIN');
    for (let n = 0; n < 2000; n++) insert.run([n, body(n, 0)]); // ~4 MB, ~1000 pages
    db.run('COMMIT');
    const image = db.exportSteps();
    let done: Uint8Array | null = null;
    let n = 2000;
    let steps = 0;
    while (!done) {
      // Between steps, as the store does between event-loop turns: new rows (the file grows past what was
      // there at the start, so the image's buffer grows too), and rows changed and deleted on pages already
      // copied, each write its own transaction.
      db.run('BEGIN');
      for (let i = 0; i < 40; i++, n++) insert.run([n, body(n, 0)]);
      db.run('UPDATE t SET body = ? WHERE n = ?', [body(steps, 1), steps]);
      db.run('DELETE FROM t WHERE n = ?', [1000 + steps]);
      db.run('COMMIT');
      // More pages a step than the writes add (~20), or it would never end: the store steps ~1000 a turn.
      done = image.step(64);
      steps++;
    }
    insert.free();
    assert.ok(steps > 10, `${steps} steps`);
    // The image equals the database at the moment the last step ended, and so does a whole export.
    const live = await rowsOf(SQL, db.export());
    const got = await rowsOf(SQL, done);
    assert.is(got.check, 'ok');
    assert.is(got.rows.length, live.rows.length);
    assert.equal(got.rows, live.rows);
    assert.ok(got.rows.length > 2000 + 10 * 39, `${got.rows.length} rows`);
    assert.throws(() => image.step(1), /over/);
    db.close();
  }),
);

steps('a step inside a write transaction is refused and ends the export; cancel frees one that is under way', () =>
  inTempDir(async (dir) => {
    const file = await buildPatchedSqlJs(dir, 'sqljs.cjs');
    const SQL = await loadSqlJsFrom(file);
    const db = new SQL.Database();
    db.run('CREATE TABLE t (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    for (let n = 0; n < 200; n++) db.run('INSERT INTO t (n, body) VALUES (?, ?)', [n, 'y'.repeat(1000)]);
    const busy = db.exportSteps();
    db.run('BEGIN');
    db.run('INSERT INTO t (n, body) VALUES (?, ?)', [1000, 'z']);
    assert.throws(() => busy.step(8), /busy or locked/);
    db.run('COMMIT');
    const cancelled = db.exportSteps();
    assert.is(cancelled.step(1), null);
    cancelled.cancel();
    cancelled.cancel(); // twice is harmless
    // The database goes on and a new export after them holds every row.
    const whole = db.exportSteps();
    let image: Uint8Array | null = null;
    while (!image) image = whole.step(1000);
    assert.is((await rowsOf(SQL, image)).rows.length, 201);
    db.close();
  }),
);

steps('the product bundle carries the image in steps, in the server and in its snapshot worker', () => {
  const bundle = readFileSync(path.join(root, 'dist/formstead.mjs'), 'utf8');
  assert.is(bundle.match(/\.exportSteps\s*=\s*function/g)?.length, 2);
});

steps.run();
