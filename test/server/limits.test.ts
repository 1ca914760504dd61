// Rate limits, anti-spam, quotas and the unclaimed cap over the real bundle (ARCHITECTURE.md).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const good = { name: 'Ada', email: 'ada@example.com' };
const stored = async (formId: string) =>
  (await api('GET', `/v1/forms/${formId}/submissions?limit=100`, { key: OWNER_KEY })).json.submissions.length;
// One trusted proxy (FORMSTEAD_TRUST_PROXY=1) appended the client's address: the rightmost entry.
const fromIp = (ip: string) => ({ 'x-forwarded-for': `${ip}` });

/** Sends until the first refusal (at most `max` times); how many passed, and the refusal. */
async function untilRefused(send: () => ReturnType<typeof api>, max: number) {
  for (let passed = 0; passed < max; passed++) {
    const r = await send();
    if (r.status !== 201) return { passed, refused: r };
  }
  throw new Error(`no refusal after ${max} requests`);
}

const rate = suite('rate limits');
rate.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
});
rate.after(async () => {
  await server.stop();
});

rate('per address: a burst of 20 passes, then 429 with Retry-After', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const started = Date.now();
  const { passed, refused } = await untilRefused(
    () => api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: fromIp('203.0.113.1') }),
    40,
  );
  // The bucket refills one token per 3 s while the burst is sent, so a slow machine may pass a few more.
  assert.ok(passed >= 20 && passed <= 20 + Math.ceil((Date.now() - started) / 3000), `${passed} passed`);
  assert.is(refused.status, 429);
  assert.is(refused.json.error, 'rate_limited');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  assert.is(
    (await api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: fromIp('203.0.113.2') })).status,
    201,
    'another address is not limited',
  );
});

rate('per form: a burst of 60 passes across addresses, then 429', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const started = Date.now();
  let i = 0;
  const { passed, refused } = await untilRefused(
    () => api('POST', `/v1/f/${form_id}`, { body: { values: good }, headers: fromIp(`198.51.100.${i++ % 250}`) }),
    120,
  );
  // One token a second comes back while the burst is sent.
  const allowance = 60 + Math.ceil((Date.now() - started) / 1000);
  assert.ok(passed >= 60 && passed <= allowance, `${passed} passed, at most ${allowance} allowed`);
  assert.is(refused.status, 429);
  assert.is(await stored(form_id), passed);
});

rate('keyless publishing: 5 new unclaimed forms per address per hour; invalid attempts do not count', async () => {
  const headers = fromIp('192.0.2.77');
  for (let i = 0; i < 3; i++)
    assert.is((await api('POST', '/v1/forms', { body: { definition: {} }, headers })).status, 422);
  for (let i = 0; i < 5; i++)
    assert.is(
      (await api('POST', '/v1/forms', { body: { definition: contactDefinition() }, headers })).status,
      201,
      `form ${i + 1}`,
    );
  const sixth = await api('POST', '/v1/forms', { body: { definition: contactDefinition() }, headers });
  assert.is(sixth.status, 429);
  assert.ok(sixth.headers.get('retry-after'));
});

rate('sign-in: 10 attempts per address pass, the 11th answers 429', async () => {
  const login = () =>
    fetch(`${server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong password!' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromIp('192.0.2.200') },
      redirect: 'manual',
    });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await login()).status);
  assert.equal(statuses.slice(0, 10), Array(10).fill(401));
  assert.is(statuses[10], 429);
});

rate('sign-in: 10 attempts per email pass from any addresses, the 11th answers 429', async () => {
  const login = (email: string, i: number) =>
    fetch(`${server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'wrong password!' }).toString(),
      // A fresh address each time: only the per-email limit can refuse.
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...fromIp(`198.18.0.${i}`) },
      redirect: 'manual',
    });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await login(i % 2 ? 'Owner@Example.com' : 'owner@example.com', i)).status);
  assert.equal(statuses.slice(0, 10), Array(10).fill(401), 'the 10th attempt still gets its answer');
  const past = await login('owner@example.com', 20);
  assert.is(statuses[10], 429, 'the 11th, in either spelling of the address, is refused');
  assert.is(past.status, 429);
  assert.ok(Number(past.headers.get('retry-after')) >= 1);
  assert.match(await past.text(), /too many requests/);
  assert.is((await login('someone.else@example.com', 21)).status, 401, 'another email is not limited');
});

rate.run();

