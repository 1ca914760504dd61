// Answers posted with an account key (a trusted back end) draw on that key's own bucket, never on the
// per-address or per-form ones (ARCHITECTURE.md "Running it as a service"), over the real bundle; the
// bucket's edge at a fixed clock through the real RateLimits.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimits, SUBMIT_PER_ACCOUNT_KEY } from '../../server/core/rate-limits.ts';
import { rateBucketQueries } from '../../server/core/store/sqljs/rate-buckets.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const good = { name: 'Ada', email: 'ada@example.com' };
// One trusted proxy (FORMSTEAD_TRUST_PROXY=1) appended the client's address: the rightmost entry.
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });
const stored = async (formId: string) =>
  (await api('GET', `/v1/forms/${formId}/submissions?limit=100`, { key: OWNER_KEY })).json.submissions.length;

/** Sends until the first refusal (at most `max` times); how many passed, and the refusal. */
async function untilRefused(send: () => ReturnType<typeof api>, max: number) {
  for (let passed = 0; passed < max; passed++) {
    const r = await send();
    if (r.status !== 201) return { passed, refused: r };
  }
  throw new Error(`no refusal after ${max} requests`);
}

const limits = suite('account-key rate limits');
limits.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
});
limits.after(async () => {
  await server.stop();
});

limits(
  '60 quick posts with an account key are all stored; a stranger at the same address is still limited',
  async () => {
    const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
      .json;
    const headers = fromIp('203.0.113.9');
    for (let i = 0; i < 60; i++) {
      const r = await api('POST', `/v1/f/${form_id}`, { key: OWNER_KEY, body: { values: good }, headers });
      assert.is(r.status, 201, `post ${i + 1}: ${r.text}`);
    }
    assert.is(await stored(form_id), 60);
    // The key's posts took nothing from the address's 20 or the form's 60: a stranger there gets its 20.
    const started = Date.now();
    const { passed, refused } = await untilRefused(
      () => api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers }),
      40,
    );
    // One token comes back every 3 s while they are sent.
    assert.ok(passed >= 20 && passed <= 20 + Math.ceil((Date.now() - started) / 3000), `${passed} passed`);
    assert.is(refused.status, 429);
    assert.is(refused.json.error, 'rate_limited');
  },
);

limits('an agent key posts as a stranger does; a key that is not valid is 401', async () => {
  const published = (await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).json;
  const headers = fromIp('203.0.113.10');
  const started = Date.now();
  const { passed, refused } = await untilRefused(
    () => api('POST', `/v1/f/${published.form_id}`, { key: published.agent_key, body: { values: good }, headers }),
    40,
  );
  assert.ok(passed >= 20 && passed <= 20 + Math.ceil((Date.now() - started) / 3000), `${passed} passed`);
  assert.is(refused.status, 429);
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const bad = await api('POST', `/v1/f/${form_id}`, {
    key: 'svc_live_not_a_real_key_0000000000',
    body: { values: good },
    headers: fromIp('203.0.113.11'),
  });
  assert.is(bad.status, 401, bad.text);
  assert.is(await stored(form_id), 0);
});

limits('the per-key bucket: 1000 at once pass, the 1001st is refused, another key is not', async () => {
  const rates = new RateLimits(rateBucketQueries(), 'secret', true, () => 1_000_000);
  assert.is(SUBMIT_PER_ACCOUNT_KEY.burst, 1000);
  for (let i = 0; i < SUBMIT_PER_ACCOUNT_KEY.burst; i++) await rates.take([rates.submitPerKey, 'key_a']);
  try {
    await rates.take([rates.submitPerKey, 'key_a']);
    assert.unreachable('the 1001st post is refused');
  } catch (err) {
    assert.is((err as { status?: number }).status, 429);
  }
  await rates.take([rates.submitPerKey, 'key_b']);
});

limits.run();
