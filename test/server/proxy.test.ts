// FORMSTEAD_TRUST_PROXY=N: the client address is the N-th X-Forwarded-For entry from the right (the one
// the nearest trusted proxy wrote). Entries to its left are the client's own words: rotating them must
// not escape any per-address limit (ARCHITECTURE.md "Command line and operations").
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const good = { name: 'Ada', email: 'ada@example.com' };
let n = 0;
/** A forged left entry that changes on every request, then what the trusted proxies appended. */
const forged = (...appended: string[]) => ({
  'x-forwarded-for': [`10.${n % 250}.${(n++ >> 8) % 250}.9`, ...appended].join(', '),
});
const urlencoded = (fields: Record<string, string>, headers: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});

/** Sends until the first answer that is not `ok` (at most `max`); how many passed and that answer. */
async function untilRefused(send: () => ReturnType<typeof api>, max: number, ok = 201) {
  for (let passed = 0; passed < max; passed++) {
    const r = await send();
    if (r.status !== ok) return { passed, refused: r };
  }
  throw new Error(`no refusal after ${max} requests`);
}

const oneHop = suite('FORMSTEAD_TRUST_PROXY=1: forged left entries');
oneHop.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
});
oneHop.after(async () => {
  await server.stop();
});

oneHop('the per-address submission limit holds while the client rotates its own entry', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const started = Date.now();
  const { passed, refused } = await untilRefused(
    () => api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: forged('203.0.113.50') }),
    40,
  );
  assert.ok(passed >= 20 && passed <= 20 + Math.ceil((Date.now() - started) / 3000), `${passed} passed`);
  assert.is(refused.status, 429);
  assert.is(
    (await api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: forged('203.0.113.51') })).status,
    201,
    'another real address is not limited',
  );
});

oneHop('5 unclaimed forms an hour per address, whatever the left entries say', async () => {
  for (let i = 0; i < 5; i++)
    assert.is(
      (await api('POST', '/v1/forms', { body: { definition: contactDefinition() }, headers: forged('192.0.2.60') }))
        .status,
      201,
      `form ${i + 1}`,
    );
  const sixth = await api('POST', '/v1/forms', {
    body: { definition: contactDefinition() },
    headers: forged('192.0.2.60'),
  });
  assert.is(sixth.status, 429);
});

oneHop('sign-in attempts: 10 at once per address, then 429, left entries notwithstanding', async () => {
  const { passed, refused } = await untilRefused(
    () =>
      api(
        'POST',
        '/admin/login',
        urlencoded({ email: 'nobody@example.com', password: 'wrong password here' }, forged('198.51.100.70')),
      ),
    40,
    401,
  );
  assert.is(passed, 10);
  assert.is(refused.status, 429);
});

oneHop('abuse reports: three forged "networks" behind one real address count as one', async () => {
  const { form_id } = (
    await api('POST', '/v1/forms', { body: { definition: contactDefinition() }, headers: forged('198.51.100.80') })
  ).json;
  for (const left of ['192.0.2.1', '203.0.113.1', '100.64.0.1']) {
    const headers = { 'x-forwarded-for': `${left}, 198.51.100.81` };
    const page = await api('GET', `/f/${form_id}/report`, { headers });
    assert.is(page.status, 200);
    const token = /name="token" value="([^"]+)"/.exec(page.text)![1];
    assert.is((await api('POST', `/f/${form_id}/report`, urlencoded({ token }, headers))).status, 200);
  }
  assert.is(
    (await api('POST', `/v1/f/${form_id}`, { body: { values: good } })).status,
    201,
    'still open: one network reported',
  );
});

const twoHops = suite('FORMSTEAD_TRUST_PROXY=2: a chain of two proxies');
twoHops.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '2' },
  });
});
twoHops.after(async () => {
  await server.stop();
});

/** Exhausts the per-address bucket of whoever `headers` make us; returns the form used. */
async function exhaust(headers: () => Record<string, string>) {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const { refused } = await untilRefused(
    () => api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: headers() }),
    40,
  );
  assert.is(refused.status, 429);
  return form_id as string;
}

twoHops(
  'the client is the entry the outer proxy appended; the inner proxy and forged entries do not matter',
  async () => {
    // The outer proxy appends the client (203.0.113.7), the inner one the outer proxy (10.0.0.2); the
    // socket is the inner proxy.
    const formId = await exhaust(() => forged('203.0.113.7', '10.0.0.2'));
    const other = await api('POST', `/v1/f/${formId}`, {
      body: { values: good },
      headers: { 'x-forwarded-for': '203.0.113.8, 10.0.0.2' },
    });
    assert.is(other.status, 201, 'another client behind the same proxies is not limited');
    const sameClientOtherEdge = await api('POST', `/v1/f/${formId}`, {
      body: { values: good },
      headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.3' },
    });
    assert.is(sameClientOtherEdge.status, 429, 'the same client through another outer proxy is the same address');
  },
);

twoHops('several X-Forwarded-For header lines are one list, read in order', async () => {
  const formId = await exhaust(() => forged('203.0.113.20', '10.0.0.2'));
  const status = (lines: string[]) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ values: good });
      const req = http.request(
        `${server.url}/v1/f/${formId}`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': lines } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  assert.is(await status(['10.9.9.9, 203.0.113.20', '10.0.0.2']), 429, 'the limited client, split over two lines');
  assert.is(await status(['10.9.9.9', '203.0.113.21, 10.0.0.2']), 201, 'another client, split over two lines');
});

twoHops('a request with fewer entries than hops did not pass every proxy: it is keyed by the socket', async () => {
  // From here the socket is 127.0.0.1; once that address is limited, single-entry headers do not escape it.
  const formId = await exhaust(() => ({ 'x-forwarded-for': `10.1.${n % 250}.${(n++ >> 8) % 250}` }));
  assert.is(
    (await api('POST', `/v1/f/${formId}`, { body: { values: good } })).status,
    429,
    'no header: the same socket address',
  );
  assert.is(
    (
      await api('POST', `/v1/f/${formId}`, {
        body: { values: good },
        headers: { 'x-forwarded-for': '203.0.113.30, 10.0.0.2' },
      })
    ).status,
    201,
  );
});

const bad = suite('FORMSTEAD_TRUST_PROXY values');
bad('a value that is not a hop count stops the start with one line', async () => {
  const { spawnSync } = await import('node:child_process');
  const { bundlePath } = await import('../helpers/server.ts');
  for (const [value, expected] of [
    ['maybe', /^formstead: FORMSTEAD_TRUST_PROXY: expected the number of proxy hops \(0 to 10\), got "maybe"$/],
    ['-1', /^formstead: FORMSTEAD_TRUST_PROXY: expected the number of proxy hops/],
    ['11', /^formstead: FORMSTEAD_TRUST_PROXY: must be between 0 and 10, got 11$/],
  ] as const) {
    const r = spawnSync(process.execPath, [bundlePath, '--port', '0'], {
      env: { ...process.env, FORMSTEAD_TRUST_PROXY: value },
      encoding: 'utf8',
      timeout: 10000,
    });
    assert.is.not(r.status, 0);
    const lines = r.stderr.trim().split('\n');
    assert.is(lines.length, 1, r.stderr);
    assert.match(lines[0], expected);
  }
});

oneHop.run();
twoHops.run();
bad.run();