const spam = suite('anti-spam');
spam.before(async () => {
  server = await startServer({
    env: {
      FORMSTEAD_OWNER_KEY: OWNER_KEY,
      FORMSTEAD_MONTHLY_SUBMISSIONS: '5',
      FORMSTEAD_UPGRADE_URL: 'https://example.com/upgrade',
    },
  });
});
spam.after(async () => {
  await server.stop();
});

spam('a filled honeypot, a bad token or a too-fast post gets a silent 201 and nothing is stored', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const token = (await api('GET', `/v1/f/${form_id}/definition`)).json.render_token;
  const [at, sig] = token.split('.');
  const old = `${Number(at) - 5000}.${sig}`; // an older time with the same signature: forged
  const bots = [
    // Under 2 s since render. Sent first, so one round trip, not five, must fit in those 2 s; past
    // them the post is rightly stored as a person's, and a slow machine would fail the test.
    { values: good, _hp: '', _rt: token },
    { values: good, _hp: 'http://spam.example', _rt: token },
    { values: good, _hp: '', _rt: old },
    { values: good, _hp: '', _rt: 'nonsense' },
    { values: good, _hp: '' },
  ];
  for (const body of bots) {
    const r = await api('POST', `/v1/f/${form_id}`, { body });
    assert.is(r.status, 201, JSON.stringify(body));
    assert.match(r.json.id, /^[0-9a-f-]{36}$/);
  }
  assert.is(await stored(form_id), 0);
  await new Promise((r) => setTimeout(r, 2100));
  const human = await api('POST', `/v1/f/${form_id}`, { body: { values: good, _hp: '', _rt: token } });
  assert.is(human.status, 201);
  assert.is(await stored(form_id), 1, 'a person with a valid token older than 2 s is stored');
});

spam('the monthly quota: at 80% the list carries a notice; past it 402 with upgrade_url', async () => {
  const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  let list = await api('GET', '/v1/forms', { key: OWNER_KEY });
  // One submission was stored by the previous test in this workspace this month.
  assert.is(list.json.notice, undefined);
  for (let i = 0; i < 3; i++)
    assert.is((await api('POST', `/v1/f/${form_id}`, { body: { values: good } })).status, 201);
  list = await api('GET', '/v1/forms', { key: OWNER_KEY });
  assert.type(list.json.notice, 'string', '4 of 5 is 80%');
  assert.is(list.json.upgrade_url, 'https://example.com/upgrade');
  assert.is((await api('POST', `/v1/f/${form_id}`, { body: { values: good } })).status, 201);
  const over = await api('POST', `/v1/f/${form_id}`, { body: { values: good } });
  assert.is(over.status, 402);
  assert.is(over.json.error, 'limit_reached');
  assert.is(over.json.upgrade_url, 'https://example.com/upgrade');
});

spam('an unclaimed form takes 100 submissions in total, the 101st is refused', async () => {
  const published = (await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).json;
  for (let i = 0; i < 95; i++)
    assert.is((await api('POST', `/v1/f/${published.form_id}`, { body: { values: good } })).status, 201);
  // The last places are raced for by 20 concurrent posts: exactly 5 may win.
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => api('POST', `/v1/f/${published.form_id}`, { body: { values: good } })),
  );
  assert.is(answers.filter((a) => a.status === 201).length, 5);
  assert.is(answers.filter((a) => a.status === 402).length, 15);
  const over = await api('POST', `/v1/f/${published.form_id}`, { body: { values: good } });
  assert.is(over.status, 402);
  assert.match(over.json.details[0], /at most 100 submissions/);
  const list = await api('GET', '/v1/forms', { key: published.agent_key });
  assert.is(list.json.forms[0].submissions, 100);
});

spam.run();

const nojs = suite('anti-spam: no-JavaScript posts');
nojs.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
nojs.after(async () => {
  await server.stop();
});

nojs(
  'a no-JavaScript post sent at once after the page loaded is a person: 303 to the thanks page and stored',
  async () => {
    const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
      .json;
    const page = await api('GET', `/f/${form_id}`);
    const token = /name="_rt" value="([^"]+)"/.exec(page.text)![1];
    const body = new URLSearchParams({ _hp: '', _rt: token, name: 'Quick', email: 'quick@example.com' }).toString();
    const r = await api('POST', `/v1/f/${form_id}`, {
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    assert.is(r.status, 303);
    assert.is(r.headers.get('location'), `/f/${form_id}/thanks`);
    const listed = (await api('GET', `/v1/forms/${form_id}/submissions`, { key: OWNER_KEY })).json.submissions;
    assert.equal(
      listed.map((s: any) => s.values.name),
      ['Quick'],
    );
  },
);

nojs.run();
