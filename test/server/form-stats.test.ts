// Counting how a form does over the real bundle (ARCHITECTURE.md "Knowing how a form does"): the events
// endpoint's body rules, one row per rule, each refusal counting nothing; once per session; the 2 KB
// edge; completions with the page's hint; the stats range rules; counts kept across a restart; the
// events rate limit.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

/** A two-step form: "About you" (name) and "Details" (size, a number; topic, a choice). */
const stepsDefinition = () => ({
  id: 'survey',
  title: 'Survey',
  submit: { label: 'Send' },
  steps: [
    { id: 'about', title: 'About you', fields: [{ key: 'name', type: 'text', label: 'Name' }] },
    {
      id: 'details',
      title: 'Details',
      fields: [
        { key: 'size', type: 'number', label: 'Team size' },
        {
          key: 'topic',
          type: 'radio',
          label: 'Topic',
          options: [
            { value: 'sales', label: 'Sales' },
            { value: 'support', label: 'Support' },
          ],
        },
      ],
    },
  ],
});

const publish = async () =>
  (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: stepsDefinition() } })).json.form_id as string;

/** Posts an events body as text (what navigator.sendBeacon sends). */
const events = (formId: string, body: unknown, headers: Record<string, string> = {}) =>
  api('POST', `/v1/f/${formId}/events`, {
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  });

const stats = async (formId: string, query = '') => {
  const r = await api('GET', `/v1/forms/${formId}/stats${query}`, { key: OWNER_KEY });
  assert.is(r.status, 200, r.text);
  return r.json;
};

/** The counts that events can move, to compare before and after a refused post. */
const counts = async (formId: string) => {
  const s = await stats(formId);
  return { views: s.views, starts: s.starts, steps: s.steps, sources: s.sources };
};

const session = (n: number) => `session-${String(n).padStart(4, '0')}`;

const ev = suite('events: counting');
ev.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
ev.after(async () => {
  await server.stop();
});

ev('OPTIONS answers 204 with open CORS; a good post answers 204 with CORS and is counted', async () => {
  const id = await publish();
  const pre = await api('OPTIONS', `/v1/f/${id}/events`);
  assert.is(pre.status, 204);
  assert.is(pre.headers.get('access-control-allow-origin'), '*');
  const r = await events(id, { session: session(1), events: [{ type: 'view' }], referrer: 'news.example' });
  assert.is(r.status, 204, r.text);
  assert.is(r.headers.get('access-control-allow-origin'), '*');
  const s = await stats(id);
  assert.is(s.views, 1);
  assert.equal(s.sources, [{ source: 'news.example', views: 1, completions: 0 }]);
});

ev('each event counts once per session; another session counts again', async () => {
  const id = await publish();
  const all = [{ type: 'view' }, { type: 'start' }, { type: 'step', step: 'about' }, { type: 'step', step: 'details' }];
  for (let i = 0; i < 3; i++) assert.is((await events(id, { session: session(1), events: all })).status, 204);
  await events(id, { session: session(2), events: [{ type: 'view' }, { type: 'step', step: 'about' }] });
  const s = await stats(id);
  assert.is(s.views, 2);
  assert.is(s.starts, 1);
  assert.equal(s.steps, [
    { id: 'about', title: 'About you', reached: 2 },
    { id: 'details', title: 'Details', reached: 1 },
  ]);
  assert.equal(s.sources, [{ source: 'direct', views: 2, completions: 0 }], 'no referrer, no utm: direct');
});

ev('the source: utm_source / utm_medium / utm_campaign when given, lowercased; www. dropped from hosts', async () => {
  const id = await publish();
  await events(id, {
    session: session(1),
    events: [{ type: 'view' }],
    referrer: 'www.Search.example',
    utm_source: 'Newsletter',
    utm_medium: 'email',
    utm_campaign: 'Spring',
  });
  await events(id, { session: session(2), events: [{ type: 'view' }], referrer: 'www.Search.example' });
  const s = await stats(id);
  assert.equal(s.sources, [
    { source: 'newsletter / email / spring', views: 1, completions: 0 },
    { source: 'search.example', views: 1, completions: 0 },
  ]);
});

