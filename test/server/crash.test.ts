// Durability of the real bundle: SIGKILL at random moments loses no acknowledged write and leaves
// nothing half-written (uploaded files included); a background snapshot (built in a worker thread of the bundle) is
// whole; a corrupt snapshot stops the start with a clear error and is not overwritten.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, setupOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { bundlePath, freePort, startServer, tempDataDir } from '../helpers/server.ts';
import { prng } from '../helpers/prng.ts';
import { bytes, download, publishFileForm, rawUpload, sha256 } from '../helpers/files.ts';

const crash = suite('crash');

crash('SIGKILL during publish and submit loops loses no acknowledged write', async () => {
  const seed = Number(process.env.CRASH_SEED ?? 20261121);
  const random = prng(seed);
  const dataDir = await tempDataDir();
  const env = { FORMSTEAD_OWNER_KEY: OWNER_KEY };
  const ackedForms = new Set<string>();
  const ackedSubmissions = new Map<string, string>(); // submission id → form id
  let formId = '';

  for (let round = 0; round < 5; round++) {
    const server = await startServer({ env, dataDir });
    if (!formId) {
      const first = await call(server.url, 'POST', '/v1/forms', {
        key: OWNER_KEY,
        body: { definition: contactDefinition() },
      });
      assert.is(first.status, 201);
      formId = first.json.form_id;
      ackedForms.add(formId);
    }
    // Everything acknowledged before the restart must be there, whole.
    await verify(server.url);

    let stop = false;
    const writer = async (n: number) => {
      while (!stop) {
        try {
          if (n === 0 && random() < 0.2) {
            const r = await call(server.url, 'POST', '/v1/forms', {
              key: OWNER_KEY,
              body: { definition: contactDefinition({ title: `t${round}` }) },
            });
            if (r.status === 201) ackedForms.add(r.json.form_id);
          } else {
            const message = `round ${round} writer ${n} ${'x'.repeat(Math.floor(random() * 200))}`;
            const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
              body: { values: { name: 'A', email: 'a@example.com', message } },
            });
            if (r.status === 201) ackedSubmissions.set(r.json.id, message);
          }
        } catch {
          return; // the server died under us: that request was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    await new Promise((r) => setTimeout(r, 150 + random() * 600));
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await server.stop('SIGKILL');
  }
  const last = await startServer({ env, dataDir });
  await verify(last.url);
  await last.stop();
  assert.ok(ackedSubmissions.size > 20, `the loop wrote something (${ackedSubmissions.size} acknowledged)`);

  async function verify(url: string) {
    const seen = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await call(
        url,
        'GET',
        `/v1/forms/${formId}/submissions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { key: OWNER_KEY },
      );
      assert.is(page.status, 200);
      for (const s of page.json.submissions) {
        // Nothing half-written: every stored row is a complete, valid submission.
        assert.is(s.values.name, 'A');
        assert.is(s.values.email, 'a@example.com');
        assert.match(s.values.message, /^round \d writer \d x*$/);
        seen.set(s.id, s.values.message);
      }
      cursor = page.json.next_cursor;
    } while (cursor);
    for (const [id, message] of ackedSubmissions)
      assert.is(seen.get(id), message, `acknowledged submission ${id} survived`);
    const forms = await call(url, 'GET', '/v1/forms', { key: OWNER_KEY });
    const ids = new Set(forms.json.forms.map((f: any) => f.form_id));
    for (const id of ackedForms) assert.ok(ids.has(id), `acknowledged form ${id} survived`);
    const listed = forms.json.forms.find((f: any) => f.form_id === formId);
    assert.is(listed.submissions, seen.size, 'the count matches the rows');
  }
});

crash(
  'a background snapshot is built by a worker thread of the bundle; after SIGKILL the start needs only the ' +
    'journal after it',
  async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    // The admin socket accepts its public URL's Origin only. The worker is asked for: on a one-core or
    // low-memory machine auto would export on the main thread.
    const env = { FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`, FORMSTEAD_SNAPSHOT_THREAD: 'worker' };
    let server = await startServer({ dataDir, port, env });
    const cookie = await setupOwner(server);
    const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
    const { form_id, agent_key } = published.json;
    const send = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const r = await call(server.url, 'POST', `/v1/f/${form_id}`, {
          body: { values: { name: `n${i}`, email: 'a@example.com' } },
        });
        assert.is(r.status, 201);
      }
    };
    await send(0, 40);
    const { client, close } = adminClient(server, cookie);
    const status = await client.jobs.run.mutate({ name: 'snapshot' });
    close();
    assert.is(status.lastError, undefined, status.lastError);
    assert.match(status.lastResult ?? '', /^generation \d+, \d+ bytes in \d+ ms \(worker thread\)$/);
    const header = (await readFile(path.join(dataDir, 'formstead.db'))).subarray(0, 32);
    const generation = Number(header.readBigUInt64LE(24));
    assert.ok(generation >= 1, `the snapshot covers generation ${generation}`);
    const journals = (await readdir(dataDir)).filter((n) => n.startsWith('journal-'));
    assert.equal(journals, [`journal-${generation + 1}.log`], 'the journals it covers are gone');
    await send(40, 50);
    await server.stop('SIGKILL');
    server = await startServer({ dataDir, port, env });
    assert.match(server.output(), new RegExp(`snapshot generation ${generation}, 10 transactions replayed`));
    const names = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await call(
        server.url,
        'GET',
        `/v1/forms/${form_id}/submissions?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { key: agent_key },
      );
      for (const s of page.json.submissions) names.add(s.values.name);
      cursor = page.json.next_cursor;
    } while (cursor);
    assert.equal([...names].sort(), Array.from({ length: 50 }, (_, i) => `n${i}`).sort());
    await server.stop();
  },
);

crash('a corrupt snapshot stops the start with a clear error and is left as it was', async () => {
  const dataDir = await tempDataDir();
  const server = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } });
  assert.is(await server.stop('SIGTERM'), 0, 'a clean stop exits 0');
  const file = path.join(dataDir, 'formstead.db');
  const bytes = await readFile(file);
  const corrupt = Buffer.from(bytes);
  corrupt[Math.floor(corrupt.length / 2)] ^= 0xff;
  await writeFile(file, corrupt);
  const r = spawnSync(process.execPath, [bundlePath, '--port', '0', '--data', dataDir], {
    encoding: 'utf8',
    timeout: 15000,
  });
  assert.is.not(r.status, 0);
  assert.match(r.stderr, /snapshot/i);
  assert.not.match(r.stderr, /at .*\.mjs:\d+/, 'no stack trace');
  assert.ok(Buffer.compare(await readFile(file), corrupt) === 0, 'the snapshot was not overwritten');
});

crash('a second process on the same data folder is refused', async () => {
  const dataDir = await tempDataDir();
  const server = await startServer({ dataDir });
  const r = spawnSync(process.execPath, [bundlePath, '--port', '0', '--data', dataDir], {
    encoding: 'utf8',
    timeout: 15000,
  });
  assert.is.not(r.status, 0);
  assert.match(r.stderr, new RegExp(dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.is((await call(server.url, 'GET', '/healthz')).status, 200, 'the first process keeps running');
  await server.stop();
});

crash(
  'SIGKILL during uploads and submissions with files loses no acknowledged file, and none is half-written',
  async () => {
    const random = prng(Number(process.env.CRASH_SEED ?? 20261124));
    const dataDir = await tempDataDir();
    const env = { FORMSTEAD_OWNER_KEY: OWNER_KEY };
    const ackedUploads = new Map<string, string>(); // upload id → sha256 of the bytes sent
    const ackedFiles = new Map<string, string>(); // file id of an acknowledged submission → sha256
    let formId = '';
    for (let round = 0; round < 3; round++) {
      const server = await startServer({ env, dataDir });
      formId ||= await publishFileForm(server.url);
      await verifyFiles(server.url);
      let stop = false;
      const writer = async () => {
        while (!stop) {
          try {
            const data = bytes(1 + Math.floor(random() * 400_000));
            const up = await rawUpload(server.url, formId, 'cv', data, 'cv.pdf');
            if (up.status !== 201) continue;
            ackedUploads.set(up.json.upload_id, sha256(data));
            const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
              body: { values: { name: 'A', cv: up.json.upload_id } },
            });
            if (r.status === 201) ackedFiles.set(r.json.values.cv.file_id, sha256(data));
          } catch {
            return; // the server died under us: that request was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: 4 }, () => writer());
      await new Promise((r) => setTimeout(r, 300 + random() * 700));
      server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await server.stop('SIGKILL');
    }
    const last = await startServer({ env, dataDir });
    await verifyFiles(last.url);
    await last.stop();
    assert.ok(
      ackedFiles.size > 5,
      `the loop wrote something (${ackedFiles.size} acknowledged submissions with a file)`,
    );

    async function verifyFiles(url: string) {
      // Every acknowledged upload is on disk, whole (used or not: an unused one waits for its sweep).
      for (const [id, hash] of ackedUploads)
        assert.is(sha256(await readFile(path.join(dataDir, 'files', id))), hash, `upload ${id} is whole`);
      // Every acknowledged submission's file downloads with the bytes that were sent.
      for (const [id, hash] of ackedFiles) {
        const got = await download(`${url}/v1/files/${id}`);
        assert.is(got.status, 200, `file ${id} of an acknowledged submission`);
        assert.is(sha256(got.body), hash);
      }
    }
  },
);

crash.run();
