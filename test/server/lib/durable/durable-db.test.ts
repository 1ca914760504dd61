// DurableDatabase: writes, recovery, snapshots, the folder lock, migrations, and real kill -9 rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCK_STALE_MS } from '../../../../server/lib/durable/data-lock.ts';
import { DurableDatabase, StorageError, type Migration } from '../../../../server/lib/durable/durable-db.ts';
import { withoutSpare } from '../../../../server/lib/durable/journal-format.ts';
import { loadSqlJs } from '../../../../server/lib/durable/sql-js.ts';
import { readSnapshot } from '../../../../server/lib/durable/snapshot-file.ts';
import { JOURNAL_THRESHOLD_CAP, journalThreshold } from '../../../../server/lib/durable/snapshot-scheduler.ts';
import { buildSnapshotInWorker } from '../../../../server/lib/durable/snapshot-worker.ts';
import { bodySum, writerMigrations } from '../../../fixtures/durable-writer.ts';
import { prng } from '../../../helpers/prng.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const writerScript = path.join(root, 'test/fixtures/durable-writer.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-store-'));
  dirs.push(dir);
  return dir;
};
const cleanup = () => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
};

const items: Migration = {
  id: 1,
  name: 'items',
  up: 'CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL, b BLOB);',
};
type Item = { id: string; n: number };

/** Opens with the items schema and a log kept for assertions; large thresholds unless a test says so. */
async function open(dir: string, extra: Partial<Parameters<typeof DurableDatabase.open>[0]> = {}) {
  const lines: string[] = [];
  const db = await DurableDatabase.open({
    dir,
    migrations: [items],
    snapshotIntervalMs: 0,
    log: (l) => lines.push(l),
    ...extra,
  });
  return Object.assign(db, { lines });
}

/** The files a kill -9 would leave right now (no lock: that process is gone), in a fresh folder. */
function crashCopy(dir: string): string {
  const copy = tempDir();
  for (const name of readdirSync(dir)) if (name !== 'lock') copyFileSync(path.join(dir, name), path.join(copy, name));
  return copy;
}

const insert = (db: DurableDatabase, id: string, n = 0) =>
  db.write((tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?)', [id, n]));
const ids = (db: DurableDatabase) => db.all<Item>('SELECT id FROM items ORDER BY id').map((r) => r.id);
const range = (n: number, prefix = 'r') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

async function rejects(p: Promise<unknown>, check: (err: Error) => void) {
  try {
    await p;
  } catch (err) {
    check(err as Error);
    return;
  }
  assert.unreachable('expected a rejection');
}

// ---------------------------------------------------------------------------------------------------------
const writes = suite('durable-db: writes');
writes.after(cleanup);

writes('write resolves with the callback result and reads see the rows', async () => {
  const db = await open(tempDir());
  const changes = await db.write(
    (tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?), (?, ?)', ['a', 1, 'b', 2]).changes,
  );
  assert.is(changes, 2);
  assert.equal(db.all('SELECT id, n FROM items ORDER BY id'), [
    { id: 'a', n: 1 },
    { id: 'b', n: 2 },
  ]);
  assert.equal(db.get('SELECT n FROM items WHERE id = ?', ['b']), { n: 2 });
  assert.is(db.get('SELECT n FROM items WHERE id = ?', ['zz']), undefined);
  assert.equal(
    [...db.iterate<Item>('SELECT id FROM items ORDER BY id')].map((r) => r.id),
    ['a', 'b'],
  );
  await db.close();
});

writes('a callback that throws rolls back, journals nothing, and rejects with its error', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'kept');
  const before = db.stats().journalBytes;
  const boom = new Error('boom');
  await rejects(
    db.write((tx) => {
      tx.run('INSERT INTO items (id, n) VALUES (?, ?)', ['lost', 1]);
      tx.run('UPDATE items SET n = 99');
      throw boom;
    }),
    (err) => assert.is(err, boom),
  );
  assert.equal(db.all('SELECT id, n FROM items'), [{ id: 'kept', n: 0 }]);
  await db.write(() => undefined); // waits for any flush in progress
  assert.is(db.stats().journalBytes, before, 'nothing journaled');
  await insert(db, 'after');
  const recovered = await open(crashCopy(dir));
  assert.equal(ids(recovered), ['after', 'kept']);
  await recovered.close();
  await db.close();
});

writes('a failing statement rejects the write and leaves nothing', async () => {
  const db = await open(tempDir());
  await insert(db, 'a');
  await rejects(
    db.write((tx) => {
      tx.run('INSERT INTO items (id, n) VALUES (?, ?)', ['b', 1]);
      tx.run('INSERT INTO items (id, n) VALUES (?, ?)', ['a', 2]); // duplicate key
    }),
    (err) => assert.match(err.message, /UNIQUE/),
  );
  assert.equal(ids(db), ['a']);
  await db.close();
});