const pad = (n: number) => 'x'.repeat(n);
/** Bad bodies, one per rule: [what, body, the detail the answer names]. */
const badBodies: [string, unknown, string][] = [
  ['not JSON', '{"session": ', 'body: not valid JSON'],
  ['a JSON array', '[]', 'body: expected a JSON object'],
  ['an empty body', '', 'body: expected a JSON object, got an empty body'],
  ['no session', { events: [{ type: 'view' }] }, 'session: '],
  ['a session of 7 characters', { session: 'abcdefg', events: [{ type: 'view' }] }, 'session: must be 8 to 64'],
  ['a session of 65 characters', { session: pad(65), events: [{ type: 'view' }] }, 'session: must be 8 to 64'],
  ['a session with a dot', { session: 'abcd.efgh', events: [{ type: 'view' }] }, 'session: must be 8 to 64'],
  ['no events', { session: session(1) }, 'events: '],
  ['an empty events list', { session: session(1), events: [] }, 'events: must hold at least one event'],
  [
    '21 events',
    { session: session(1), events: Array.from({ length: 21 }, () => ({ type: 'view' })) },
    'events: must hold at most 20 events',
  ],
  ['an unknown type', { session: session(1), events: [{ type: 'click' }] }, 'events[0].type: must be view'],
  ['a step without its id', { session: session(1), events: [{ type: 'step' }] }, 'events[0].step: '],
  [
    'a step the form does not have',
    { session: session(1), events: [{ type: 'view' }, { type: 'step', step: 'nope' }] },
    'events[1].step: this form has no step "nope"',
  ],
  ['a key of its own on an event', { session: session(1), events: [{ type: 'view', at: 1 }] }, 'events[0].at: '],
  ['an unknown key', { session: session(1), events: [{ type: 'view' }], ip: '1.2.3.4' }, 'ip: unknown field'],
  [
    'a referrer with a path',
    { session: session(1), events: [{ type: 'view' }], referrer: 'news.example/a' },
    'referrer: must be a host name only',
  ],
  [
    'a utm_source of 201 characters',
    { session: session(1), events: [{ type: 'view' }], utm_source: pad(201) },
    'utm_source: must be at most 200 characters',
  ],
  [
    'a utm_campaign that is a number',
    { session: session(1), events: [{ type: 'view' }], utm_campaign: 5 },
    'utm_campaign: ',
  ],
];

ev('every bad body answers 400 {error, details} naming the problem, and counts nothing', async () => {
  const id = await publish();
  const before = await counts(id);
  for (const [what, body, detail] of badBodies) {
    const r = await events(id, body);
    assert.is(r.status, 400, `${what}: ${r.text}`);
    assert.is(r.headers.get('access-control-allow-origin'), '*', `${what}: readable by the page`);
    assert.type(r.json.error, 'string', what);
    assert.ok(
      (r.json.details as string[]).some((d) => d.startsWith(detail)),
      `${what}: ${JSON.stringify(r.json.details)}`,
    );
  }
  assert.equal(await counts(id), before, 'nothing counted');
});

ev('at the edges: 8 and 64 characters of session, 20 events and 200-character utm values are taken', async () => {
  const id = await publish();
  const r1 = await events(id, { session: 'a-b_C9zZ', events: Array.from({ length: 20 }, () => ({ type: 'view' })) });
  assert.is(r1.status, 204, r1.text);
  const r2 = await events(id, { session: pad(64), events: [{ type: 'view' }], utm_source: pad(200) });
  assert.is(r2.status, 204, r2.text);
  const s = await stats(id);
  assert.is(s.views, 2, '20 views of one session count once');
  assert.ok(
    s.sources.some((x: { source: string }) => x.source === pad(40)),
    'a long source is cut to 40 characters',
  );
});

