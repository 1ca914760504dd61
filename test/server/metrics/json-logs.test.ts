// FORMSTEAD_LOG_FORMAT=json on the real bundle: every stderr line of a run parses as one JSON object with
// time, level and msg; each request's access line carries the X-Request-Id its answer had; a trusted
// proxy's id is kept, an untrusted or insane one replaced; an answer's value never reaches the log.
import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { bundlePath, freePort, tempDataDir } from '../../helpers/server.ts';

const CANARY = 'canary-value-7f3a9c1e';

/** Runs the bundle with `env` until `work` is done, then stops it; its stderr and the work's result. */
async function run<T>(env: Record<string, string>, work: (base: string) => Promise<T>) {
  const port = await freePort();
  const child = spawn(process.execPath, [bundlePath, '--port', String(port), '--data', await tempDataDir()], {
    env: { ...process.env, FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => (stdout += d));
  const base = `http://127.0.0.1:${port}`;
  while (!stderr.includes('Formstead listening on ') && !stdout.includes('Formstead listening on ')) {
    if (child.exitCode !== null) throw new Error(`bundle exited:\n${stdout}${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const result = await work(base);
  const exited = new Promise((r) => child.once('close', r));
  child.kill('SIGTERM');
  await exited;
  return { stderr, stdout, result };
}

const j = suite('json logs');

j('every line parses; each access line has the answer’s request id; no answer value is logged', async () => {
  const { stderr, stdout, result } = await run({ FORMSTEAD_LOG_FORMAT: 'json' }, async (base) => {
    const form = (await call(base, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
      .json;
    const values = { name: CANARY, email: 'canary@example.com', topic: 'sales', message: CANARY };
    const answers = [
      await call(base, 'POST', `/v1/f/${form.form_id}`, { body: { values } }),
      await call(base, 'POST', `/v1/f/${form.form_id}`, { body: { values: { name: CANARY } } }),
      await call(base, 'GET', '/no/such/path'),
      // Not trusted (FORMSTEAD_TRUST_PROXY is 0): the id is made here, not taken.
      await call(base, 'GET', '/healthz', { headers: { 'x-request-id': 'from-a-stranger' } }),
    ];
    return { answers, formId: form.form_id as string };
  });
  const lines = stderr.split('\n').filter((l) => l !== '');
  assert.ok(lines.length > 4);
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const e of entries) {
    assert.match(String(e.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(['info', 'warn', 'error'].includes(String(e.level)), String(e.level));
    assert.type(e.msg, 'string');
  }
  const statuses = [201, 422, 404, 200];
  for (const [i, a] of result.answers.entries()) {
    const id = a.headers.get('x-request-id');
    assert.match(id ?? '', /^[0-9a-f-]{36}$/);
    // Other lines of the request (a mail skipped, say) carry its id too; its access line is one.
    const access = entries.filter((e) => e.request_id === id && e.msg === 'request');
    assert.is(access.length, 1, `one access line for request ${id}`);
    assert.is(access[0].status, statuses[i]);
    assert.type(access[0].duration_ms, 'number');
  }
  const post = entries.find((e) => e.request_id === result.answers[0].headers.get('x-request-id'))!;
  assert.is(post.route, '/v1/f/:id');
  assert.is(entries.find((e) => e.status === 404)!.route, 'unmatched');
  assert.not.ok(stderr.includes(CANARY) || stdout.includes(CANARY), 'an answer value reached the log');
  assert.not.ok(stderr.includes(result.formId), 'routes are patterns, not paths');
  assert.not.ok(stderr.includes(OWNER_KEY));
});

j(
  'behind a trusted proxy a sane X-Request-Id is kept; one past 128 characters or with a space is replaced',
  async () => {
    const { stderr, result } = await run({ FORMSTEAD_LOG_FORMAT: 'json', FORMSTEAD_TRUST_PROXY: '1' }, async (base) => {
      const ask = async (id: string) =>
        (await call(base, 'GET', '/healthz', { headers: { 'x-request-id': id } })).headers.get('x-request-id');
      return {
        kept: await ask('a'.repeat(128)),
        tooLong: await ask('b'.repeat(129)),
        spaced: await ask('has space'),
      };
    });
    assert.is(result.kept, 'a'.repeat(128));
    assert.match(result.tooLong ?? '', /^[0-9a-f-]{36}$/);
    assert.match(result.spaced ?? '', /^[0-9a-f-]{36}$/);
    assert.ok(stderr.split('\n').some((l) => l !== '' && JSON.parse(l).request_id === 'a'.repeat(128)));
  },
);

j('text format: each line starts with the time and the level', async () => {
  const { stderr } = await run({}, async (base) => call(base, 'GET', '/healthz'));
  const lines = stderr.split('\n').filter((l) => l !== '');
  assert.ok(lines.length > 1);
  for (const l of lines) assert.match(l, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (info|warn|error) /);
  assert.ok(
    lines.some((l) => / info request method=GET route=\/healthz status=200 duration_ms=[\d.]+ request_id=/.test(l)),
  );
});

j.run();
