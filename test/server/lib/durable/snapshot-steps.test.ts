// A background snapshot on the main thread taken a few pages an event-loop turn (the bundle's sql.js,
// scripts/sqljs-patches.mjs "the image in steps"; snapshot-scheduler.ts): writes keep landing between the steps,
// the journal rotates in the tick of the last step, and a crash copy of the folder (snapshot + later journals)
// opens with every acknowledged write exactly once. Run from source sql.js has no steps, so this file builds
// durable-db.ts with the bundle's rewrites, as the product bundle is built.
import { build } from 'esbuild';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sqlJsPatches } from '../../../../scripts/sqljs-patches.mjs';
import { DurableDatabase as SourceDurableDatabase } from '../../../../server/lib/durable/durable-db.ts';
import { SNAPSHOT_STEP_PAGES } from '../../../../server/lib/durable/snapshot-scheduler.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
const tempDir = (where = os.tmpdir()) => {
  const dir = mkdtempSync(path.join(where, 'formstead-steps-'));
  dirs.push(dir);
  return dir;
};

const items = {
  id: 1,
  name: 'items',
  up: 'CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL, body TEXT NOT NULL);',
};

/** durable-db.ts built with the bundle's sql.js rewrites (in the repository, so sql.js's wasm resolves). */
async function bundledDurable(): Promise<typeof SourceDurableDatabase> {
  const dir = tempDir(path.join(root, 'test'));
  const file = path.join(dir, 'durable.mjs');
  const result = await build({
    entryPoints: [path.join(root, 'server/lib/durable/durable-db.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [sqlJsPatches()],
    banner: {
      js:
        "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; " +
        'const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); ' +
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    },
  });
  writeFileSync(file, result.outputFiles[0].text);
  return (await import(pathToFileURL(file).href)).DurableDatabase;
}

const steps = suite('durable-db: a main-thread snapshot in steps');
steps.after(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

steps('writes between the steps all survive a crash copy, once each; the snapshot stepped', async () => {
  const DurableDatabase = await bundledDurable();
  const dir = tempDir();
  const lines: string[] = [];
  // A small journal threshold: background snapshots one after another while the writes go on.
  const db = await DurableDatabase.open({
    dir,
    migrations: [items],
    snapshotIntervalMs: 0,
    snapshotIn: 'main',
    snapshotJournalBytes: 2 * 1024 * 1024,
    log: (l) => lines.push(l),
  });
  const body = 'x'.repeat(1800);
  let acked = 0;
  // ~30 MB of rows, 100 writes a turn (half written behind, as submissions are), so every snapshot past the first
  // few MB takes several steps of SNAPSHOT_STEP_PAGES with writes landing between them.
  for (let turn = 0; turn < 160; turn++) {
    const batch: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      const id = `t${String(turn).padStart(4, '0')}-${String(i).padStart(3, '0')}`;
      batch.push(
        i % 2 === 0
          ? db.write((tx) => tx.run('INSERT INTO items (id, n, body) VALUES (?, ?, ?)', [id, turn, body]))
          : db.writeBehind({
              rows: [['INSERT INTO items (id, n, body) VALUES (?, ?, ?)', [id, turn, body]]],
              sums: [],
            }),
      );
    }
    // A row changed on pages copied already: the image must hold its last value.
    batch.push(db.write((tx) => tx.run('UPDATE items SET n = n + 1000 WHERE id = ?', [`t0000-000`])));
    await Promise.all(batch);
    acked += 100;
  }
  const stats = db.stats();
  assert.is(stats.snapshotIn, 'main');
  assert.ok(stats.snapshotGeneration >= 5, `generation ${stats.snapshotGeneration}`);
  const stepped = lines.filter((l) => l.includes('snapshot (journal size)'));
  assert.ok(stepped.length >= 5, lines.join('\n'));
  // The image is ~30 MB at the end: the last snapshot took a turn for each SNAPSHOT_STEP_PAGES, or more.
  const pages = Math.floor((stats.snapshotBytes ?? 0) / 4096);
  assert.ok(pages > 20 * SNAPSHOT_STEP_PAGES, `${stats.snapshotBytes} bytes`);
  assert.ok((stats.snapshotSteps ?? 0) >= Math.floor(pages / SNAPSHOT_STEP_PAGES), JSON.stringify(stats));

  // What a kill -9 would leave now: the last background snapshot and the journals after it.
  const copy = tempDir();
  for (const name of readdirSync(dir)) if (name !== 'lock') copyFileSync(path.join(dir, name), path.join(copy, name));
  await db.close();
  const again = await SourceDurableDatabase.open({ dir: copy, migrations: [items], snapshotIntervalMs: 0 });
  try {
    const [{ count, uniq, updated }] = again.all<{ count: number; uniq: number; updated: number }>(
      'SELECT count(*) AS count, count(DISTINCT id) AS uniq, ' +
        "(SELECT n FROM items WHERE id = 't0000-000') AS updated FROM items",
    );
    assert.is(count, acked);
    assert.is(uniq, acked);
    assert.is(updated, 160 * 1000);
  } finally {
    await again.close();
  }
});

steps.run();
