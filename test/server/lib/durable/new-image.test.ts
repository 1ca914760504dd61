// A new data folder started from the prebuilt image (durable-new-image.ts) holds what the migrations make.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../../../server/core/store/sqljs/migrations/index.ts';
import { DurableDatabase } from '../../../../server/lib/durable/durable-db.ts';
import { migratedImage, type NewImage } from '../../../../server/lib/durable/durable-new-image.ts';
import { readSnapshot } from '../../../../server/lib/durable/snapshot-file.ts';
import { loadSqlJs } from '../../../../server/lib/durable/sql-js.ts';

const newImage = suite('new database image');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-new-image-'));
  dirs.push(dir);
  return dir;
};
newImage.after.each(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(dir: string, image?: NewImage, list = migrations) {
  const lines: string[] = [];
  const db = await DurableDatabase.open({
    dir,
    migrations: list,
    snapshotIntervalMs: 0,
    log: (l) => lines.push(l),
    newImage: image && (() => image),
  });
  return Object.assign(db, { lines });
}

/** Every schema object's SQL and the migrations recorded: what must not differ between the two ways. */
const schema = (db: DurableDatabase) => ({
  objects: db.all(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`),
  recorded: db.all('SELECT id, name FROM schema_migrations ORDER BY id'),
});

newImage(
  "the store's image is the schema its migrations make, stamped now and kept as the first snapshot",
  async () => {
    const image = migratedImage(await loadSqlJs(), migrations);
    const migrated = await open(tempDir());
    const began = new Date().toISOString();
    const dir = tempDir();
    const fromImage = await open(dir, image);
    const made = schema(migrated);
    assert.equal(schema(fromImage), made);
    assert.ok(migrated.lines.some((l) => l.startsWith('applied migration 1 ')));
    assert.not.ok(fromImage.lines.some((l) => l.startsWith('applied migration')));
    assert.ok(
      fromImage.lines.some((l) => l.includes(`${migrations.length} migrations applied from the built-in image`)),
    );
    const stamps = fromImage.all<{ applied_at: string }>('SELECT DISTINCT applied_at FROM schema_migrations');
    assert.is(stamps.length, 1);
    assert.ok(stamps[0].applied_at >= began, stamps[0].applied_at);
    assert.is((await readSnapshot(dir))?.generation, 0);
    await migrated.close();
    await fromImage.close();
    // Reopened, it is an ordinary folder: nothing applied again, the image not consulted.
    const again = await open(dir, { migrations: [], image: new Uint8Array([1, 2, 3]) });
    assert.equal(schema(again), made);
    assert.not.ok(
      again.lines.some((l) => l.includes('applied')),
      again.lines.join('\n'),
    );
    await again.close();
  },
);

newImage('an image of other migrations, or without every stamp, is not used: the migrations run', async () => {
  const SQL = await loadSqlJs();
  const fewer = migratedImage(SQL, migrations.slice(0, -1));
  const whole = migratedImage(SQL, migrations);
  const renamed: NewImage = { ...whole, migrations: whole.migrations.map(([id, name], i) => [id, i ? name : 'x']) };
  // One stamp's place overwritten: the image does not hold what its list says.
  const at = Buffer.from(whole.image).indexOf('@@formstead:applied_at@@');
  const unstamped = { ...whole, image: whole.image.slice() };
  unstamped.image[at] = 0x41;
  for (const image of [fewer, renamed, unstamped]) {
    const db = await open(tempDir(), image);
    assert.not.ok(db.lines.some((l) => l.includes('built-in image')));
    assert.ok(db.lines.some((l) => l.startsWith(`applied migration ${migrations.at(-1)?.id} `)));
    assert.equal(
      db.all('SELECT id, name FROM schema_migrations ORDER BY id'),
      migrations.map((m) => ({ id: m.id, name: m.name })).sort((a, b) => a.id - b.id),
    );
    await db.close();
  }
});

newImage('a folder that already has a journal is recovered, not replaced by the image', async () => {
  const dir = tempDir();
  const first = await open(dir);
  const stamped = first.all('SELECT id, applied_at FROM schema_migrations ORDER BY id');
  // What a kill -9 now would leave: the journal and no snapshot.
  const copy = tempDir();
  for (const name of readdirSync(dir)) if (name !== 'lock') copyFileSync(path.join(dir, name), path.join(copy, name));
  await first.close();
  assert.is(await readSnapshot(copy), undefined);
  const db = await open(copy, migratedImage(await loadSqlJs(), migrations));
  assert.not.ok(
    db.lines.some((l) => l.includes('built-in image')),
    db.lines.join('\n'),
  );
  assert.equal(db.all('SELECT id, applied_at FROM schema_migrations ORDER BY id'), stamped);
  await db.close();
});

newImage.run();
