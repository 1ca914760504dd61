// Behind a transaction-mode pooler (a real PgBouncer in front of a real PostgreSQL), where LISTEN cannot
// hold and a session's statements may run on different server connections: two real bundles with
// FORMSTEAD_DATABASE_HINTS=off start together, share one installation, keep every limit, and see each
// other's changes at the next request (no form cache), slower but never stale.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startPgBouncer, type Pooler } from '../helpers/pgbouncer.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const database = await sharedDatabase();
const { db } = database;
// Four server connections for two instances whose pools hold up to ten clients each.
const pooler: Pooler = await startPgBouncer(db, 4);
const env = {
  ...database.env,
  FORMSTEAD_DATABASE_URL: pooler.url('formstead'),
  FORMSTEAD_DATABASE_HINTS: 'off',
  FORMSTEAD_TRUST_PROXY: '1',
  FORMSTEAD_RATE_LIMIT: 'on',
};

let a: RunningServer;
let b: RunningServer;

const publish = async (server: RunningServer) => {
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
/** A submission from its own address (so the per-address limit does not end a row early) unless `from` is given. */
let next = 0;
const submit = (
  server: RunningServer,
  formId: string,
  name: string,
  from = `10.1.${Math.floor(++next / 250)}.${next % 250}`,
) =>
  call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name, email: 'someone@example.com' } },
    headers: { 'x-forwarded-for': from },
  });

/** Rows of the pooler's admin console (SHOW CLIENTS, SHOW SERVERS). */
async function adminConsole(command: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: pooler.url('pgbouncer') });
  await c.connect();
  try {
    return (await c.query(command)).rows;
  } finally {
    await c.end();
  }
}

const pooled = suite('two bundles behind a transaction-mode PgBouncer');
pooled.before(async () => {
  // Together, as replicas start: migrations and the start-up section take turns through the pooler.
  [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
});
pooled.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pooler.stop();
});

pooled(
  'both start through the pooler and share one workspace and one secret (a cursor from one works on the other)',
  async () => {
    const formId = await publish(a);
    for (let i = 0; i < 3; i++) assert.is((await submit(b, formId, `p${i}`)).status, 201);
    const first = await call(a.url, 'GET', `/v1/forms/${formId}/submissions?limit=2`, { key: OWNER_KEY });
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
  },
);

pooled(
  '40 submissions at once split across both: all present once; the pooler served them on at most 4 server connections',
  async () => {
    const formId = await publish(b);
    const names = Array.from({ length: 40 }, (_, i) => `person ${i}`);
    const answers = await Promise.all(names.map((name, i) => submit(i % 2 ? a : b, formId, name)));
    for (const r of answers) assert.is(r.status, 201, r.text);
    for (const s of [a, b]) {
      const page = await call(s.url, 'GET', `/v1/forms/${formId}/submissions?limit=100`, { key: OWNER_KEY });
      assert.equal(page.json.submissions.map((x: any) => x.values.name).sort(), [...names].sort());
    }
    const clients = (await adminConsole('SHOW CLIENTS')).filter((c) => c.database === 'formstead');
    const servers = (await adminConsole('SHOW SERVERS')).filter((c) => c.database === 'formstead');
    assert.ok(servers.length <= 4, `server connections: ${servers.length}`);
    assert.ok(
      clients.length > servers.length,
      `more clients (${clients.length}) than server connections (${servers.length}): statements were multiplexed`,
    );
  },
);

pooled(
  'with no change hints a setting changed on one instance is honoured by the other at its next request',
  async () => {
    const formId = await publish(a);
    assert.is((await submit(b, formId, 'before')).status, 201, 'B has read the form');
    assert.is(
      (await call(a.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { status: 'paused' } })).status,
      200,
    );
    assert.is((await submit(b, formId, 'while paused')).status, 409, 'B refuses at once: nothing was cached');
    assert.is(
      (await call(b.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { status: 'active' } })).status,
      200,
    );
    assert.is((await submit(a, formId, 'after')).status, 201);
  },
);

pooled('rate limits hold across both through the pooler: 20 from one address, the 21st refused by either', async () => {
  const formId = await publish(a);
  for (let i = 0; i < 20; i++)
    assert.is((await submit(i % 2 ? a : b, formId, `r${i}`, '203.0.113.50')).status, 201, `submission ${i + 1}`);
  for (const s of [a, b]) assert.is((await submit(s, formId, 'one too many', '203.0.113.50')).status, 429);
});

pooled(
  'the start-up section and each cron tick still run once (transaction-level advisory locks and claimed ticks)',
  async () => {
    const c = new pg.Client({ connectionString: database.databaseUrl });
    await c.connect();
    const counts = await c.query(
      'SELECT (SELECT COUNT(*)::int FROM workspaces) AS workspaces, (SELECT COUNT(*)::int FROM meta WHERE key ' +
        "= 'instance_secret') AS secrets, (SELECT COUNT(*)::int FROM pg_locks WHERE locktype = 'advisory') AS held",
    );
    await c.end();
    assert.equal(
      counts.rows[0],
      { workspaces: 1, secrets: 1, held: 0 },
      'one of each, and no advisory lock left behind on a pooled connection',
    );
  },
);

pooled.run();
database.stopLast();
