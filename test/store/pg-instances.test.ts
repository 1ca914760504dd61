// Many instances on one PostgreSQL database (ARCHITECTURE.md "One machine or many"): two stores with
// their own pools stand for two Formstead processes. Opening together migrates once; limits checked
// inside the write hold across both; a migration that fails leaves nothing behind.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PgDatabase } from '../../server/core/store/pg/db.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { listenForChanges } from '../../server/core/store/pg/changes.ts';
import { applyPgMigrations } from '../../server/core/store/pg/migrate.ts';
import { pgMigrations } from '../../server/core/store/pg/migrations/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { StorageError } from '../../server/lib/storage-error.ts';
import { DeliveryWorker } from '../../server/core/webhooks/delivery-worker.ts';
import { JobRegistry } from '../../server/lib/cron.ts';
import type { SendWebhookOptions } from '../../server/lib/webhook-send.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { at, form, formRecord, keyRecord, member, MINUTE, newSubmission, SECOND, uid, uuid, workspace } from './contract/fixtures.ts';

const server = await startPostgres();
let databases = 0;

/** A new empty database on the test server, and its URL. */
async function freshDatabase(): Promise<string> {
  const name = `instances_${++databases}`;
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return server.url(name);
}

/** Two stores on one fresh database, as two instances would open it. */
async function twoInstances(): Promise<[Store, Store]> {
  const url = await freshDatabase();
  const a = await openPgStore(url);
  const b = await openPgStore(url);
  return [a, b];
}

/** Runs `n` calls split between the two instances, all at once. */
const spread = <T>(stores: Store[], n: number, call: (s: Store, i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => call(stores[i % stores.length], i)));

const migrations = suite('postgres migrations');