writes('callbacks must be synchronous, not nested, and use replayable parameters', async () => {
  const db = await open(tempDir());
  await rejects(
    db.write(async () => undefined),
    (err) => assert.match(err.message, /synchronous/),
  );
  let inner: Promise<unknown> | undefined;
  await db.write(() => {
    inner = db.write(() => undefined);
  });
  await rejects(inner!, (err) => assert.match(err.message, /inside another write/));
  for (const bad of [undefined, true, Number.NaN, Infinity, 10n]) {
    await rejects(
      db.write((tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?)', ['x', bad as never])),
      (err) => assert.instance(err, TypeError),
    );
  }
  await rejects(
    db.write((tx) => tx.run("INSERT INTO items (id, n) VALUES ('x', 1); DELETE FROM items")),
    (err) => assert.match(err.message, /one SQL statement/),
  );
  assert.equal(ids(db), []);
  await db.close();
});

writes('blobs, unicode and large numbers replay exactly', async () => {
  const dir = tempDir();
  const db = await open(dir);
  const blob = new Uint8Array([0, 1, 254, 255, 10, 13]);
  await db.write((tx) =>
    tx.run('INSERT INTO items (id, n, b) VALUES (?, ?, ?)', ['é\u2028😀\u0000x', 2 ** 53 - 1, blob]),
  );
  await db.write((tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?)', ['float', 0.1 + 0.2]));
  const recovered = await open(crashCopy(dir));
  assert.equal(recovered.all('SELECT id, n, b FROM items ORDER BY n'), db.all('SELECT id, n, b FROM items ORDER BY n'));
  assert.equal(recovered.get<{ b: Uint8Array }>('SELECT b FROM items WHERE b IS NOT NULL')!.b, blob);
  await recovered.close();
  await db.close();
});

writes('a failing write in a batch undoes only itself: the writes before and after it stay', async () => {
  const dir = tempDir();
  const db = await open(dir);
  // Same tick, so one SQLite batch transaction holds all three (each in its own savepoint).
  const first = insert(db, 'x1');
  const duplicate = insert(db, 'x1', 7).then(
    () => undefined,
    (err: Error) => err,
  );
  const after = insert(db, 'x2');
  await first;
  assert.match((await duplicate)?.message ?? 'stored', /UNIQUE/);
  await after;
  assert.equal(ids(db), ['x1', 'x2']);
  assert.is(db.get<{ n: number }>('SELECT n FROM items WHERE id = ?', ['x1'])!.n, 0);
  const recovered = await open(crashCopy(dir));
  assert.equal(ids(recovered), ['x1', 'x2']);
  await recovered.close();
  await db.close();
});

writes.run();

// ---------------------------------------------------------------------------------------------------------
const group = suite('durable-db: group commit');
group.after(cleanup);

group('concurrent writes share fsyncs: fewer fsyncs than writes, every write durable', async () => {
  const dir = tempDir();
  const db = await open(dir);
  const syncsBefore = db.stats().syncs;
  await Promise.all(range(300).map((id, i) => insert(db, id, i)));
  const { writes: count, syncs } = db.stats();
  assert.ok(syncs - syncsBefore < 300, `${syncs - syncsBefore} fsyncs for 300 writes`);
  assert.ok(count >= 300);
  const recovered = await open(crashCopy(dir));
  assert.equal(ids(recovered), range(300));
  await recovered.close();
  await db.close();
});

group.run();

// ---------------------------------------------------------------------------------------------------------
const recovery = suite('durable-db: recovery');
recovery.after(cleanup);

recovery('replay after a crash restores every acknowledged write', async () => {
  const dir = tempDir();
  const db = await open(dir);
  for (const id of range(50)) await insert(db, id);
  const recovered = await open(crashCopy(dir));
  assert.equal(ids(recovered), range(50));
  assert.is(recovered.stats().replayedTransactions, 51); // 50 rows; schema_migrations and the migration in one
  await recovered.close();
  await db.close();
});

recovery('reopen after close: one snapshot file, nothing to replay', async () => {
  const dir = tempDir();
  let db = await open(dir);
  await Promise.all(range(20).map((id) => insert(db, id)));
  await db.close();
  assert.equal(readdirSync(dir), ['formstead.db']);
  db = await open(dir);
  assert.equal(ids(db), range(20));
  assert.is(db.stats().replayedTransactions, 0);
  await insert(db, 'z');
  await db.close();
  db = await open(dir);
  assert.equal(ids(db), [...range(20), 'z']);
  await db.close();
});

recovery('a torn last record is dropped and cut off; acknowledged rows stay', async () => {
  const dir = tempDir();
  const db = await open(dir);
  for (const id of range(10)) await insert(db, id);
  const copy = crashCopy(dir);
  const journal = readdirSync(copy).find((n) => n.startsWith('journal-'))!;
  const full = readFileSync(path.join(copy, journal));
  // The last write, cut mid-way (before the zeros written ahead of the frames: journal.ts, "Space ahead").
  writeFileSync(path.join(copy, journal), full.subarray(0, withoutSpare(full) - 7));
  appendFileSync(path.join(copy, journal), Buffer.from('\u0007garbage\u0000\u0000', 'latin1'));
  const recovered = await open(copy);
  assert.equal(ids(recovered), range(9));
  assert.ok(
    recovered.lines.some((l) => l.includes('dropped') && l.includes(journal)),
    recovered.lines.join('\n'),
  );
  await insert(recovered, 'next');
  await recovered.close();
  const again = await open(copy);
  assert.equal(ids(again), ['next', ...range(9)]);
  await again.close();
  await db.close();
});

recovery('damage in the middle of a journal stops start-up and changes nothing', async () => {
  const dir = tempDir();
  const db = await open(dir);
  for (const id of range(10)) await insert(db, id);
  const copy = crashCopy(dir);
  const journal = path.join(copy, readdirSync(copy).find((n) => n.startsWith('journal-'))!);
  const bytes = readFileSync(journal);
  bytes[200] ^= 0x55;
  writeFileSync(journal, bytes);
  await rejects(open(copy), (err) => {
    assert.is((err as StorageError).code, 'journal_corrupt');
    assert.match(err.message, path.basename(journal));
  });
  assert.equal(readFileSync(journal), bytes);
  assert.not.ok(existsSync(path.join(copy, 'lock')), 'the lock is released after a failed open');
  await db.close();
});

recovery('a corrupt snapshot stops start-up with a clear error and its bytes stay as they were', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await Promise.all(range(30).map((id) => insert(db, id)));
  await db.close();
  const snapshot = path.join(dir, 'formstead.db');
  for (const damage of [
    (b: Buffer) => {
      b[b.length - 100] ^= 1;
    },
    (b: Buffer) => {
      b[20] ^= 1;
    },
  ]) {
    const good = readFileSync(snapshot);
    const bad = Buffer.from(good);
    damage(bad);
    writeFileSync(snapshot, bad);
    await rejects(open(dir), (err) => {
      assert.is((err as StorageError).code, 'snapshot_corrupt');
      assert.match(err.message, snapshot);
    });
    assert.equal(readFileSync(snapshot), bad);
    assert.equal(readdirSync(dir), ['formstead.db']);
    writeFileSync(snapshot, good);
  }
  writeFileSync(snapshot, readFileSync(snapshot).subarray(0, 5000)); // truncated
  await rejects(open(dir), (err) => assert.is((err as StorageError).code, 'snapshot_corrupt'));
});

recovery('a missing journal generation stops start-up', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  await db.snapshot();
  await insert(db, 'b');
  await db.snapshot();
  await insert(db, 'c');
  const copy = crashCopy(dir);
  rmSync(path.join(copy, 'formstead.db')); // journals 2 and 3 remain, generation 1 is gone
  await rejects(open(copy), (err) => {
    assert.is((err as StorageError).code, 'journal_corrupt');
    assert.match(err.message, /missing/);
  });
  await db.close();
});

