// The metrics read from the store, on the real bundle: the delivery queue (depth and oldest due age) and
// the mail outbox on the embedded store, its journal fsync and snapshot histograms; on a real PostgreSQL
// (started by the test helpers) the pool gauges. Each scrape passes `promtool check metrics`.
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient, setupOwner } from '../../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { sharedDatabase } from '../../helpers/pg-instances.ts';
import { freePort, startServer, type RunningServer } from '../../helpers/server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const good = { name: 'Ada', email: 'ada@example.com' };

/** The value of one sample line (`name{labels} value`) of a scrape, or 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const scrape = async (server: RunningServer) => {
  const r = await call(server.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.is(r.status, 200, r.text);
  return r.text;
};
/** Scrapes until `check` holds (a liveness bound, not a timing assertion); the scrape's text. */
async function scrapeUntil(server: RunningServer, check: (text: string) => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const text = await scrape(server);
    if (check(text)) return text;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}:\n${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** promtool's verdict on a scrape: nothing to say. */
function promtoolClean(text: string) {
  const check = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  assert.is(check.status, 0, `${check.stdout}\n${check.stderr}`);
  assert.is(`${check.stdout}${check.stderr}`.trim(), '');
}
const publish = async (server: RunningServer) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;

const embedded = suite<{ server?: RunningServer; cookie?: string }>('store metrics (sql.js)');
embedded.before(async (ctx) => {
  const port = await freePort();
  ctx.server = await startServer({
    port,
    env: {
      FORMSTEAD_OWNER_KEY: OWNER_KEY,
      FORMSTEAD_METRICS_TOKEN: TOKEN,
      FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`,
      FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
      // Every attempt fails (nothing listens on port 9) and the next waits an hour: the deliveries stay queued.
      FORMSTEAD_WEBHOOK_RETRY_BASE_MS: '3600000',
      FORMSTEAD_WEBHOOK_RETRY_CAP_MS: '3600000',
    },
  });
  ctx.cookie = await setupOwner(ctx.server);
});
embedded.after(async (ctx) => {
  await ctx.server?.stop();
});

embedded('the delivery queue counts each waiting delivery; nothing due: an oldest due age of 0', async (ctx) => {
  const server = ctx.server!;
  const id = await publish(server);
  const hook = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { webhook_url: 'https://127.0.0.1:9/hook', notify_each_response: false },
  });
  assert.is(hook.status, 200, hook.text);
  const before = await scrape(server);
  assert.is(sample(before, 'formstead_delivery_queue_pending'), 0);
  assert.is(sample(before, 'formstead_delivery_queue_oldest_due_age_seconds'), 0);
  const posted = 3;
  for (let i = 0; i < posted; i++)
    assert.is((await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: good } })).status, 201);
  // Each first attempt fails and leaves its delivery waiting an hour for the next: queued, none due.
  const after = await scrapeUntil(
    server,
    (t) => sample(t, 'formstead_delivery_attempts_total{kind="webhook",outcome="pending"}') >= posted,
    'the first attempts',
  );
  assert.is(sample(after, 'formstead_delivery_queue_pending'), posted);
  assert.is(sample(after, 'formstead_delivery_queue_oldest_due_age_seconds'), 0);
  promtoolClean(after);
});

embedded('the mail outbox gauge counts held mail (no SMTP server is set)', async (ctx) => {
  const server = ctx.server!;
  const id = await publish(server);
  const on = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { notify_each_response: true },
  });
  assert.is(on.status, 200);
  const before = sample(await scrape(server), 'formstead_mail_outbox_messages');
  assert.is((await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: good } })).status, 201);
  const after = await scrapeUntil(
    server,
    (t) => sample(t, 'formstead_mail_outbox_messages') > before,
    'the response mail in the outbox',
  );
  assert.is(sample(after, 'formstead_mail_outbox_messages'), before + 1);
});

embedded('journal fsyncs and snapshots are histograms; a snapshot run from the panel is counted', async (ctx) => {
  const server = ctx.server!;
  const id = await publish(server);
  const fsyncs = 'formstead_journal_fsync_duration_seconds_count';
  const before = await scrape(server);
  assert.is((await call(server.url, 'POST', `/v1/f/${id}`, { body: { values: good } })).status, 201);
  const after = await scrape(server);
  assert.ok(sample(after, fsyncs) > sample(before, fsyncs), 'a stored submission is fsynced');
  assert.ok(sample(after, 'formstead_journal_fsync_duration_seconds_sum') > 0);
  const { client, close } = adminClient(server, ctx.cookie!);
  const status = await client.jobs.run.mutate({ name: 'snapshot' });
  close();
  assert.is(status.lastError, undefined, status.lastError);
  const place = /\((worker|main) thread\)$/.exec(status.lastResult ?? '')?.[1];
  assert.ok(place, status.lastResult);
  const snapped = await scrape(server);
  assert.is(sample(snapped, `formstead_snapshot_duration_seconds_count{place="${place}"}`), 1);
  assert.is(sample(snapped, `formstead_snapshot_duration_seconds_bucket{le="+Inf",place="${place}"}`), 1);
  assert.not.match(snapped, /formstead_pg_pool/, 'no pool on the embedded store');
  promtoolClean(snapped);
});

embedded.run();

const postgres = suite<{ server?: RunningServer }>('store metrics (PostgreSQL)');
postgres.before(async (ctx) => {
  const database = await sharedDatabase();
  ctx.server = await startServer({ env: { ...database.env, FORMSTEAD_METRICS_TOKEN: TOKEN } });
});
postgres.after(async (ctx) => {
  await ctx.server?.stop();
});

postgres(
  'the pool gauges show the open connections; the queues read from PostgreSQL; promtool is content',
  async (ctx) => {
    const server = ctx.server!;
    const id = await publish(server);
    // Several at once, so the pool opens more than one connection.
    const posts = await Promise.all(
      Array.from({ length: 8 }, () => call(server.url, 'POST', `/v1/f/${id}`, { body: { values: good } })),
    );
    assert.ok(posts.every((p) => p.status === 201));
    const text = await scrape(server);
    const total = sample(text, 'formstead_pg_pool_connections{state="total"}');
    const idle = sample(text, 'formstead_pg_pool_connections{state="idle"}');
    assert.ok(total >= 1, `total ${total}`);
    assert.ok(idle >= 0 && idle <= total, `idle ${idle} of ${total}`);
    assert.match(text, /^formstead_pg_pool_waiting_requests 0$/m, 'nothing waits once the posts are answered');
    assert.match(text, /^formstead_delivery_queue_pending 0$/m);
    assert.match(text, /^formstead_mail_outbox_messages \d+$/m);
    assert.not.match(text, /formstead_journal_fsync/, 'no journal on PostgreSQL');
    promtoolClean(text);
  },
);

postgres.run();
