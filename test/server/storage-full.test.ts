// A full disk under the real bundle, on a small tmpfs mounted for the test (ARCHITECTURE.md "Command
// line and operations"): writes answer 503 storage_unavailable with Retry-After, /readyz 503 while
// /healthz stays 200, one log line per change of state and no stack traces; once space is freed the
// server takes writes again without a restart, and after a restart every acknowledged submission is
// there and no refused one. Where the machine does not allow mounting, this file says so and skips:
// test/server/lib/durable/storage-failure.test.ts covers the same rules with injected faults.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer } from '../helpers/server.ts';

const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'formstead-tmpfs-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]).status === 0;
process.on('exit', () => {
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system with `file` until it refuses a byte more. */
function fill(file: string) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (let size = chunk.length; size >= 1; ) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
}

const full = suite('a full disk under the bundle');

full(
  '503 storage_unavailable and /readyz 503 while full; recovery without a restart; nothing acknowledged lost',
  async () => {
    if (!mounted) {
      console.log(
        '  (skipped: this machine does not allow mounting a tmpfs; ' +
          'see test/server/lib/durable/storage-failure.test.ts)',
      );
      return;
    }
    const dataDir = path.join(mountPoint, 'data');
    mkdirSync(dataDir);
    const server = await startServer({
      dataDir,
      env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SNAPSHOT_THREAD: 'main' },
    });
    const api = (method: string, p: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, p, opts);
    const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
      .json;
    const acknowledged = new Set<string>();
    const send = async (i: number) => {
      const r = await api('POST', `/v1/f/${form_id}`, {
        body: { values: { name: `P${i}`, email: `p${i}@example.com` } },
      });
      if (r.status === 201) acknowledged.add(r.json.id);
      return r;
    };
    for (let i = 0; i < 5; i++) assert.is((await send(i)).status, 201);
    assert.is((await api('GET', '/readyz')).status, 200);

    const filler = path.join(mountPoint, 'filler');
    fill(filler);
    // The journal's last page may still have room for a few records; the disk is full after that.
    let refusedAnswer: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 5; i < 500 && !refusedAnswer; i++) {
      const r = await send(i);
      if (r.status !== 201) refusedAnswer = r;
    }
    assert.ok(refusedAnswer, 'no write was refused on a full disk');
    assert.is(refusedAnswer!.status, 503);
    assert.equal(refusedAnswer!.json, {
      error: 'storage_unavailable',
      details: ['storage: the server cannot save data right now; try again later'],
    });
    assert.ok(Number(refusedAnswer!.headers.get('retry-after')) >= 1);
    for (let i = 0; i < 10; i++) assert.is((await send(1000 + i)).status, 503, 'still full');
    const notReady = await api('GET', '/readyz');
    assert.is(notReady.status, 503);
    assert.is(notReady.json.error, 'storage_unavailable');
    assert.ok(notReady.headers.get('retry-after'));
    assert.is((await api('GET', '/healthz')).status, 200, 'the process is alive');
    assert.is(
      (await api('GET', `/v1/forms/${form_id}/submissions`, { key: OWNER_KEY })).status,
      200,
      'reads still work',
    );

    unlinkSync(filler);
    assert.is((await api('GET', '/readyz')).status, 200, 'ready again once there is room, without a restart');
    for (let i = 2000; i < 2005; i++) assert.is((await send(i)).status, 201);
    const listed = (
      await api('GET', `/v1/forms/${form_id}/submissions?limit=100`, { key: OWNER_KEY })
    ).json.submissions.map((s: { id: string }) => s.id);
    assert.equal(new Set(listed), acknowledged, 'the live server holds exactly the acknowledged submissions');

    assert.is(await server.stop(), 0);
    const log = server.output();
    assert.is(log.match(/writes refused: the disk is full/g)?.length, 1, log);
    assert.is(log.match(/writes resume:/g)?.length, 1, log);
    assert.not.match(log, /error:|internal_error|^\s+at /m, log);

    const again = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
    const after = (
      await call(again.url, 'GET', `/v1/forms/${form_id}/submissions?limit=100`, { key: OWNER_KEY })
    ).json.submissions.map((s: { id: string }) => s.id);
    await again.stop();
    assert.equal(new Set(after), acknowledged, 'after a restart: every acknowledged submission, and no refused one');
    execFileSync('sync');
  },
);

full('stopped while the disk is full: a clean exit, and the next start has every acknowledged submission', async () => {
  if (!mounted) return;
  const dataDir = path.join(mountPoint, 'data-stop');
  mkdirSync(dataDir);
  const server = await startServer({
    dataDir,
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_SNAPSHOT_THREAD: 'main' },
  });
  const api = (method: string, p: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, p, opts);
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const acknowledged = new Set<string>();
  const filler = path.join(mountPoint, 'filler-stop');
  fill(filler);
  let refused = false;
  for (let i = 0; i < 500 && !refused; i++) {
    const r = await api('POST', `/v1/f/${form_id}`, {
      body: { values: { name: `Q${i}`, email: `q${i}@example.com` } },
    });
    if (r.status === 201) acknowledged.add(r.json.id);
    else {
      assert.is(r.status, 503);
      refused = true;
    }
  }
  assert.ok(refused);
  assert.is(await server.stop(), 0, server.output());
  assert.not.match(server.output(), /error:|^\s+at /m, server.output());
  unlinkSync(filler);
  const again = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const after = (
    await call(again.url, 'GET', `/v1/forms/${form_id}/submissions?limit=100`, { key: OWNER_KEY })
  ).json.submissions.map((s: { id: string }) => s.id);
  await again.stop();
  assert.equal(new Set(after), acknowledged);
});

full.run();