recovery.run();

// ---------------------------------------------------------------------------------------------------------
const snapshots = suite('durable-db: snapshots and rotation');
snapshots.after(cleanup);

for (const placement of ['worker', 'main'] as const) {
  snapshots(`writes racing a snapshot (${placement} thread) all survive, and old journals are deleted`, async () => {
    const dir = tempDir();
    const db = await open(dir, { snapshotIn: placement });
    const first = range(200, 'a').map((id) => insert(db, id));
    const snap = db.snapshot(); // rotates while the writes above are still being flushed
    const second = range(200, 'b').map((id) => insert(db, id));
    await Promise.all([...first, snap, ...second]);
    assert.ok(db.stats().snapshotGeneration >= 1);
    assert.is(db.stats().snapshotIn, placement);
    const journals = readdirSync(dir).filter((n) => n.startsWith('journal-'));
    assert.equal(journals, [`journal-${db.stats().journalGeneration}.log`]);
    const recovered = await open(crashCopy(dir));
    assert.equal(ids(recovered), [...range(200, 'a'), ...range(200, 'b')]);
    await recovered.close();
    await db.close();
  });
}

snapshots('the journal size threshold triggers background snapshots', async () => {
  const dir = tempDir();
  const db = await open(dir, { snapshotJournalBytes: 2 * 1024 });
  for (let round = 0; round < 10; round++) await Promise.all(range(30, `r${round}-`).map((id) => insert(db, id)));
  await db.snapshot(); // waits for a background one still running, then takes its own
  assert.ok(db.stats().snapshotGeneration > 1, `generation ${db.stats().snapshotGeneration}`);
  assert.ok(
    db.lines.some((l) => l.includes('snapshot (journal size)')),
    db.lines.join('\n'),
  );
  await insert(db, 'last');
  const recovered = await open(crashCopy(dir));
  assert.is(recovered.all('SELECT id FROM items').length, 301);
  await recovered.close();
  await db.close();
});

snapshots('the journal threshold: the floor, a share of the last image once that is more, never past the cap', () => {
  const MB = 1024 * 1024;
  assert.is(journalThreshold(32 * MB, 0.5, 0), 32 * MB, 'no snapshot yet');
  assert.is(journalThreshold(32 * MB, 0.5, 64 * MB), 32 * MB, 'half the image equals the floor');
  assert.is(journalThreshold(32 * MB, 0.5, 64 * MB + 2), 32 * MB + 1, 'past it, half the image');
  assert.is(journalThreshold(32 * MB, 0.5, 2 * JOURNAL_THRESHOLD_CAP), JOURNAL_THRESHOLD_CAP, 'at the cap');
  assert.is(journalThreshold(32 * MB, 0.5, 10 * JOURNAL_THRESHOLD_CAP), JOURNAL_THRESHOLD_CAP, 'past the cap');
  assert.is(journalThreshold(32 * MB, 0, 10 * JOURNAL_THRESHOLD_CAP), 32 * MB, 'no share: the floor only');
  assert.is(journalThreshold(2 * JOURNAL_THRESHOLD_CAP, 0.5, 10 * JOURNAL_THRESHOLD_CAP), 2 * JOURNAL_THRESHOLD_CAP);
});

