// GET /metrics of the real bundle: the Bearer token at and past its edge (missing, wrong), off means 404,
// the private --metrics-port listener, and counters that move per submission.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { bytes, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { freePort, startServer, type RunningServer } from '../../helpers/server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const good = { name: 'Ada', email: 'ada@example.com', topic: 'sales', message: 'hello' };

/** The value of one sample line (`name{labels} value`) of a scrape, or 0 when absent. */
export function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const scrape = (base: string, token?: string) =>
  call(base, 'GET', '/metrics', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });

const m = suite<{ server?: RunningServer }>('metrics endpoint');
m.before(async (ctx) => {
  ctx.server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_METRICS_TOKEN: TOKEN } });
});
m.after(async (ctx) => {
  await ctx.server?.stop();
});

m('without a token, or with a wrong one, /metrics answers 401 in the spec shape', async (ctx) => {
  const base = ctx.server!.url;
  const missing = await scrape(base);
  assert.is(missing.status, 401);
  assert.is(missing.json.error, 'unauthorized');
  assert.ok(Array.isArray(missing.json.details) && missing.json.details[0].startsWith('authorization: '));
  // One character off at the end, and the right token with a character more: both refused.
  for (const wrong of [`${TOKEN.slice(0, -1)}x`, `${TOKEN}x`]) {
    const r = await scrape(base, wrong);
    assert.is(r.status, 401, wrong);
    assert.equal(r.json.details, ['authorization: wrong metrics token']);
  }
});

m('the submissions counter moves by the number stored, refusals by reason; route patterns, not paths', async (ctx) => {
  const base = ctx.server!.url;
  const form = (await call(base, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json;
  const before = await scrape(base, TOKEN);
  assert.is(before.status, 200, before.text);
  assert.match(before.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const posted = 5;
  for (let i = 0; i < posted; i++)
    assert.is((await call(base, 'POST', `/v1/f/${form.form_id}`, { body: { values: good } })).status, 201);
  const refused = await call(base, 'POST', `/v1/f/${form.form_id}`, { body: { values: { name: 'x' } } });
  assert.is(refused.status, 422);
  const after = await scrape(base, TOKEN);
  const stored = 'formstead_submissions_stored_total';
  assert.is(sample(after.text, stored) - sample(before.text, stored), posted);
  const reason = `formstead_submissions_refused_total{reason="${refused.json.error}"}`;
  assert.is(sample(after.text, reason) - sample(before.text, reason), 1);
  const created = 'formstead_http_requests_total{method="POST",route="/v1/f/:id",status="201"}';
  assert.is(sample(after.text, created) - sample(before.text, created), posted);
  assert.not.ok(after.text.includes(form.form_id), 'a raw path (the form id) is never a label');
  assert.ok(sample(after.text, 'formstead_process_resident_memory_bytes') > 0);
  assert.is(sample(after.text, 'formstead_store_available'), 1);
  assert.not.match(after.text, /formstead_pg_pool/, 'no pool on the embedded store');
  assert.match(after.text, /^formstead_nodejs_eventloop_lag_p99_seconds /m);
});

m('uploads and their bytes are counted', async (ctx) => {
  const base = ctx.server!.url;
  const formId = await publishFileForm(base);
  const before = (await scrape(base, TOKEN)).text;
  const sizes = [1000, 2345];
  for (const [i, n] of sizes.entries())
    assert.is((await rawUpload(base, formId, 'cv', bytes(n), `cv-${i}.pdf`)).status, 201);
  const after = (await scrape(base, TOKEN)).text;
  const moved = (name: string) => sample(after, name) - sample(before, name);
  assert.is(moved('formstead_uploads_total'), sizes.length);
  assert.is(moved('formstead_upload_bytes_total'), sizes[0] + sizes[1]);
});

m('every metric docs/grafana-dashboard.json queries is one the server exposes', async (ctx) => {
  const dashboard = readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8');
  const names = new Set([...dashboard.matchAll(/formstead_\w+/g)].map((m) => m[0].replace(/_bucket$/, '')));
  assert.ok(names.size >= 8);
  const text = (await scrape(ctx.server!.url, TOKEN)).text;
  // The pool's metrics exist on PostgreSQL only; their names are the ones store-gauges.ts registers.
  const pgOnly = ['formstead_pg_pool_connections', 'formstead_pg_pool_waiting_requests'];
  for (const name of names) if (!pgOnly.includes(name)) assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name);
});

m('each 429 of the rate limits is counted under its route', async () => {
  const server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_METRICS_TOKEN: TOKEN, FORMSTEAD_RATE_LIMIT: 'on' },
  });
  try {
    const form = (
      await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
    ).json;
    let refused = 0;
    // The per-address burst is 20: the posts past it are refused until a token comes back (one every 3 s).
    for (let i = 0; i < 25; i++) {
      const r = await call(server.url, 'POST', `/v1/f/${form.form_id}`, { body: { values: good } });
      if (r.status === 429) refused++;
    }
    assert.ok(refused > 0);
    const text = (await scrape(server.url, TOKEN)).text;
    assert.is(sample(text, 'formstead_rate_limit_refusals_total{route="/v1/f/:id"}'), refused);
    assert.is(sample(text, 'formstead_submissions_refused_total{reason="rate_limited"}'), refused);
  } finally {
    await server.stop();
  }
});

m('metrics off: /metrics is 404 like any unknown path', async () => {
  const server = await startServer();
  try {
    const r = await scrape(server.url, TOKEN);
    assert.is(r.status, 404);
    assert.is(r.json.error, 'not_found');
  } finally {
    await server.stop();
  }
});

m(
  'FORMSTEAD_METRICS=on with --metrics-port: a private listener with /metrics alone, not on the main port',
  async () => {
    const metricsPort = await freePort();
    const server = await startServer({
      env: { FORMSTEAD_METRICS: 'on' },
      args: ['--metrics-port', String(metricsPort)],
    });
    try {
      const base = `http://127.0.0.1:${metricsPort}`;
      const r = await scrape(base);
      assert.is(r.status, 200);
      assert.match(r.text, /^# TYPE formstead_http_requests_total counter$/m);
      assert.is((await call(base, 'GET', '/healthz')).status, 404);
      assert.is((await scrape(server.url, TOKEN)).status, 404);
    } finally {
      await server.stop();
    }
  },
);

m.run();
