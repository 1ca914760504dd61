// Two real bundles (dist/formstead.mjs) on one real PostgreSQL database, as two instances behind a load
// balancer (ARCHITECTURE.md "One machine or many"): submissions split across both are all there once,
// a setting changed on one is honoured by the other, a cron tick runs on one of them, and /readyz
// follows the database going away and coming back.
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { adminClient, OWNER_PASSWORD } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { sharedDatabase, within } from '../helpers/pg-instances.ts';
import { bundlePath, startServer, type RunningServer } from '../helpers/server.ts';

const { db, databaseUrl, env, stopLast } = await sharedDatabase();

let a: RunningServer;
let b: RunningServer;

/** `promise`, or a failure naming `what` after `ms` (so a feed that never delivers fails instead of hanging). */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} (not within ${ms} ms)`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const publish = async (server: RunningServer, extra: Record<string, unknown> = {}) => {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), ...extra },
  });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
const submit = (server: RunningServer, formId: string, name: string) =>
  call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { name, email: 'someone@example.com' } } });

const two = suite('two bundles on one PostgreSQL database');
two.before(async () => {
  // Both at once on an empty database, as replicas start: one creates the schema, the instance secret,
  // the workspace and the owner key; the other finds them.
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
});
two.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

two('both start on the database and say so; neither writes a data folder store', async () => {
  for (const s of [a, b]) {
    assert.match(s.output(), /data in PostgreSQL 127\.0\.0\.1:\d+\/formstead, files in /);
    assert.not.ok(existsSync(`${s.dataDir}/formstead.db`), 'no embedded snapshot');
  }
});

two(
  'started together, they share one workspace and one instance secret: a page cursor from one works on the other',
  async () => {
    const formId = await publish(a);
    for (let i = 0; i < 3; i++) assert.is((await submit(b, formId, `p${i}`)).status, 201);
    const first = await call(a.url, 'GET', `/v1/forms/${formId}/submissions?limit=2`, { key: OWNER_KEY });
    assert.is(first.status, 200, first.text);
    assert.ok(first.json.next_cursor, 'a second page');
    const second = await call(
      b.url,
      'GET',
      `/v1/forms/${formId}/submissions?limit=2&cursor=${encodeURIComponent(first.json.next_cursor)}`,
      { key: OWNER_KEY },
    );
    assert.is(second.status, 200, second.text);
    assert.equal(
      second.json.submissions.map((x: any) => x.values.name),
      ['p0'],
    );
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const counts = await admin.query(
      'SELECT (SELECT COUNT(*) FROM workspaces) AS workspaces, (SELECT COUNT(*) FROM api_keys WHERE kind = ' +
        "'account') AS keys, (SELECT COUNT(*) FROM meta WHERE key = 'instance_secret') AS secrets",
    );
    await admin.end();
    assert.equal(counts.rows[0], { workspaces: '1', keys: '1', secrets: '1' });
  },
);

two('40 submissions split across both instances are all present once, on either', async () => {
  const formId = await publish(a);
  const names = Array.from({ length: 40 }, (_, i) => `person ${i}`);
  const answers = await Promise.all(names.map((name, i) => submit(i % 2 === 0 ? a : b, formId, name)));
  for (const r of answers) assert.is(r.status, 201, r.text);
  const ids = answers.map((r) => r.json.id as string);
  assert.is(new Set(ids).size, 40);
  for (const s of [a, b]) {
    const page = await call(s.url, 'GET', `/v1/forms/${formId}/submissions?limit=100`, { key: OWNER_KEY });
    assert.is(page.status, 200, page.text);
    const listed = page.json.submissions.map((x: any) => x.values.name as string).sort();
    assert.equal(listed, [...names].sort(), `every submission once on ${s.url}`);
    assert.equal(new Set(page.json.submissions.map((x: any) => x.id)), new Set(ids));
    const forms = await call(s.url, 'GET', '/v1/forms', { key: OWNER_KEY });
    assert.is(
      forms.json.forms.find((f: any) => f.form_id === formId)?.submissions,
      40,
      'the count both instances wrote adds up',
    );
  }
});

two(
  'milestone mails of a form posted to on both instances at once: one at the 1st response, one at the 10th ' +
    '(such a form counts each submission in turn)',
  async () => {
    // An address of its own: the FORMSTEAD_OWNER_KEY owner's placeholder gets no mail.
    const formId = await publish(a, { email: 'team@example.com' });
    // Set through both, so each instance's own cache holds the setting (not a hint on its way).
    for (const s of [a, b]) {
      const patch = await call(s.url, 'PATCH', `/v1/forms/${formId}`, {
        key: OWNER_KEY,
        body: { notify_mode: 'milestones', notify_each_response: false },
      });
      assert.is(patch.status, 200, patch.text);
    }
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => submit(i % 2 === 0 ? a : b, formId, `m${i}`)),
    );
    for (const r of answers) assert.is(r.status, 201, r.text);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const subjects = async () =>
        (await client.query('SELECT subject FROM outbox WHERE form_id = $1 ORDER BY subject', [formId])).rows.map(
          (r) => r.subject as string,
        );
      await within(5000, 'both milestone mails are written', async () => (await subjects()).length >= 2);
      assert.equal(
        (await subjects()).map((x) => x.split(':')[0]),
        ['10th response', '1st response'],
      );
    } finally {
      await client.end();
    }
  },
);

two('a setting changed on one instance is honoured by the other within 2 s, both ways', async () => {
  const formId = await publish(a);
  // B reads (and caches) the form while it is active.
  assert.is((await submit(b, formId, 'before')).status, 201);
  assert.is(
    (await call(a.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { status: 'paused' } })).status,
    200,
  );
  await within(
    2000,
    'B refuses submissions once A paused the form',
    async () => (await submit(b, formId, 'while paused')).status === 409,
  );
  assert.is(
    (
      await call(b.url, 'PATCH', `/v1/forms/${formId}`, {
        key: OWNER_KEY,
        body: { status: 'active', success_message: 'Thanks from B' },
      })
    ).status,
    200,
  );
  await within(
    2000,
    'A takes submissions again once B resumed the form',
    async () => (await submit(a, formId, 'after')).status === 201,
  );
});

two(
  'a change made while an instance lost its change hints is still seen (it reads again after reconnecting)',
  async () => {
    const formId = await publish(a);
    assert.is((await submit(b, formId, 'cached')).status, 201);
    // Cut every LISTEN connection (both instances'): hints sent before they reconnect are lost.
    const admin = new pg.Client({ connectionString: db.url() });
    await admin.connect();
    const cut = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = 'formstead'",
    );
    await admin.end();
    assert.ok(cut.rowCount! >= 2, `both listeners cut (${cut.rowCount})`);
    assert.is(
      (await call(a.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { status: 'paused' } })).status,
      200,
    );
    await within(
      2000,
      'B refuses submissions after reconnecting its listener',
      async () => (await submit(b, formId, 'late')).status === 409,
    );
  },
);

let cookie = '';

two('each instance printed a setup link that works; one link posted to both at once makes one owner', async () => {
  const links = [a, b].map((s) => /Create the owner account \(this link works once\): (\S+)/.exec(s.output())?.[1]);
  assert.ok(links[0] && links[1] && links[0] !== links[1], 'one link per instance');
  const token = new URL(links[0]!).searchParams.get('token')!;
  const post = (s: RunningServer) =>
    fetch(`${s.url}/admin/setup`, {
      method: 'POST',
      body: new URLSearchParams({ token, email: 'owner@example.com', password: OWNER_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
  const answers = await Promise.all([post(a), post(b)]);
  assert.equal(answers.map((r) => r.status).sort(), [303, 404]);
  cookie = answers
    .find((r) => r.status === 303)!
    .headers.get('set-cookie')!
    .split(';')[0];
  // The other instance's link died with the first use.
  const other = new URL(links[1]!).searchParams.get('token')!;
  const late = await fetch(`${b.url}/admin/setup`, {
    method: 'POST',
    body: new URLSearchParams({ token: other, email: 'second@example.com', password: OWNER_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  assert.is(late.status, 404);
});

two("the panel's live feed on one instance shows the submissions stored on either, each once", async () => {
  assert.ok(cookie, 'signed in by the row before');
  const formId = await publish(a);
  const { client, close } = adminClient(a, cookie);
  try {
    const names: string[] = [];
    const sent = ['live on A', 'live on B 1', 'live on B 2'];
    const all = new Promise<void>((resolve, reject) => {
      const sub = client.submissions.onCreated.subscribe(
        { formId },
        {
          onStarted: () =>
            void (async () => {
              assert.is((await submit(b, formId, sent[1])).status, 201);
              assert.is((await submit(a, formId, sent[0])).status, 201);
              assert.is((await submit(b, formId, sent[2])).status, 201);
            })().catch(reject),
          onData: (data: any) => {
            names.push(data.values.name);
            if (names.length === sent.length) {
              sub.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    await bounded(all, 10_000, 'the three submissions reached the feed on A');
    assert.equal([...names].sort(), [...sent].sort(), `each once: ${JSON.stringify(names)}`);
    // Nothing more comes (no repeats): one more look of the feed, then a submission after it arrives alone.
    const next = new Promise<string[]>((resolve, reject) => {
      const more: string[] = [];
      const sub = client.submissions.onCreated.subscribe(
        { formId },
        {
          onStarted: () => void submit(b, formId, 'last').catch(reject),
          onData: (data: any) => {
            more.push(data.values.name);
            if (data.values.name === 'last') {
              sub.unsubscribe();
              resolve(more);
            }
          },
          onError: reject,
        },
      );
    });
    assert.equal(
      await bounded(next, 10_000, 'the last submission reached a new feed'),
      ['last'],
      'a new feed starts after what was there',
    );
  } finally {
    close();
  }
});

two(
  'formstead admin-link --database-url: its link works on the other instance, once; a second run replaces it',
  async () => {
    const adminLink = () => {
      const r = spawnSync(
        process.execPath,
        [bundlePath, 'admin-link', '--database-url', databaseUrl, '--public-url', b.url],
        { encoding: 'utf8', timeout: 20000 },
      );
      assert.is(r.status, 0, r.stderr);
      const link = /Set a new owner password \(this link works once, for an hour\): (\S+)/.exec(r.stdout)?.[1];
      assert.ok(link, r.stdout);
      return new URL(link!).searchParams.get('token')!;
    };
    const first = adminLink();
    const token = adminLink();
    assert.is((await fetch(`${a.url}/admin/reset?token=${first}`)).status, 404, 'replaced by the second run');
    assert.is(
      (await fetch(`${a.url}/admin/reset?token=${token}`)).status,
      200,
      'works on the instance it was not printed for',
    );
    const reset = (s: RunningServer, password: string) =>
      fetch(`${s.url}/admin/reset`, {
        method: 'POST',
        body: new URLSearchParams({ token, email: 'owner@example.com', password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    // Posted to both at once: one sets the password, the other finds the link used.
    const answers = await Promise.all([reset(a, 'a brand new password'), reset(b, 'another new password')]);
    assert.equal(answers.map((r) => r.status).sort(), [303, 404]);
    cookie = answers
      .find((r) => r.status === 303)!
      .headers.get('set-cookie')!
      .split(';')[0];
    assert.is((await fetch(`${b.url}/admin/reset?token=${token}`)).status, 404, 'used up on every instance');
  },
);

two('a scheduled sweep runs on exactly one instance at each tick', async () => {
  assert.ok(cookie, 'signed in by the row before');
  const clients = [adminClient(a, cookie), adminClient(b, cookie)];
  try {
    const digests = async () =>
      Promise.all(
        clients.map(
          async ({ client }) => (await client.jobs.list.query()).find((j) => j.name === 'response-mail-digests')!,
        ),
      );
    // Both instances run from before this minute ends, so each tries to claim the next tick.
    const next = new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000).toISOString();
    let seen = await digests();
    // Waits on the schedule (every minute), not on a duration: up to one minute.
    await within(75_000, `both instances reached tick ${next}`, async () => {
      seen = await digests();
      return seen.every((j) => j.lastTick !== undefined && j.lastTick >= next && j.lastTick === seen[0].lastTick);
    });
    assert.equal(
      seen.map((j) => j.lastTickTaken).filter(Boolean).length,
      1,
      `one instance took tick ${seen[0].lastTick}: ${JSON.stringify(seen)}`,
    );
    const runner = seen.find((j) => j.lastTickTaken)!;
    assert.ok(runner.lastRunAt! >= seen[0].lastTick!, 'the one that took it ran it');
    assert.match(runner.lastResult ?? '', /sent$/);
  } finally {
    for (const c of clients) c.close();
  }
});

two(
  '/readyz answers 503 storage_unavailable while the database is down, a submission 503, and both recover',
  async () => {
    const formId = await publish(a);
    await db.pause();
    try {
      for (const s of [a, b]) {
        const r = await call(s.url, 'GET', '/readyz');
        assert.is(r.status, 503, r.text);
        assert.is(r.json.error, 'storage_unavailable');
        assert.match(r.json.details[0], /database cannot be reached/);
      }
      const refused = await submit(a, formId, 'while down');
      assert.is(refused.status, 503, refused.text);
      assert.is(refused.json.error, 'storage_unavailable');
      assert.ok(refused.headers.get('retry-after'));
    } finally {
      await db.resume();
    }
    // Each check asks the database: ready again once the server is back (a pooled connection the
    // restart cut may fail one call first).
    for (const s of [a, b])
      await within(5000, `${s.url} ready again`, async () => (await call(s.url, 'GET', '/readyz')).status === 200);
    assert.is((await submit(b, formId, 'back')).status, 201);
    for (const s of [a, b]) {
      assert.match(
        s.output(),
        /PostgreSQL cannot be reached \(.+\)\. Requests that need it answer 503 until it is back/,
      );
      assert.match(s.output(), /PostgreSQL is reachable again; requests are served/);
    }
    const page = await call(a.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
    assert.equal(
      page.json.submissions.map((x: any) => x.values.name),
      ['back'],
      'the refused one stored nothing',
    );
  },
);

two.run();

stopLast();