snapshots(
  'with a share of the image, the journal grows past the floor up to half the last image before a background ' +
    'snapshot starts, and one starts once it passes',
  async () => {
    const floor = 2 * 1024;
    const db = await open(tempDir(), { snapshotJournalBytes: floor, snapshotJournalShare: 0.5, snapshotIn: 'main' });
    await db.write((tx) => {
      for (const id of range(40))
        tx.run('INSERT INTO items (id, n, b) VALUES (?, ?, ?)', [id, 0, new Uint8Array(4096)]);
    });
    await db.snapshot();
    const { snapshotBytes, snapshotGeneration, journalGeneration } = db.stats();
    const threshold = journalThreshold(floor, 0.5, snapshotBytes!);
    assert.ok(threshold >= 20 * floor, `a ${snapshotBytes}-byte image lets the journal reach ${threshold}`);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    let n = 0;
    let size = 0; // the journal bytes of one insert
    while (db.stats().journalBytes + 2 * size < threshold) {
      const before = db.stats().journalBytes;
      await insert(db, `s${n++}`);
      size = db.stats().journalBytes - before;
      await turn(); // a snapshot started by the write would have rotated the small image's journal by now
      assert.is(db.stats().journalGeneration, journalGeneration, `rotated at ${db.stats().journalBytes} bytes`);
    }
    assert.ok(db.stats().journalBytes > 10 * floor, `${db.stats().journalBytes} bytes of journal, floor ${floor}`);
    while (db.stats().snapshotGeneration === snapshotGeneration) {
      await insert(db, `s${n++}`);
      await turn();
    }
    // The line is logged once the old journal is deleted too; it says why the snapshot was taken.
    while (!db.lines.some((l) => l.includes('snapshot ('))) await turn();
    assert.ok(
      db.lines.some((l) => l.includes('snapshot (journal size)')),
      db.lines.join('\n'),
    );
    assert.ok(n * size >= threshold - 2 * size, `${n} inserts of ${size} bytes before the snapshot`);
    await db.close();
  },
);

snapshots('the schedule snapshots a changed database, and only a changed one', async () => {
  const db = await open(tempDir(), { snapshotIntervalMs: 20 });
  await insert(db, 'a');
  while (db.stats().snapshotGeneration === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const generation = db.stats().snapshotGeneration;
  assert.ok(db.stats().snapshotAt);
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 30));
  assert.is(db.stats().snapshotGeneration, generation, 'no new snapshot without writes');
  await db.close();
});

snapshots(
  'a background snapshot is rebuilt from the files by a worker thread: it equals memory at the rotation, and ' +
    'the live database never exports',
  async () => {
    const dir = tempDir();
    const db = await open(dir, { snapshotIn: 'worker' });
    await db.write((tx) => {
      for (const id of range(300))
        tx.run('INSERT INTO items (id, n, b) VALUES (?, ?, ?)', [id, id.length, new Uint8Array([1, 2, 3])]);
    });
    await db.write((tx) => tx.run('UPDATE items SET n = n + 1 WHERE id < ?', ['r0100']));
    await db.write((tx) => tx.run('DELETE FROM items WHERE id > ?', ['r0290']));
    const memory = db.all('SELECT id, n, hex(b) AS b FROM items ORDER BY id');
    await db.snapshot();
    const stats = db.stats();
    assert.is(stats.snapshotGeneration, 1);
    assert.ok(stats.snapshotBlockingMs !== undefined && stats.snapshotBytes! > 0, JSON.stringify(stats));
    const SQL = await loadSqlJs();
    const snapshot = (await readSnapshot(dir))!;
    assert.is(snapshot.generation, 1);
    const image = new SQL.Database(snapshot.image);
    const rows = image.exec('SELECT id, n, hex(b) AS b FROM items ORDER BY id')[0];
    assert.equal(
      rows.values.map(([id, n, b]) => ({ id, n, b })),
      memory,
    );
    image.close();
    assert.equal(
      readdirSync(dir).filter((n) => n.startsWith('journal-')),
      ['journal-2.log'],
      'the journal it covers is gone',
    );
    await db.close();
  },
);

snapshots(
  'a snapshot the worker cannot build rejects with its reason and changes nothing; the next one exports ' +
    'memory, the one after uses the worker again',
  async () => {
    const dir = tempDir();
    const db = await open(dir, { snapshotIn: 'worker' });
    await insert(db, 'a');
    await db.snapshot();
    await insert(db, 'b');
    const image = readFileSync(path.join(dir, 'formstead.db'));
    // The worker rebuilds from the files: with the snapshot it starts from gone, it must refuse.
    rmSync(path.join(dir, 'formstead.db'));
    await rejects(db.snapshot(), (err) => {
      assert.ok(err instanceof StorageError, String(err));
      assert.is((err as StorageError).code, 'snapshot_corrupt');
      assert.match(err.message, /covers generation 0, not one from 1 to 2/);
    });
    assert.ok(!existsSync(path.join(dir, 'formstead.db')), 'no image was written');
    assert.equal(
      readdirSync(dir)
        .filter((n) => n.startsWith('journal-'))
        .sort(),
      ['journal-2.log', 'journal-3.log'],
      'journals kept',
    );
    await insert(db, 'c');
    const copy = crashCopy(dir);
    writeFileSync(path.join(copy, 'formstead.db'), image);
    const recovered = await open(copy);
    assert.equal(ids(recovered), ['a', 'b', 'c']);
    await recovered.close();
    // What memory serves is the truth: the next snapshot exports it, which also repairs the folder.
    await db.snapshot();
    assert.is(db.stats().snapshotIn, 'main');
    await insert(db, 'd');
    await db.snapshot();
    assert.is(db.stats().snapshotIn, 'worker');
    const again = await open(crashCopy(dir));
    assert.equal(ids(again), ['a', 'b', 'c', 'd']);
    await again.close();
    await db.close();
  },
);

