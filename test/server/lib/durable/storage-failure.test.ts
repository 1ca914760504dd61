// The store under failing storage, with faults injected into node's FileHandle (works on any machine;
// test/server/storage-full.test.ts does the same on a real full tmpfs where mounting is allowed):
// a full disk refuses writes and recovers without a restart, losing nothing acknowledged and keeping
// nothing refused; a failed fsync stops writes until a restart.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DurableDatabase, StorageError, type Migration } from '../../../../server/lib/durable/durable-db.ts';
import { readJournalFile } from '../../../../server/lib/durable/journal.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-faults-'));
  dirs.push(dir);
  return dir;
};
process.on('exit', () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const items: Migration = { id: 1, name: 'items', up: 'CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL);' };
const open = async (dir: string, lines: string[] = []) =>
  Object.assign(
    await DurableDatabase.open({
      dir,
      migrations: [items],
      snapshotIntervalMs: 0,
      snapshotIn: 'main',
      log: (l) => lines.push(l),
    }),
    { lines },
  );
const insert = (db: DurableDatabase, id: string) =>
  db.write((tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?)', [id, 1]));
const ids = (db: DurableDatabase) => db.all<{ id: string }>('SELECT id FROM items ORDER BY id').map((r) => r.id);
const errno = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

/** The prototype every FileHandle shares, so a fault reaches the journal's own handles. */
const proto = Object.getPrototypeOf(
  await openFile(import.meta.filename, 'r').then(async (fh) => {
    await fh.close();
    return fh;
  }),
);
const original = { write: proto.write, datasync: proto.datasync };
/** Makes writes fail with ENOSPC after `room` more bytes (a partial write first, as a real disk does). */
function diskFull(room = 0) {
  proto.write = async function (
    this: unknown,
    data: Uint8Array,
    offset = 0,
    length = data.length - offset,
    ...rest: unknown[]
  ) {
    if (room <= 0) throw errno('ENOSPC');
    const n = Math.min(room, length);
    room -= n;
    return original.write.call(this, data, offset, n, ...rest);
  };
}
const heal = () => Object.assign(proto, original);

async function refused(p: Promise<unknown>, code: string) {
  try {
    await p;
  } catch (err) {
    assert.instance(err, StorageError);
    assert.is((err as StorageError).code, code);
    return;
  }
  assert.unreachable('the write was accepted');
}

const full = suite('a full disk');
full.after.each(heal);

full(
  'refuses writes (storage_full), keeps nothing refused, resumes once there is room, loses nothing acknowledged',
  async () => {
    const dir = tempDir();
    const db = await open(dir);
    await insert(db, 'a');
    await insert(db, 'b');
    diskFull(7); // the next frame lands in part, then the disk is full
    await refused(insert(db, 'c'), 'storage_full');
    assert.equal(db.health(), { state: 'full', epoch: 0 });
    // Still full: the refused write starts a reload that fails at once (no room for a new journal).
    await refused(insert(db, 'd'), 'storage_full');
    assert.equal((await db.checkHealth()).state, 'full');
    heal();
    assert.equal(await db.checkHealth(), { state: 'ok', epoch: 1 });
    assert.equal(ids(db), ['a', 'b'], 'the refused writes are gone from memory too');
    await insert(db, 'e');
    await db.snapshot();
    await insert(db, 'f');
    await db.close();
    const again = await open(dir);
    assert.equal(ids(again), ['a', 'b', 'e', 'f']);
    await again.close();
    // One line per change of state, whatever the number of refused writes.
    assert.is(db.lines.filter((l) => l.startsWith('writes refused: the disk is full')).length, 1, db.lines.join('\n'));
    assert.is(db.lines.filter((l) => l.startsWith('writes resume:')).length, 1, db.lines.join('\n'));
  },
);

full(
  'a write refused by a full disk starts the reload itself: a later write passes without any health check',
  async () => {
    const dir = tempDir();
    const db = await open(dir);
    await insert(db, 'a');
    diskFull();
    await refused(insert(db, 'b'), 'storage_full');
    heal();
    await refused(insert(db, 'c'), 'storage_full'); // refused, and reloads
    for (let i = 0; db.health().state !== 'ok'; i++) {
      assert.ok(i < 1000, 'the reload never finished');
      await new Promise((r) => setTimeout(r, 5));
    }
    await insert(db, 'd');
    assert.equal(ids(db), ['a', 'd']);
    await db.close();
  },
);

full(
  'a health check made once there is room is ready, even while a reload begun on the full disk is under way',
  async () => {
    const dir = tempDir();
    const db = await open(dir);
    await insert(db, 'a');
    diskFull();
    await refused(insert(db, 'b'), 'storage_full');
    // The reload the next refused write begins finds the disk full; room is made right after that look.
    proto.write = async () => {
      heal();
      throw errno('ENOSPC');
    };
    await refused(insert(db, 'c'), 'storage_full');
    assert.equal(await db.checkHealth(), { state: 'ok', epoch: 1 });
    await insert(db, 'd');
    assert.equal(ids(db), ['a', 'd']);
    await db.close();
  },
);

full('no room for the zeros written ahead of the frames: writes go on, appended to the file as they come', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  // Only the zeros are refused (journal.ts, "Space ahead"): a frame is JSON, never a run of zeros.
  let refusedZeros = 0;
  proto.write = async function (this: unknown, data: Uint8Array, ...rest: unknown[]) {
    if (data.length >= 1024 && data.every((b) => b === 0)) {
      refusedZeros++;
      throw errno('ENOSPC');
    }
    return original.write.call(this, data, ...rest);
  };
  // The first journal's space ahead still has room for these; a snapshot starts a new one, which has none.
  await db.snapshot();
  for (const id of ['b', 'c', 'd']) await insert(db, id);
  assert.ok(refusedZeros >= 1, 'the zeros were tried and refused');
  assert.is(db.health().state, 'ok');
  heal();
  // On disk before any snapshot: the three frames, and no zeros after them.
  const newest = readdirSync(dir)
    .filter((n) => n.startsWith('journal-'))
    .sort((x, y) => x.length - y.length || x.localeCompare(y))
    .pop()!;
  const journal = await readJournalFile(path.join(dir, newest));
  assert.ok(journal !== 'torn-header');
  assert.is(journal.frames.length, 3);
  assert.is(journal.spareBytes + journal.tornBytes, 0);
  await db.close();
  const again = await open(dir);
  assert.equal(ids(again), ['a', 'b', 'c', 'd']);
  await again.close();
});

full('a full disk while a snapshot rotates the journal is recovered the same way', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  diskFull();
  const write = insert(db, 'b');
  await refused(db.snapshot(), 'storage_full');
  await refused(write, 'storage_full');
  heal();
  assert.is((await db.checkHealth()).state, 'ok');
  await insert(db, 'c');
  await db.close();
  const again = await open(dir);
  assert.equal(ids(again), ['a', 'c']);
  await again.close();
});

const fsync = suite('a failed fsync');
fsync.after.each(heal);

fsync('stops writes until a restart (storage_failed): the journal state is unknown', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  // A frame's sync fails as its write (O_DSYNC, journal.ts) or as its fdatasync (where there is no O_DSYNC).
  const eio = async () => {
    throw errno('EIO');
  };
  proto.datasync = eio;
  proto.write = eio;
  await refused(insert(db, 'b'), 'storage_failed');
  heal();
  assert.is((await db.checkHealth()).state, 'failed', 'no recovery in-process after a failed fsync');
  await refused(insert(db, 'c'), 'storage_failed');
  await db.close();
  const again = await open(dir);
  assert.ok(ids(again).includes('a'), 'the acknowledged write is there after the restart');
  assert.not.ok(ids(again).includes('c'));
  assert.is((await again.checkHealth()).state, 'ok');
  await again.close();
});

full.run();
fsync.run();