ev('the body limit: 2048 bytes are taken, 2049 and a 3 KB body answer 413 and count nothing', async () => {
  const id = await publish();
  const body = (size: number, n: number) => {
    const text = JSON.stringify({ session: session(n), events: [{ type: 'view' }] });
    // JSON allows spaces between tokens: a valid body of exactly `size` bytes.
    return `${text.slice(0, -1)}${' '.repeat(size - Buffer.byteLength(text))}}`;
  };
  assert.is(Buffer.byteLength(body(2048, 1)), 2048);
  assert.is((await events(id, body(2048, 1))).status, 204);
  const before = await counts(id);
  for (const size of [2049, 3072]) {
    const r = await events(id, body(size, 2));
    assert.is(r.status, 413, `${size} bytes`);
    assert.equal(r.json, { error: 'payload_too_large', details: ['body: larger than 2048 bytes'] });
  }
  assert.equal(await counts(id), before, 'nothing counted');
  assert.is(before.views, 1);
});

ev('an unknown form answers 404', async () => {
  const r = await events('no-such-form', { session: session(1), events: [{ type: 'view' }] });
  assert.is(r.status, 404);
  assert.is(r.json.error, 'not_found');
});

ev('completions come from stored submissions: with the page hint under its source and time, else none', async () => {
  const id = await publish();
  await events(id, { session: session(1), events: [{ type: 'view' }, { type: 'start' }], utm_source: 'Mail' });
  const answer = { values: { name: 'Ada', size: 3, topic: 'sales' } };
  const hinted = await api('POST', `/v1/f/${id}`, {
    body: answer,
    headers: { 'formstead-visit': 'utm_source=Mail&seconds=75' },
  });
  assert.is(hinted.status, 201);
  assert.is((await api('POST', `/v1/f/${id}`, { body: answer })).status, 201, 'a post through the API');
  // A hint that does not read never refuses an answer: the completion counts without a source.
  const odd = await api('POST', `/v1/f/${id}`, { body: answer, headers: { 'formstead-visit': 'referrer=a/b' } });
  assert.is(odd.status, 201);
  const s = await stats(id);
  assert.is(s.completions, 3, 'every stored submission');
  assert.is(s.completions_without_visit, 2, 'the API post and the unreadable hint: no page measured them');
  assert.is(s.completion_rate, 1, 'only the measured completion over the one start (issue 34: once 3, "300 %")');
  assert.equal(s.sources, [{ source: 'mail', views: 1, completions: 1 }]);
  assert.is(s.median_seconds, 75, 'one time in the 60-90 s bucket reads as its middle');
  const today = new Date().toISOString().slice(0, 10);
  assert.equal(s.daily.at(-1), { date: today, views: 1, starts: 1, completions: 3 });
  // Not stored, not counted: the hint is in no submission.
  const listed = await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.not.match(listed.text, /mail|seconds/i);
});

/** Range rules: [query, status, the detail naming the parameter]. */
const ranges: [string, number, string][] = [
  ['?from=2026-1-01', 400, 'from: must be a date as YYYY-MM-DD'],
  ['?from=yesterday', 400, 'from: must be a date as YYYY-MM-DD'],
  ['?to=2026-02-30', 400, 'to: must be a date as YYYY-MM-DD'],
  ['?to=2026-13-01', 400, 'to: must be a date as YYYY-MM-DD'],
  ['?from=2026-03-02&to=2026-03-01', 400, 'from: must not be after to'],
  ['?from=2025-01-01&to=2026-01-02', 400, 'to: the range is 367 days; at most 366 days are allowed'],
  ['?from=2025-01-01&to=2026-01-01', 200, ''],
  ['?from=2026-03-01&to=2026-03-01', 200, ''],
];