snapshots('an image renamed into place by a build that then failed is taken as the starting point', async () => {
  const dir = tempDir();
  const db = await open(dir, { snapshotIn: 'worker' });
  await insert(db, 'a');
  await db.close(); // snapshot generation 1; journal-2 is created by the next open
  const again = await open(dir, { snapshotIn: 'worker' });
  await insert(again, 'b');
  await again.close(); // generation 2
  // A folder whose snapshot (generation 2) is newer than the owner thinks (1), with journal 3 after it.
  const copy = crashCopy(dir);
  const third = await open(copy, { snapshotIn: 'worker' });
  await insert(third, 'c');
  const built = await buildSnapshotInWorker({ dir: copy, fromGeneration: 1, throughGeneration: 3 }).done;
  assert.is(built.transactions, 1, 'only journal 3 was replayed');
  await third.close();
});

snapshots('close() during a worker snapshot does not wait for it: the final image covers everything', async () => {
  const dir = tempDir();
  const db = await open(dir, { snapshotIn: 'worker' });
  await Promise.all(range(100).map((id) => insert(db, id)));
  const snap = db.snapshot();
  await db.close();
  await rejects(snap, (err) => assert.is((err as StorageError).code, 'closed'));
  assert.equal(readdirSync(dir), ['formstead.db'], 'no temporary image, no journal left');
  const reopened = await open(dir);
  assert.equal(ids(reopened), range(100));
  assert.is(reopened.stats().replayedTransactions, 0, 'nothing left to replay');
  await reopened.close();
});

snapshots('once SQLite has dropped a batch, close() keeps the journal instead of saving memory', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  await insert(db, 'b');
  // As undoSavepoint() (durable-memory.ts) records it when a failed statement rolled back the batch's journaled writes.
  (db as unknown as { memory: { lost: StorageError } }).memory.lost = new StorageError('storage_failed', 'simulated');
  await db.close();
  assert.not.ok(existsSync(path.join(dir, 'formstead.db')), 'memory was not saved');
  const reopened = await open(dir);
  assert.equal(ids(reopened), ['a', 'b']);
  await reopened.close();
});

snapshots('building from a damaged closed journal fails and leaves the snapshot as it was', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await insert(db, 'a');
  await db.close(); // final snapshot: generation 1, no journal left but the next one's header
  const before = readFileSync(path.join(dir, 'formstead.db'));
  const again = await open(dir);
  await insert(again, 'b');
  await insert(again, 'c');
  const copy = crashCopy(dir);
  const bytes = readFileSync(path.join(copy, 'journal-2.log'));
  writeFileSync(path.join(copy, 'journal-2.log'), bytes.subarray(0, withoutSpare(bytes) - 3)); // torn last record
  await rejects(buildSnapshotInWorker({ dir: copy, fromGeneration: 1, throughGeneration: 2 }).done, (err) => {
    assert.is((err as StorageError).code, 'journal_corrupt');
    assert.match(err.message, /journal-2\.log ends in a damaged record/);
  });
  assert.equal(readFileSync(path.join(copy, 'formstead.db')), before);
  assert.equal(
    readdirSync(copy).sort(),
    ['formstead.db', 'journal-2.log'],
    'no temporary image left, the journal kept',
  );
  await again.close();
});

snapshots('statements prepared before a snapshot keep working after it', async () => {
  const db = await open(tempDir());
  await insert(db, 'a', 1);
  assert.equal(db.get('SELECT n FROM items WHERE id = ?', ['a']), { n: 1 });
  await db.snapshot();
  await db.write((tx) => tx.run('UPDATE items SET n = ? WHERE id = ?', [2, 'a']));
  assert.equal(db.get('SELECT n FROM items WHERE id = ?', ['a']), { n: 2 });
  assert.equal(db.get<{ foreign_keys: number }>('PRAGMA foreign_keys'), { foreign_keys: 1 });
  await db.close();
});

snapshots.run();

// ---------------------------------------------------------------------------------------------------------
const lock = suite('durable-db: folder lock');
lock.after(cleanup);