migrations('two instances opening an empty database together both open, and each migration is recorded once', async () => {
  const url = await freshDatabase();
  const lines: string[] = [];
  const [a, b] = await Promise.all([openPgStore(url, (l) => lines.push(l)), openPgStore(url, (l) => lines.push(l))]);
  try {
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const recorded = (await check.query('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r) => r.id);
    await check.end();
    assert.equal(recorded, pgMigrations.map((m) => m.id));
    assert.is(lines.filter((l) => l.startsWith('migration 1 ')).length, 1, 'the second instance found the work done');
    await a.meta.set('written-by', 'a');
    assert.is(await b.meta.get('written-by'), 'a');
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

migrations('a migration that fails leaves the database as it was (every migration of an open is one transaction)', async () => {
  const url = await freshDatabase();
  const db = new PgDatabase(url);
  try {
    const broken = { id: 999, name: 'broken', up: 'CREATE TABLE half_done (id INT); SELECT no_such_function();' };
    let failed = false;
    await applyPgMigrations(db, [...pgMigrations, broken], () => {}).catch(() => (failed = true));
    assert.ok(failed, 'the open fails');
    const tables = (await db.q("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows;
    assert.equal(tables, [], 'not even migration 1 or schema_migrations stayed');
    assert.equal(await applyPgMigrations(db, pgMigrations, () => {}), pgMigrations.map((m) => m.id), 'a later open with the fixed list applies them');
  } finally {
    await db.close();
  }
});

migrations('two migrations with one id are refused before anything runs', async () => {
  const db = new PgDatabase(await freshDatabase());
  try {
    const twin = { ...pgMigrations[0], name: 'twin' };
    await applyPgMigrations(db, [...pgMigrations, twin], () => {}).then(
      () => assert.unreachable('accepted'),
      (err: Error) => assert.match(err.message, 'Two migrations have id 1'),
    );
  } finally {
    await db.close();
  }
});

migrations.run();

const limits = suite('postgres limits across instances');

limits('100-submission cap: 12 concurrent inserts over two instances on a form holding 95 store exactly 5', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id);
    await spread(stores, 95, (s) => s.submissions.insert(newSubmission(f.id, ws.id)));
    const outcomes = await spread(stores, 12, (s) => s.submissions.insert(newSubmission(f.id, ws.id, { formCap: 100 })));
    assert.is(outcomes.filter((o) => o.kind === 'stored').length, 5);
    assert.is(outcomes.filter((o) => o.kind === 'form_cap').length, 7);
    assert.is((await stores[1].forms.byId(f.id))?.submissionCount, 100);
    const counts = outcomes.flatMap((o) => (o.kind === 'stored' ? [o.submissionCount] : [])).sort((x, y) => x - y);
    assert.equal(counts, [96, 97, 98, 99, 100], 'each stored insert saw its own count');
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('monthly quota: 10 concurrent inserts over two instances and two forms of a workspace with quota 4 store exactly 4', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const forms = [await form(stores[0], ws.id), await form(stores[0], ws.id)];
    const outcomes = await spread(stores, 10, (s, i) => s.submissions.insert(newSubmission(forms[i % 2].id, ws.id, { monthlyQuota: 4 })));
    assert.is(outcomes.filter((o) => o.kind === 'stored').length, 4);
    assert.is(outcomes.filter((o) => o.kind === 'monthly_quota').length, 6);
    assert.is(await stores[1].workspaces.monthlyUsage(ws.id, '2026-11'), 4);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('idempotency: 10 concurrent inserts with one key over two instances store one submission; the rest replay it', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id);
    const outcomes = await spread(stores, 10, (s, i) =>
      s.submissions.insert(newSubmission(f.id, ws.id, { idempotency: { key: 'same', bodyHash: 'h', status: 201, response: `{"n":${i}}` } })),
    );
    assert.is(outcomes.filter((o) => o.kind === 'stored').length, 1);
    assert.is(outcomes.filter((o) => o.kind === 'replay').length, 9);
    assert.is((await stores[0].submissions.page(f.id, 100)).length, 1);
    assert.is(await stores[1].workspaces.monthlyUsage(ws.id, '2026-11'), 1);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('account keys: 30 concurrent creations over two instances with max 20 create exactly 20', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const owner = await member(stores[0], ws.id, 'owner');
    const made = await spread(stores, 30, (s) => s.keys.createIfUnder(keyRecord({ workspaceId: ws.id, createdBy: owner.id }), 20));
    assert.is(made.filter(Boolean).length, 20);
    assert.is(await stores[1].keys.countActiveAccountKeys(ws.id), 20);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('3 unclaimed per agent key: 10 concurrent keyless publishes over two instances create exactly 3', async () => {
  const stores = await twoInstances();
  try {
    const made = await spread(stores, 10, (s) =>
      s.forms.createUnclaimedIfUnder(formRecord({ workspaceId: null, agentKeyId: 'agent-1', expiresAt: at(MINUTE), claimTokenHash: uid('claim') }), '{}', 3),
    );
    assert.is(made.filter(Boolean).length, 3);
    assert.is(await stores[1].forms.countUnclaimedByAgentKey('agent-1'), 3);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('last owner: two owners removing each other at once on two instances leave one owner', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const [x, y] = [await member(stores[0], ws.id, 'owner'), await member(stores[0], ws.id, 'owner')];
    const outcomes = await Promise.all([stores[0].users.removeMember(ws.id, x.id), stores[1].users.removeMember(ws.id, y.id)]);
    assert.equal([...outcomes].sort(), ['last_owner', 'ok']);
    assert.is((await stores[0].users.members(ws.id)).filter((m) => m.role === 'owner').length, 1);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits('a form deleted on one instance while the other inserts: no submission outlives its form', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id);
    const inserts = spread([stores[1]], 20, () => stores[1].submissions.insert(newSubmission(f.id, ws.id, { id: uid('sub') })));
    const deleted = stores[0].forms.delete(f.id);
    const outcomes = await inserts;
    await deleted;
    assert.ok(outcomes.every((o) => o.kind === 'stored' || o.kind === 'form_gone'));
    assert.is(await stores[1].forms.byId(f.id), undefined);
    assert.equal(await stores[1].submissions.page(f.id, 100), [], 'none stored after the delete, none left by it');
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

limits.run();

const deliveries = suite('postgres webhook deliveries across instances');

deliveries('two instances taking the same 30 deliveries: each is leased by exactly one', async () => {
  const stores = await twoInstances();
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const sub = newSubmission(f.id, ws.id, { delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } });
      await stores[0].submissions.insert(sub);
      ids.push(sub.delivery!.id);
    }
    const [a, b] = await Promise.all(stores.map((s) => Promise.all(ids.map((id) => s.webhooks.lease(id, at(), at(MINUTE))))));
    ids.forEach((id, i) => assert.is(Number(a[i]) + Number(b[i]), 1, id));
    // The taker of the first one died mid-attempt: the other instance gets it when the lease ends, not before.
    const other = a[0] ? stores[1] : stores[0];
    assert.is(await other.webhooks.lease(ids[0], at(MINUTE - 1), at(2 * MINUTE)), false);
    assert.is(await other.webhooks.lease(ids[0], at(MINUTE), at(2 * MINUTE)), true);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

deliveries('two delivery workers on two instances send each of 40 due deliveries once (receiver always 200)', async () => {
  const stores = await twoInstances();
  const sent = new Map<string, number>();
  // The transport is the worker's own seam (AttemptSettings.send); what is under test is who sends.
  const send = async (opts: SendWebhookOptions) => {
    const id = JSON.parse(opts.body).n as string;
    sent.set(id, (sent.get(id) ?? 0) + 1);
    await new Promise((r) => setImmediate(r));
    return { statusCode: 200, durationMs: 1, outcome: 'delivered' as const };
  };
  const settings = { allowPrivate: true, timeoutMs: 10 * SECOND, retryBaseMs: 30 * SECOND, retryCapMs: 60 * MINUTE, send };
  const workers = stores.map((s) => new DeliveryWorker(s, settings));
  try {
    const ws = await workspace(stores[0]);
    const f = await form(stores[0], ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
    const past = new Date(Date.now() - MINUTE).toISOString();
    for (let i = 0; i < 40; i++) {
      const sub = newSubmission(f.id, ws.id, { createdAt: past, delivery: { id: uuid(), payload: JSON.stringify({ n: `d${i}` }), nextAttemptAt: past } });
      await stores[i % 2].submissions.insert(sub);
    }
    for (const w of workers) w.start();
    // Waits for the work to finish (no time is asserted); the run's own limit ends a hang.
    while ((await stores[0].webhooks.due(new Date().toISOString(), 100)).length > 0 || workers.some((w) => w.stats().active > 0)) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.is(sent.size, 40);
    assert.ok([...sent.values()].every((n) => n === 1), `sent twice: ${[...sent].filter(([, n]) => n > 1).map(([id]) => id)}`);
    assert.is((await stores[1].webhooks.attempts(f.id, 100)).length, 40, 'one log line per delivery');
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(stores.map((s) => s.close()));
  }
});

deliveries.run();

const cron = suite('postgres cron ticks across instances');

cron('a job fired on two instances at one tick runs once; the next tick once more; an every-instance job runs on both', async () => {
  const stores = await twoInstances();
  const runs: string[] = [];
  const registries = stores.map((store, i) => {
    const jobs = new JobRegistry(() => {}, (name, tick) => store.jobs.claimTick(name, tick));
    jobs.register({ name: 'sweep', schedule: '* * * * *', run: async () => void runs.push(`sweep@${i}`) });
    jobs.register({ name: 'local', schedule: '* * * * *', everyInstance: true, run: async () => void runs.push(`local@${i}`) });
    return jobs;
  });
  try {
    // The two instances' timers fire a few hundred milliseconds apart within the same minute.
    const fired = [new Date('2026-11-24T12:00:00.004Z'), new Date('2026-11-24T12:00:00.730Z')];
    await Promise.all(registries.map((jobs, i) => Promise.all([jobs.runScheduled('sweep', fired[i]), jobs.runScheduled('local', fired[i])])));
    assert.is(runs.filter((r) => r.startsWith('sweep')).length, 1);
    assert.equal(runs.filter((r) => r.startsWith('local')).sort(), ['local@0', 'local@1']);
    await Promise.all(registries.map((jobs) => jobs.runScheduled('sweep', new Date('2026-11-24T12:01:00.100Z'))));
    assert.is(runs.filter((r) => r.startsWith('sweep')).length, 2);
    await registries[1].runNow('sweep');
    assert.is(runs.filter((r) => r.startsWith('sweep')).length, 3, 'run now (the panel) is not a tick and always runs');
  } finally {
    await Promise.all(stores.map((s) => s.close()));
  }
});

cron.run();

const hints = suite('postgres change hints across instances');

/** A listener on `url` that records what it is told, and waits for a given hint. */
function recorder(url: string) {
  const seen: string[] = [];
  let waiting: { want: string; resolve: () => void } | undefined;
  const note = (what: string) => {
    seen.push(what);
    if (waiting && what === waiting.want) waiting.resolve();
  };
  const listener = listenForChanges(url, { onForm: (id) => note(`form:${id}`), onReset: () => note('reset') });
  // Waits for the hint (no time is asserted; the run's own limit ends a hang).
  const next = (want: string) => new Promise<void>((resolve) => (waiting = { want, resolve }));
  return { seen, listener, next };
}

hints('a form changed on one instance is announced to the other (update, new version, claim, delete); a rolled-back write is not', async () => {
  const url = await freshDatabase();
  const [a, b] = [await openPgStore(url), await openPgStore(url)];
  const r = recorder(url);
  try {
    await r.listener.ready;
    const ws = await workspace(a);
    const f = await form(a, ws.id);
    let next = r.next(`form:${f.id}`);
    await a.forms.update(f.id, { successMessage: 'Thanks' });
    await next;
    next = r.next(`form:${f.id}`);
    await a.forms.addVersion(f.id, 2, '{}', 'Two', {}, at());
    await next;
    const u = await form(b, null, { agentKeyId: 'agent-1', expiresAt: at(MINUTE) });
    next = r.next(`form:${u.id}`);
    await b.forms.claim(u.id, ws.id);
    await next;
    // A version that already exists fails and rolls back: no hint for it. The delete after it is the next hint.
    await a.forms.addVersion(f.id, 2, '{}', 'Again', {}, at()).catch(() => {});
    next = r.next(`form:${u.id}`);
    await a.forms.delete(u.id);
    await next;
    assert.equal(r.seen, ['reset', `form:${f.id}`, `form:${f.id}`, `form:${u.id}`, `form:${u.id}`]);
  } finally {
    await r.listener.close();
    await Promise.all([a.close(), b.close()]);
  }
});

hints('a listener whose connection is cut reconnects, says reset (hints may be lost), and hears later changes', async () => {
  const url = await freshDatabase();
  const store = await openPgStore(url);
  const r = recorder(url);
  try {
    await r.listener.ready;
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const reset = r.next('reset');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const cut = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN formstead_forms' AND pid <> pg_backend_pid()");
    await admin.end();
    assert.is(cut.rowCount, 1, 'the listener connection was found and cut');
    await reset;
    const next = r.next(`form:${f.id}`);
    await store.forms.update(f.id, { status: 'paused' });
    await next;
    assert.equal(r.seen, ['reset', 'reset', `form:${f.id}`]);
  } finally {
    await r.listener.close();
    await store.close();
  }
});

hints.run();

const outage = suite('postgres down and back');

outage('calls fail with database_unavailable while the server is down; the same store works again once it is back', async () => {
  const url = await freshDatabase();
  const store = await openPgStore(url);
  try {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    assert.is((await store.submissions.insert(newSubmission(f.id, ws.id))).kind, 'stored');
    await server.pause();
    const failures = await Promise.all([
      store.submissions.insert(newSubmission(f.id, ws.id)).then(() => undefined, (err) => err),
      store.forms.byId(f.id).then(() => undefined, (err) => err),
    ]);
    for (const err of failures) {
      assert.instance(err, StorageError);
      assert.is((err as StorageError).code, 'database_unavailable');
    }
    await server.resume();
    // No reopen: the pool drops the dead connections and connects again on the next call.
    assert.is((await store.submissions.insert(newSubmission(f.id, ws.id))).kind, 'stored');
    assert.is((await store.forms.byId(f.id))?.submissionCount, 2, 'the insert refused while down stored nothing');
  } finally {
    await store.close();
  }
});

outage('a constraint error is not taken for an outage', async () => {
  const store = await openPgStore(await freshDatabase());
  try {
    const ws = await workspace(store);
    const err = await store.workspaces.create(ws).then(() => undefined, (e) => e);
    assert.ok(err instanceof Error);
    assert.not.instance(err, StorageError);
  } finally {
    await store.close();
  }
});

outage.run();

// Queued last (uvu runs suites in order): the server goes away and its folder with it.
const teardown = suite('postgres test server');
teardown('stops, and its folder is gone', async () => {
  await server.stop();
  assert.not.ok(existsSync(server.dir));
});
teardown.run();
