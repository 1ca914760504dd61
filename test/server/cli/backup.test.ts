// `formstead backup`: a consistent copy of a running instance's data folder that --data starts from.
// Tested at two levels: the store with snapshots taken all the time (so the copy races them), and the
// real bundle under a stream of submissions, restored and compared submission by submission.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeBackup } from '../../../server/cli/backup.ts';
import { DurableDatabase, type Migration } from '../../../server/lib/durable/durable-db.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { bundlePath, startServer, tempDataDir } from '../../helpers/server.ts';
import { fixture, uploadImage } from '../../helpers/images.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-backup-'));
  dirs.push(dir);
  return dir;
};
process.on('exit', () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Unpacks a backup with the system's tar into a new folder, as docs/operations.md tells people to. */
function restore(file: string): string {
  const dir = tempDir();
  const r = spawnSync('tar', ['-xf', file, '-C', dir], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  return dir;
}

const items: Migration = { id: 1, name: 'items', up: 'CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL);' };

const store = suite('backup of the store while it writes and snapshots');

store('each copy holds every write acknowledged before it began and none that was never made', async () => {
  const dir = tempDir();
  // A snapshot every few kilobytes of journal: copies race snapshots that delete the journals they read.
  const db = await DurableDatabase.open({
    dir,
    migrations: [items],
    snapshotJournalBytes: 2048,
    snapshotIntervalMs: 0,
    snapshotIn: 'main',
    log: () => {},
  });
  const acknowledged: string[] = [];
  let next = 0;
  let writing = true;
  const writers = Array.from({ length: 4 }, async () => {
    while (writing) {
      const id = `i${String(next++).padStart(6, '0')}`;
      await db.write((tx) => tx.run('INSERT INTO items (id, n) VALUES (?, ?)', [id, id.length]));
      acknowledged.push(id);
    }
  });
  for (let round = 0; round < 6; round++) {
    // Each copy starts after at least one more snapshot, however fast this machine writes or copies today.
    const generation = db.stats().snapshotGeneration;
    while (db.stats().snapshotGeneration === generation) await new Promise((r) => setTimeout(r, 5));
    const before = new Set(acknowledged);
    const out = path.join(tempDir(), 'backup.tar');
    await writeBackup(dir, out);
    const madeBefore = next; // ids below this were at least started
    const copy = await DurableDatabase.open({
      dir: restore(out),
      migrations: [items],
      snapshotIntervalMs: 0,
      log: () => {},
    });
    const restored = new Set(copy.all<{ id: string }>('SELECT id FROM items').map((r) => r.id));
    await copy.close();
    for (const id of before) assert.ok(restored.has(id), `round ${round}: acknowledged ${id} missing`);
    for (const id of restored) assert.ok(Number(id.slice(1)) < madeBefore, `round ${round}: ${id} was never written`);
    assert.ok(restored.size >= before.size);
  }
  writing = false;
  await Promise.all(writers);
  // Each round waited for a snapshot of its own, so at least six raced the copies; how many more came depends on
  // how fast four writers go on a busy machine (and on the journal's frames gathering while its loop is busy).
  assert.ok(
    db.stats().snapshotGeneration >= 6,
    `snapshots were taken meanwhile (generation ${db.stats().snapshotGeneration})`,
  );
  await db.close();
});

const e2e = suite('formstead backup of a running server');

e2e('backup under a stream of submissions, restore into a new folder, start, compare every submission', async () => {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const api = (method: string, p: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, p, opts);
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  // Uploads live under files/ in the data folder; the copy carries that folder as it is.
  mkdirSync(path.join(server.dataDir, 'files', 'ab'), { recursive: true });
  writeFileSync(path.join(server.dataDir, 'files', 'ab', 'upload.bin'), Buffer.from([0, 1, 2, 255]));
  // A form's picture: its row in the database, its bytes in files/images/.
  const picture = await uploadImage(server.url, form_id, fixture('webp'));
  assert.is(picture.status, 201, picture.text);
  const sent = new Map<string, unknown>();
  let writing = true;
  let n = 0;
  const writers = Array.from({ length: 3 }, async () => {
    while (writing) {
      const values = { name: `Person ${n++}`, email: `p${n}@example.com` };
      const r = await api('POST', `/v1/f/${form_id}`, { body: { values } });
      assert.is(r.status, 201);
      sent.set(r.json.id, r.json.values);
    }
  });
  while (sent.size < 30) await new Promise((r) => setTimeout(r, 20));
  const before = new Set(sent.keys());
  const out = path.join(tempDir(), 'formstead.tar');
  const cli = spawn(process.execPath, [bundlePath, 'backup', '--data', server.dataDir, '--out', out], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  cli.stdout.on('data', (d) => (said += d));
  cli.stderr.on('data', (d) => (said += d));
  assert.is(await new Promise((r) => cli.on('exit', r)), 0, said);
  assert.match(said, /^Backup written to .*formstead\.tar: snapshot, \d+ journal file\(s\), 2 stored file\(s\)/);
  writing = false;
  await Promise.all(writers);

  const restoredDir = restore(out);
  assert.equal([...readFileSync(path.join(restoredDir, 'files', 'ab', 'upload.bin'))], [0, 1, 2, 255]);
  await server.stop();
  const copy = await startServer({ dataDir: restoredDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const restored = new Map<string, unknown>();
  for (let cursor = ''; ; ) {
    const page = (
      await call(copy.url, 'GET', `/v1/forms/${form_id}/submissions?limit=100${cursor && `&cursor=${cursor}`}`, {
        key: OWNER_KEY,
      })
    ).json;
    for (const s of page.submissions) restored.set(s.id, s.values);
    if (!page.next_cursor) break;
    cursor = encodeURIComponent(page.next_cursor);
  }
  const restoredPicture = await fetch(copy.url + picture.json.url);
  assert.is(restoredPicture.status, 200, 'the picture is served from the restored folder');
  assert.ok(Buffer.from(await restoredPicture.arrayBuffer()).equals(fixture('webp')));
  await copy.stop();
  for (const id of before) assert.ok(restored.has(id), `acknowledged before the backup, missing: ${id}`);
  for (const [id, values] of restored) {
    assert.ok(sent.has(id), `restored a submission nobody sent: ${id}`);
    assert.equal(values, sent.get(id), `values of ${id}`);
  }
});

e2e('a folder that is not a data folder, or no --data, stops with one line', async () => {
  const empty = await tempDataDir();
  for (const args of [
    ['backup', '--data', empty, '--out', path.join(empty, 'x.tar')],
    ['backup', '--out', 'x.tar'],
  ]) {
    const r = spawnSync(process.execPath, [bundlePath, ...args], {
      encoding: 'utf8',
      env: { ...process.env, FORMSTEAD_DATA: '' },
    });
    assert.is(r.status, 2);
    assert.match(
      r.stderr.trim(),
      /^formstead: --data: (\S+ is not a Formstead data folder|needs the data folder to copy)$/,
    );
  }
});

store.run();
e2e.run();