/** Starts the writer fixture on `dir` and resolves once it has acknowledged its first write. */
function startWriter(dir: string, tag: string, ...flags: string[]): Promise<{ child: ChildProcess; acked: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dir, tag, ...flags], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: string[] = [];
  let partial = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop()!;
      acked.push(...lines);
      if (acked.length > 0) resolve({ child, acked });
    });
    child.on('exit', (code) => reject(new Error(`writer exited with ${code} before writing: ${stderr}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

lock('a second process is refused while the first holds the folder, with a message naming it', async () => {
  const dir = tempDir();
  const { child } = await startWriter(dir, 'held');
  await rejects(open(dir, { migrations: writerMigrations }), (err) => {
    assert.is((err as StorageError).code, 'data_locked');
    assert.match(err.message, dir);
    assert.match(err.message, `process ${child.pid}`);
  });
  await killed(child);
  const db = await open(dir, { migrations: writerMigrations }); // the killed writer's lock is stale now
  assert.ok(
    db.lines.some((l) => l.includes('stale lock')),
    db.lines.join('\n'),
  );
  await db.close();
});

lock('a child process is refused while this process holds the folder', async () => {
  const dir = tempDir();
  const db = await open(dir, { migrations: writerMigrations });
  const probe = spawn(process.execPath, ['--import', 'tsx', writerScript, dir, 'probe', '--probe'], { cwd: root });
  let out = '';
  probe.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => probe.on('exit', resolve));
  const answer = JSON.parse(out.trim()) as { code?: string; error?: string };
  assert.is(answer.code, 'data_locked');
  assert.match(answer.error!, path.resolve(dir));
  await db.close();
});

lock('the same folder cannot be opened twice in one process; after close it can', async () => {
  const dir = tempDir();
  const db = await open(dir);
  await rejects(open(dir), (err) => assert.is((err as StorageError).code, 'data_locked'));
  await db.close();
  const again = await open(dir);
  await again.close();
});

/** Writes a lock file as another holder would have left it, `ageMs` since its last refresh. */
function plantLock(dir: string, owner: { pid: number; host: string }, ageMs = 0) {
  const file = path.join(dir, 'lock');
  writeFileSync(file, JSON.stringify({ ...owner, since: '2026-01-01T00:00:00.000Z' }));
  const then = new Date(Date.now() - ageMs);
  utimesSync(file, then, then);
}

lock('a lock left by a dead process, or by an earlier run with our own pid, is taken over', async () => {
  const dir = tempDir();
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.on('exit', resolve));
  for (const [pid, why] of [
    [gone.pid!, 'is no longer running'],
    [process.pid, 'earlier run'],
  ] as const) {
    plantLock(dir, { pid, host: os.hostname() });
    const db = await open(dir);
    assert.ok(
      db.lines.some((l) => l.includes('took over the stale lock') && l.includes(why)),
      db.lines.join('\n'),
    );
    await db.close();
  }
  assert.not.ok(existsSync(path.join(dir, 'lock')));
});

lock('a lock from another host (a recreated container) or a reused pid counts only while it is refreshed', async () => {
  const dir = tempDir();
  for (const owner of [
    { pid: 4242, host: 'old-container-id' },
    { pid: process.ppid, host: os.hostname() },
  ]) {
    plantLock(dir, owner, 1000);
    await rejects(open(dir), (err) => {
      assert.is((err as StorageError).code, 'data_locked');
      assert.match(err.message, `process ${owner.pid} on ${owner.host}`);
    });
    plantLock(dir, owner, LOCK_STALE_MS + 5000);
    const db = await open(dir);
    assert.ok(
      db.lines.some((l) => l.includes('nothing has refreshed it')),
      db.lines.join('\n'),
    );
    await db.close();
  }
});

lock.run();

// ---------------------------------------------------------------------------------------------------------
const migrations = suite('durable-db: migrations');
migrations.after(cleanup);

const second: Migration = {
  id: 2,
  name: 'tags',
  up: 'CREATE TABLE tags (item TEXT NOT NULL REFERENCES items(id), tag TEXT NOT NULL);',
};

migrations('each migration is applied once, in id order, including after a crash', async () => {
  const dir = tempDir();
  let db = await open(dir, { migrations: [second, items] });
  assert.equal(db.all('SELECT id, name FROM schema_migrations ORDER BY id'), [
    { id: 1, name: 'items' },
    { id: 2, name: 'tags' },
  ]);
  await insert(db, 'a');
  const copy = crashCopy(dir);
  await db.close();
  for (const d of [dir, copy]) {
    db = await open(d, { migrations: [items, second] });
    assert.not.ok(
      db.lines.some((l) => l.includes('applied migration')),
      db.lines.join('\n'),
    );
    assert.is(db.all('SELECT id FROM schema_migrations').length, 2);
    assert.equal(ids(db), ['a']);
    await db.close();
  }
  const third: Migration = { id: 3, name: 'more', up: 'ALTER TABLE items ADD COLUMN note TEXT;' };
  db = await open(dir, { migrations: [items, second, third] });
  assert.equal(
    db.lines.filter((l) => l.includes('applied migration')),
    ['applied migration 3 (more)'],
  );
  await db.close();
});

migrations('a failing migration is not applied and the open fails with its name', async () => {
  const dir = tempDir();
  const broken: Migration = { id: 2, name: 'broken', up: 'CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);' };
  await rejects(open(dir, { migrations: [items, broken] }), (err) => {
    assert.is((err as StorageError).code, 'migration_failed');
    assert.match(err.message, 'broken');
  });
  const db = await open(dir);
  assert.is(db.get(`SELECT name FROM sqlite_master WHERE name = 'half'`), undefined);
  assert.equal(db.all('SELECT id FROM schema_migrations'), [{ id: 1 }]);
  await db.close();
});

migrations.run();

// ---------------------------------------------------------------------------------------------------------
const behind = suite('durable-db: writes behind');
behind.after(cleanup);

const counted: Migration = {
  id: 1,
  name: 'counted',
  up: `CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL, b BLOB);
       CREATE TABLE counters (k TEXT PRIMARY KEY, n INTEGER NOT NULL);
       INSERT INTO counters (k, n) VALUES ('a', 0), ('b', 0);`,
};
/** A write behind of one item and one to add to counter `k`. */
const itemBehind = (db: DurableDatabase, id: string, k = 'a') =>
  db.writeBehind({
    rows: [['INSERT INTO items (id, n) VALUES (?, ?)', [id, 1]]],
    sums: [['UPDATE counters SET n = n + ? WHERE k = ?', [1, k]]],
  });
const counters = (db: DurableDatabase) => db.all('SELECT k, n FROM counters ORDER BY k');

behind('reads see writes behind at once; sums merge; a restart replays them to the same rows', async () => {
  const dir = tempDir();
  const db = await open(dir, { migrations: [counted] });
  const pending = [
    ...range(30, 'a').map((id) => itemBehind(db, id)),
    ...range(20, 'b').map((id) => itemBehind(db, id, 'b')),
  ];
  // Read before any of them is on disk: memory runs them first.
  assert.equal(counters(db), [
    { k: 'a', n: 30 },
    { k: 'b', n: 20 },
  ]);
  await Promise.all(pending);
  // A plain write in the same turn as more writes behind sees the ones before it, not the ones after.
  const more = itemBehind(db, 'c1');
  const seen = db.write((tx) => tx.get<{ n: number }>("SELECT n FROM counters WHERE k = 'a'")!.n);
  const after = itemBehind(db, 'c2');
  assert.is(await seen, 31);
  await Promise.all([more, after]);
  const copy = crashCopy(dir);
  const replayed = await open(copy, { migrations: [counted] });
  assert.equal(counters(replayed), [
    { k: 'a', n: 32 },
    { k: 'b', n: 20 },
  ]);
  assert.equal(ids(replayed), ids(db));
  assert.is(ids(db).length, 52);
  await replayed.close();
  await db.close();
});

behind('a write behind whose row fails is refused alone, in memory and on replay', async () => {
  const dir = tempDir();
  const db = await open(dir, { migrations: [counted] });
  await itemBehind(db, 'x');
  const outcomes = await Promise.allSettled([itemBehind(db, 'y'), itemBehind(db, 'x'), itemBehind(db, 'z')]);
  assert.equal(
    outcomes.map((o) => o.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.match(String((outcomes[1] as PromiseRejectedResult).reason), /UNIQUE/);
  assert.is(db.health().state, 'ok');
  assert.equal(ids(db), ['x', 'y', 'z']);
  assert.equal(counters(db)[0], { k: 'a', n: 3 });
  const replayed = await open(crashCopy(dir), { migrations: [counted] });
  assert.equal(ids(replayed), ['x', 'y', 'z']);
  assert.equal(counters(replayed)[0], { k: 'a', n: 3 });
  await replayed.close();
  // Writes go on, and a snapshot (which runs pending writes first) holds them.
  const last = itemBehind(db, 'w');
  await db.snapshot();
  await last;
  await db.close();
  const reopened = await open(dir, { migrations: [counted] });
  assert.equal(ids(reopened), ['w', 'x', 'y', 'z']);
  assert.equal(counters(reopened)[0], { k: 'a', n: 4 });
  await reopened.close();
});

behind('many writes behind of one turn store, in memory, what replay stores: rows, order and refusals', async () => {
  // Memory runs the rows of one turn's writes grouped by statement, as INSERTs of 32 rows and one of the rest;
  // replay runs each write's rows as journaled. Two tables, an AUTOINCREMENT order, a text that is not ASCII, and a
  // duplicate.
  const logged: Migration = {
    id: 1,
    name: 'logged',
    up: `CREATE TABLE entries (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL);
         CREATE TABLE marks (id TEXT NOT NULL, pos INTEGER PRIMARY KEY, note TEXT);
         CREATE TABLE counters (k TEXT PRIMARY KEY, n INTEGER NOT NULL);
         INSERT INTO counters (k, n) VALUES ('a', 0);`,
  };
  const dir = tempDir();
  const db = await open(dir, { migrations: [logged] });
  const entry = 'INSERT INTO entries (id, body) VALUES (?, ?)';
  const mark = 'INSERT INTO marks (id, pos, note) VALUES (?, ?, ?)';
  const write = (id: string, pos: number) => {
    const body = JSON.stringify({ id, text: `é ${pos} 😀` });
    return db.writeBehind({
      rows: [
        [entry, [id, body], 1],
        [mark, [id, pos, pos % 3 ? null : `n${pos}`]],
      ],
      sums: [['UPDATE counters SET n = n + ? WHERE k = ?', [1, 'a']]],
    });
  };
  // 77 writes in one turn (32 + 32 + 13 rows a table), the 40th repeating the 10th's id.
  const ids77 = range(77, 'e');
  const outcomes = await Promise.allSettled(ids77.map((id, i) => write(i === 39 ? ids77[9] : id, i + 1)));
  assert.equal(
    outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : [])),
    [39],
  );
  // Then 5 turns of 1 to 5 writes each.
  for (let turn = 1; turn <= 5; turn++)
    await Promise.all(range(turn, `t${turn}-`).map((id, i) => write(id, 100 + turn * 10 + i)));
  // At and past the most rows one INSERT carries (ROWS_PER_INSERT_MAX, 32): one statement, then 32 + 1.
  for (const n of [32, 33]) await Promise.all(range(n, `m${n}-`).map((id, i) => write(id, 1000 * n + i)));
  const state = (d: DurableDatabase) => ({
    entries: d.all('SELECT seq, id, body, typeof(body) AS t FROM entries ORDER BY seq'),
    marks: d.all('SELECT id, pos, note FROM marks ORDER BY pos'),
    counters: d.all('SELECT k, n FROM counters'),
  });
  const mine = state(db);
  assert.is(mine.entries.length, 76 + 15 + 65);
  assert.is(mine.marks.length, 76 + 15 + 65);
  assert.equal(mine.counters, [{ k: 'a', n: 156 }]);
  assert.ok(mine.entries.every((e) => e.t === 'text'));
  assert.equal(
    mine.entries.map((e) => e.seq),
    mine.entries.map((_, i) => i + 1),
  );
  const replayed = await open(crashCopy(dir), { migrations: [logged] });
  assert.equal(state(replayed), mine);
  await replayed.close();
  await db.close();
});

behind('sums merge only on equal parameters after the amount: 1 and "1", null and "" stay apart', async () => {
  // Columns without a type compare by type, so each tally below is its own row: a wrong merge shows.
  const tallied: Migration = {
    id: 1,
    name: 'tallied',
    up: `CREATE TABLE tallies (a, b, n INTEGER NOT NULL);
         INSERT INTO tallies (a, b, n) VALUES ('x', 'm1', 0), ('x', 'm2', 0), ('y', 'm1', 0), (1, NULL, 0),
           ('1', NULL, 0), ('1', '', 0), (1, '', 0);
         CREATE TABLE solo (n INTEGER NOT NULL);
         INSERT INTO solo (n) VALUES (0);`,
  };
  const add = 'UPDATE tallies SET n = n + ? WHERE a IS ? AND b IS ?';
  const keys: [string | number, string | null][] = [
    ['x', 'm1'],
    ['x', 'm2'],
    ['y', 'm1'],
    [1, null],
    ['1', null],
    ['1', ''],
    [1, ''],
  ];
  const dir = tempDir();
  const db = await open(dir, { migrations: [tallied] });
  const pending: Promise<unknown>[] = [];
  // Key i gets i + 1 writes of 2 each, interleaved; every write also adds 3 to the one counter with no key.
  for (let round = 0; round < keys.length; round++) {
    for (let i = round; i < keys.length; i++) {
      const [a, b] = keys[i];
      pending.push(
        db.writeBehind({
          rows: [],
          sums: [
            [add, [2, a, b]],
            ['UPDATE solo SET n = n + ?', [3]],
          ],
        }),
      );
    }
  }
  const state = (d: DurableDatabase) => ({
    tallies: d.all('SELECT a, b, n FROM tallies ORDER BY rowid'),
    solo: d.get<{ n: number }>('SELECT n FROM solo')!.n,
  });
  const expected = {
    tallies: keys.map(([a, b], i) => ({ a, b, n: 2 * (i + 1) })),
    solo: 3 * pending.length,
  };
  assert.equal(state(db), expected);
  await Promise.all(pending);
  const replayed = await open(crashCopy(dir), { migrations: [tallied] });
  assert.equal(state(replayed), expected);
  await replayed.close();
  await db.close();
});

behind('params are checked before anything is journaled', async () => {
  const db = await open(tempDir(), { migrations: [counted] });
  await rejects(
    db.writeBehind({ rows: [['INSERT INTO items (id, n) VALUES (?, ?)', ['q', undefined as never]]], sums: [] }),
    (err) => assert.match(err.message, /Parameter 2/),
  );
  assert.equal(ids(db), []);
  await db.close();
});

behind.run();

const crash = suite('durable-db: kill -9 at random moments');
crash.after(cleanup);

for (const [name, flags] of [
  ['', []],
  [', half of the writes behind (one in ten of those refused)', ['--behind']],
] as const) {
  crash(`no acknowledged write is lost and no transaction is half applied${name}`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? 20261121);
    const random = prng(seed);
    const dir = tempDir();
    const acknowledged = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const { child, acked } = await startWriter(dir, `r${round}`, ...flags);
      const target = 1 + Math.floor(random() * 600);
      // Kill once enough writes were acknowledged, plus a random few milliseconds to land mid-flush.
      await new Promise<void>((resolve) => {
        const check = () => (acked.length >= target || child.exitCode !== null ? resolve() : setTimeout(check, 1));
        check();
      });
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 15)));
      await killed(child);
      // Killed by us, not stopped by a write the fixture found wrong.
      assert.is(child.signalCode, 'SIGKILL', `seed ${seed}, round ${round}: the writer exited with ${child.exitCode}`);
      for (const id of acked) acknowledged.add(id);

      // Half the rounds check a copy, so the next writer itself recovers from the raw crashed state.
      const checkDir = random() < 0.5 ? crashCopy(dir) : dir;
      const db = await open(checkDir, { migrations: writerMigrations });
      const rows = db.all<{ id: string; body: string; sum: string }>('SELECT id, body, sum FROM rows');
      const present = new Set(rows.map((r) => r.id));
      const missing = [...acknowledged].filter((id) => !present.has(id));
      assert.equal(missing, [], `seed ${seed}, round ${round}: acknowledged ids missing after kill -9`);
      assert.equal(
        rows.filter((r) => bodySum(r.body) !== r.sum).map((r) => r.id),
        [],
        'rows with a torn body',
      );
      assert.equal(
        db.get('SELECT n FROM counters'),
        { n: rows.length },
        'counter and rows come from the same transactions',
      );
      await db.close();
    }
    assert.ok(acknowledged.size > 8);
  });
}

crash.run();