ev('stats: the range is checked, each refusal naming from or to; 366 days and a single day are taken', async () => {
  const id = await publish();
  for (const [query, status, detail] of ranges) {
    const r = await api('GET', `/v1/forms/${id}/stats${query}`, { key: OWNER_KEY });
    assert.is(r.status, status, `${query}: ${r.text}`);
    if (status === 400) {
      assert.is(r.json.error, 'invalid_query', query);
      assert.ok(r.json.details[0].startsWith(detail), `${query}: ${r.json.details}`);
    }
  }
  const year = await stats(id, '?from=2025-01-01&to=2026-01-01');
  assert.is(year.daily.length, 366);
  assert.equal(year.daily[0], { date: '2025-01-01', views: 0, starts: 0, completions: 0 });
});

ev('stats: by default the last 30 days up to today; only from: up to today; only to: 30 days up to it', async () => {
  const id = await publish();
  const today = new Date().toISOString().slice(0, 10);
  const d = await stats(id);
  assert.is(d.daily.length, 30);
  assert.is(d.to, today);
  assert.is(d.daily.at(-1).date, today);
  const to = await stats(id, '?to=2026-03-31');
  assert.equal([to.from, to.to, to.daily.length], ['2026-03-02', '2026-03-31', 30]);
  assert.is((await stats(id, `?from=${today}`)).daily.length, 1);
  assert.equal(
    [d.views, d.starts, d.completions, d.completion_rate, d.median_seconds, d.sources],
    [0, 0, 0, null, null, []],
    'a form nobody saw: zeros, and no rate or time',
  );
});

ev('stats: a key is needed, and only forms in its scope; an agent key sees its own form', async () => {
  const id = await publish();
  assert.is((await api('GET', `/v1/forms/${id}/stats`)).status, 401);
  const keyless = await api('POST', '/v1/forms', { body: { definition: stepsDefinition() } });
  const agent = keyless.json.agent_key as string;
  assert.is((await api('GET', `/v1/forms/${id}/stats`, { key: agent })).status, 404, 'not its form');
  const own = await api('GET', `/v1/forms/${keyless.json.form_id}/stats`, { key: agent });
  assert.is(own.status, 200);
  assert.is(own.json.views, 0);
});

ev('counts are written at shutdown and read back after a restart; a deleted form takes them along', async () => {
  const id = await publish();
  await events(id, { session: session(1), events: [{ type: 'view' }, { type: 'step', step: 'about' }] });
  assert.is((await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada' } } })).status, 201);
  const dataDir = server.dataDir;
  await server.stop();
  server = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const s = await stats(id);
  assert.equal([s.views, s.completions, s.steps[0].reached], [1, 1, 1]);
  assert.is((await api('DELETE', `/v1/forms/${id}`, { key: OWNER_KEY })).status, 204);
  assert.is((await api('GET', `/v1/forms/${id}/stats`, { key: OWNER_KEY })).status, 404);
});

ev.run();

const limits = suite('events: rate limit');
limits.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
});
limits.after(async () => {
  await server.stop();
});

limits('per address: a burst of 60 passes, then 429 with Retry-After that counts nothing', async () => {
  const id = await publish();
  const from = { 'x-forwarded-for': '203.0.113.7' };
  const started = Date.now();
  let passed = 0;
  let refused = await events(id, { session: session(0), events: [{ type: 'view' }] }, from);
  while (refused.status === 204 && passed < 200) {
    passed++;
    refused = await events(id, { session: session(passed), events: [{ type: 'view' }] }, from);
  }
  // The bucket refills one token a second while the burst is sent, so a slow machine may pass a few more.
  assert.ok(passed >= 60 && passed <= 60 + Math.ceil((Date.now() - started) / 1000), `${passed} passed`);
  assert.is(refused.status, 429);
  assert.is(refused.json.error, 'rate_limited');
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  assert.is(refused.headers.get('access-control-allow-origin'), '*');
  assert.is((await stats(id)).views, passed, 'the refused view is not counted');
  // Its own bucket: submissions from the same address still pass.
  const answer = await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada' } }, headers: from });
  assert.is(answer.status, 201);
  // Another address has its own bucket.
  const other = await events(
    id,
    { session: session(61), events: [{ type: 'view' }] },
    { 'x-forwarded-for': '1.1.1.1' },
  );
  assert.is(other.status, 204);
});

limits.run();
