// Many instances on one PostgreSQL database (ARCHITECTURE.md "One machine or many"), part 2: shared
// work. Webhook deliveries are sent once across instances (taken with FOR UPDATE SKIP LOCKED and a
// lease), each cron job runs once per tick, and form changes are announced to the other instances
// (LISTEN/NOTIFY hints).
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listenForChanges } from '../../server/core/store/pg/changes.ts';
import { formOwnedTables } from '../../server/core/store/pg/forms.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { DeliveryWorker } from '../../server/core/webhooks/delivery-worker.ts';
import { JobRegistry } from '../../server/lib/cron.ts';
import type { AttemptResult, Store } from '../../server/core/store/types.ts';
import type { SendWebhookOptions } from '../../server/lib/webhook-send.ts';
import { at, form, MINUTE, newSubmission, SECOND, uuid, workspace } from './contract/fixtures.ts';
import { pgWorld } from './pg-world.ts';

const { freshDatabase, twoInstances, stopLast } = await pgWorld();

const deliveries = suite('postgres webhook deliveries across instances');

/** What a take answered, shortly: the delivery's id when taken, else 'held' or undefined. */
const took = (t: Awaited<ReturnType<Store['webhooks']['take']>>) => (t === 'held' ? t : t?.delivery.id);

deliveries(
  'two instances taking the same 30 deliveries: each is taken by exactly one, the other is told held',
  async () => {
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
      const [a, b] = await Promise.all(
        stores.map((s) => Promise.all(ids.map((id) => s.webhooks.take(id, at(), at(MINUTE))))),
      );
      ids.forEach((id, i) => {
        assert.equal([took(a[i]), took(b[i])].sort(), [id, 'held'].sort(), id);
      });
      // The taker of the first one died mid-attempt: the other instance gets it when the lease ends, not before.
      const other = a[0] === 'held' ? stores[0] : stores[1];
      assert.is(await other.webhooks.take(ids[0], at(MINUTE - 1), at(2 * MINUTE)), 'held');
      assert.is(took(await other.webhooks.take(ids[0], at(MINUTE), at(2 * MINUTE))), ids[0]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

deliveries(
  'a delivery whose row another transaction has locked is held: take skips the lock instead of waiting on it',
  async () => {
    const url = await freshDatabase();
    const [a, b] = [await openPgStore(url), await openPgStore(url)];
    const third = new pg.Client({ connectionString: url });
    await third.connect();
    try {
      const ws = await workspace(a);
      const f = await form(a, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const sub = newSubmission(f.id, ws.id, { delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } });
      await a.submissions.insert(sub);
      const id = sub.delivery!.id;
      // A third connection holds the row lock in an open transaction (as a concurrent taker or a recording
      // does for the length of its statement): both stores answer while it is still held.
      await third.query('BEGIN');
      await third.query('SELECT id FROM webhook_deliveries WHERE id = $1 FOR UPDATE', [id]);
      assert.equal(await Promise.all([a.webhooks.take(id, at(), at(MINUTE)), b.webhooks.take(id, at(), at(MINUTE))]), [
        'held',
        'held',
      ]);
      assert.is((await a.webhooks.byId(id))?.state, 'pending', 'a plain read is not blocked either');
      await third.query('ROLLBACK');
      // The lock is gone and no lease was written while it was held: the first taker now gets it.
      const [x, y] = await Promise.all([a.webhooks.take(id, at(), at(MINUTE)), b.webhooks.take(id, at(), at(MINUTE))]);
      assert.equal([took(x), took(y)].sort(), [id, 'held'].sort());
    } finally {
      await third.end();
      await Promise.all([a.close(), b.close()]);
    }
  },
);

deliveries(
  'a delivery whose form row is gone (only a deletion outside the store could leave one) is taken with no target',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const sub = newSubmission(f.id, ws.id, { delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } });
      await store.submissions.insert(sub);
      // forms.delete removes the form's deliveries with it; the store's LEFT JOIN answers for a row left behind.
      await admin.query('DELETE FROM forms WHERE id = $1', [f.id]);
      const got = await store.webhooks.take(sub.delivery!.id, at(), at(MINUTE));
      assert.equal(got, { delivery: (await store.webhooks.byId(sub.delivery!.id))!, target: undefined });
    } finally {
      await admin.end();
      await store.close();
    }
  },
);

deliveries(
  'two delivery workers on two instances send each of 40 due deliveries once (receiver always 200)',
  async () => {
    const stores = await twoInstances();
    const sent = new Map<string, number>();
    // The transport is the worker's own seam (AttemptSettings.send); what is under test is who sends.
    const send = async (opts: SendWebhookOptions) => {
      const id = JSON.parse(opts.body).n as string;
      sent.set(id, (sent.get(id) ?? 0) + 1);
      await new Promise((r) => setImmediate(r));
      return { statusCode: 200, durationMs: 1, outcome: 'delivered' as const };
    };
    const settings = {
      allowPrivate: true,
      timeoutMs: 10 * SECOND,
      leaseMs: 25 * SECOND,
      retryBaseMs: 30 * SECOND,
      retryCapMs: 60 * MINUTE,
      send,
    };
    const workers = stores.map((s) => new DeliveryWorker(s, settings));
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const past = new Date(Date.now() - MINUTE).toISOString();
      for (let i = 0; i < 40; i++) {
        const sub = newSubmission(f.id, ws.id, {
          createdAt: past,
          delivery: { id: uuid(), payload: JSON.stringify({ n: `d${i}` }), nextAttemptAt: past },
        });
        await stores[i % 2].submissions.insert(sub);
      }
      for (const w of workers) w.start();
      // Waits for the work to finish (no time is asserted); the run's own limit ends a hang.
      while (
        (await stores[0].webhooks.due(new Date().toISOString(), 100)).length > 0 ||
        workers.some((w) => w.stats().active > 0)
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.is(sent.size, 40);
      assert.ok(
        [...sent.values()].every((n) => n === 1),
        `sent twice: ${[...sent].filter(([, n]) => n > 1).map(([id]) => id)}`,
      );
      assert.is((await stores[1].webhooks.attempts(f.id, 100)).length, 40, 'one log line per delivery');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

deliveries(
  "a delivery leased by an instance that died goes out from the other's worker when the lease ends, with no sweep",
  async () => {
    const stores = await twoInstances();
    const sent: string[] = [];
    let sentAt = 0;
    const send = async (opts: SendWebhookOptions) => {
      sent.push(JSON.parse(opts.body).n);
      sentAt = Date.now();
      return { statusCode: 200, durationMs: 1, outcome: 'delivered' as const };
    };
    const leaseMs = 1500;
    const worker = new DeliveryWorker(stores[1], {
      allowPrivate: true,
      timeoutMs: 500,
      leaseMs,
      retryBaseMs: 30 * SECOND,
      retryCapMs: 60 * MINUTE,
      send,
    });
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const sub = newSubmission(f.id, ws.id, {
        delivery: { id: uuid(), payload: JSON.stringify({ n: 'orphan' }), nextAttemptAt: new Date().toISOString() },
      });
      await stores[0].submissions.insert(sub);
      // Instance 0 takes it for an attempt and dies: nothing will record the attempt or clear the lease.
      const leasedAt = Date.now();
      assert.is(
        took(
          await stores[0].webhooks.take(
            sub.delivery!.id,
            new Date(leasedAt).toISOString(),
            new Date(leasedAt + leaseMs).toISOString(),
          ),
        ),
        sub.delivery!.id,
      );
      await stores[0].close();
      // The worker's first scan finds it due but held; only its own timer (no cron here) brings it back.
      worker.start();
      const deadline = Date.now() + 20 * SECOND; // a liveness bound: without the timer it would never go
      while (sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // The send is seen before its outcome is recorded (a commit later): wait for the attempt to end.
      while (worker.stats().active > 0) await new Promise((r) => setTimeout(r, 20));
      assert.equal(sent, ['orphan']);
      assert.ok(sentAt >= leasedAt + leaseMs, 'not before the lease ended');
      assert.is((await stores[1].webhooks.byId(sub.delivery!.id))?.state, 'delivered');
    } finally {
      await worker.stop();
      await stores[1].close();
    }
  },
);

/** A pending delivery of form `f`, stored through `store`. */
async function pendingDelivery(store: Store, f: { id: string; workspaceId: string | null }) {
  const sub = newSubmission(f.id, f.workspaceId, { delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } });
  await store.submissions.insert(sub);
  return { id: sub.delivery!.id, submissionId: sub.id, formId: f.id };
}

/**
 * Attempt `n` of delivery `d` at `atMs`: 200 delivers it, anything else retries in an hour; a log of 3 lines per form.
 */
function attemptOf(
  d: { id: string; submissionId: string; formId: string },
  n: number,
  statusCode: number,
  atMs: number,
): AttemptResult {
  return {
    deliveryId: d.id,
    attempt: {
      formId: d.formId,
      submissionId: d.submissionId,
      attempt: n,
      statusCode,
      error: statusCode === 200 ? null : `http ${statusCode}`,
      durationMs: 5,
      createdAt: at(atMs),
    },
    next: statusCode === 200 ? { state: 'delivered' } : { state: 'pending', nextAttemptAt: at(atMs + 60 * MINUTE) },
    logSize: 3,
    failureMail: { after: 5, notSince: at(-24 * 60 * MINUTE) },
  };
}

/** Records `r` through the SQL function the store calls, on `client` (inside whatever transaction it has open). */
async function recordOn(client: pg.ClientBase, r: AttemptResult) {
  const a = r.attempt;
  const next = r.next;
  await client.query('SELECT * FROM formstead_record_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)', [
    r.deliveryId,
    a.formId,
    a.submissionId,
    a.attempt,
    a.statusCode,
    a.error,
    a.durationMs,
    a.createdAt,
    next.state,
    next.state === 'pending' ? next.nextAttemptAt : null,
    r.logSize,
    r.failureMail.after,
    r.failureMail.notSince,
  ]);
}

/** Waits until some connection waits on a lock while running a statement that contains `text` (no time is asserted). */
async function waitingOnLock(client: pg.Client, text: string) {
  const sql =
    "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND position($1 in query) > 0 AND pid <> " +
    'pg_backend_pid()';
  // `client` is inside its own transaction here, where PostgreSQL answers pg_stat_activity from a snapshot
  // taken at the first read: without clearing it, a wait that began after that read is never seen.
  const waiting = async () => {
    await client.query('SELECT pg_stat_clear_snapshot()');
    return (await client.query(sql, [text])).rowCount! > 0;
  };
  while (!(await waiting())) await new Promise((r) => setTimeout(r, 10));
}

deliveries(
  'recording an attempt of a healthy form does not wait on another recording of the same form still open: no ' +
    'lock on the form row, the oldest log line taken without waiting',
  async () => {
    const url = await freshDatabase();
    const [a, b] = [await openPgStore(url), await openPgStore(url)];
    const open = new pg.Client({ connectionString: url });
    await open.connect();
    try {
      const ws = await workspace(a);
      const f = await form(a, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      // A full log (3 lines here) of a form whose streak is back at 0: both recordings below overwrite a line.
      const earlier = await pendingDelivery(a, f);
      for (let n = 1; n <= 4; n++) await a.webhooks.recordAttempt(attemptOf(earlier, n, 503, n * SECOND));
      assert.equal(await a.webhooks.recordAttempt(attemptOf(earlier, 5, 200, 5 * SECOND)), {
        failures: 0,
        mailFailure: false,
      });
      const [x, y] = [await pendingDelivery(a, f), await pendingDelivery(a, f)];
      // Another instance has recorded x's success and not committed yet (its commit is still being flushed).
      await open.query('BEGIN');
      await recordOn(open, attemptOf(x, 1, 200, 10 * SECOND));
      // Before migration 11 this waited on the form row until the COMMIT below, which it never reached
      // (checked then with a bounded race: still waiting after 3 s); the run's own limit ends a hang.
      assert.equal(await b.webhooks.recordAttempt(attemptOf(y, 1, 200, 11 * SECOND)), {
        failures: 0,
        mailFailure: false,
      });
      assert.is((await a.webhooks.byId(y.id))?.state, 'delivered', 'committed while the other is open');
      assert.is((await a.webhooks.byId(x.id))?.state, 'pending', 'not yet committed');
      await open.query('COMMIT');
      assert.is((await a.webhooks.byId(x.id))?.state, 'delivered');
      assert.is((await a.forms.byId(f.id))?.webhookFailures, 0);
      // The second skipped the oldest line, which the first was overwriting, and took the next: the log
      // holds exactly the newest three.
      assert.equal(
        (await a.webhooks.attempts(f.id, 100)).map((l) => [l.submissionId, l.attempt]),
        [
          [y.submissionId, 1],
          [x.submissionId, 1],
          [earlier.submissionId, 5],
        ],
      );
      const z = await pendingDelivery(a, f);
      await a.webhooks.recordAttempt(attemptOf(z, 1, 200, 12 * SECOND));
      assert.equal(
        (await a.webhooks.attempts(f.id, 100)).map((l) => l.submissionId),
        [z.submissionId, y.submissionId, x.submissionId],
      );
    } finally {
      await open.query('ROLLBACK').catch(() => {});
      await open.end();
      await Promise.all([a.close(), b.close()]);
    }
  },
);

deliveries('a form deleted while an attempt is recorded: nothing of the attempt is left, in either order', async () => {
  const url = await freshDatabase();
  const [a, b] = [await openPgStore(url), await openPgStore(url)];
  const open = new pg.Client({ connectionString: url });
  await open.connect();
  const left = async (formId: string) =>
    (
      await open.query(
        'SELECT (SELECT COUNT(*) FROM webhook_attempts WHERE form_id = $1) + (SELECT COUNT(*) FROM ' +
          'webhook_deliveries WHERE form_id = $1) + (SELECT COUNT(*) FROM forms WHERE id = $1) AS n',
        [formId],
      )
    ).rows[0].n;
  try {
    const ws = await workspace(a);
    // The deletion first (its transaction still open): the recording waits for it, then finds the form gone.
    const f = await form(a, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
    const d = await pendingDelivery(a, f);
    await open.query('BEGIN');
    await open.query('SELECT id FROM forms WHERE id = $1 FOR UPDATE', [f.id]);
    for (const table of formOwnedTables) await open.query(`DELETE FROM ${table} WHERE form_id = $1`, [f.id]);
    await open.query('DELETE FROM forms WHERE id = $1', [f.id]);
    const recording = b.webhooks.recordAttempt({
      ...attemptOf(d, 1, 500, SECOND),
      failureMail: { after: 1, notSince: at(-MINUTE) },
    });
    await waitingOnLock(open, 'formstead_record_attempt');
    await open.query('COMMIT');
    assert.equal(await recording, { failures: 0, mailFailure: false }, 'no mail for a form that is gone');
    assert.is(Number(await left(f.id)), 0);
    // The recording first (not committed): the deletion waits for it, then takes its line with the rest.
    const g = await form(a, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
    const e = await pendingDelivery(a, g);
    await open.query('BEGIN');
    await recordOn(open, attemptOf(e, 1, 200, SECOND));
    const deleting = b.forms.delete(g.id);
    await waitingOnLock(open, 'FOR UPDATE');
    await open.query('COMMIT');
    assert.is(await deleting, 1);
    assert.is(Number(await left(g.id)), 0);
  } finally {
    await open.query('ROLLBACK').catch(() => {});
    await open.end();
    await Promise.all([a.close(), b.close()]);
  }
});

deliveries(
  "two stores and two plain connections recording into one form's log at once: it holds exactly its newest 100 lines",
  async () => {
    const url = await freshDatabase();
    const [a, b] = [await openPgStore(url), await openPgStore(url)];
    // Plain connections, each call its own transaction (the stores batch theirs): more orders of locking.
    const plain = new pg.Pool({ connectionString: url, max: 4 });
    try {
      const ws = await workspace(a);
      const f = await form(a, ws.id, { webhookUrl: 'https://example.com/h', webhookSecret: 's' });
      const ds: Awaited<ReturnType<typeof pendingDelivery>>[] = [];
      for (let i = 0; i < 170; i++) ds.push(await pendingDelivery(a, f));
      const full = (i: number) => ({ ...attemptOf(ds[i], 1, 200, i * SECOND), logSize: 100 });
      const record = (i: number) =>
        i % 3 === 2
          ? plain.connect().then(async (c) => {
              try {
                await recordOn(c, full(i));
              } finally {
                c.release();
              }
            })
          : [a, b][i % 3].webhooks.recordAttempt(full(i));
      const lines = async () =>
        Number((await plain.query('SELECT count(*) AS n FROM webhook_attempts WHERE form_id = $1', [f.id])).rows[0].n);
      const newest = async () =>
        (await b.webhooks.attempts(f.id, 1000))
          .map((l) => Date.parse(l.createdAt) - Date.parse(at()))
          .sort((x, y) => x - y);
      // The first 100 race for free slots: no recording adds a line past them.
      await Promise.all(Array.from({ length: 100 }, (_, i) => record(i)));
      assert.is(await lines(), 100);
      assert.equal(
        await newest(),
        Array.from({ length: 100 }, (_, i) => i * SECOND),
      );
      // The next 70 race for the oldest lines: each overwrites one no other overwrote, the newest 100 stay.
      await Promise.all(Array.from({ length: 70 }, (_, i) => record(100 + i)));
      assert.is(await lines(), 100);
      assert.equal(
        await newest(),
        Array.from({ length: 100 }, (_, i) => (70 + i) * SECOND),
      );
      assert.is((await a.webhooks.byId(ds[169].id))?.state, 'delivered');
    } finally {
      await plain.end();
      await Promise.all([a.close(), b.close()]);
    }
  },
);

deliveries.run();

const cron = suite('postgres cron ticks across instances');

cron(
  'a job fired on two instances at one tick runs once; the next tick once more; an every-instance job runs on both',
  async () => {
    const stores = await twoInstances();
    const runs: string[] = [];
    const registries = stores.map((store, i) => {
      const jobs = new JobRegistry(
        () => {},
        (name, tick) => store.jobs.claimTick(name, tick),
      );
      jobs.register({
        name: 'sweep',
        schedule: '* * * * *',
        about: 'Records its run.',
        run: async () => void runs.push(`sweep@${i}`),
      });
      jobs.register({
        name: 'local',
        schedule: '* * * * *',
        about: 'Records its run on each instance.',
        everyInstance: true,
        run: async () => void runs.push(`local@${i}`),
      });
      return jobs;
    });
    try {
      // The two instances' timers fire a few hundred milliseconds apart within the same minute.
      const fired = [new Date('2026-11-24T12:00:00.004Z'), new Date('2026-11-24T12:00:00.730Z')];
      await Promise.all(
        registries.map((jobs, i) =>
          Promise.all([jobs.runScheduled('sweep', fired[i]), jobs.runScheduled('local', fired[i])]),
        ),
      );
      assert.is(runs.filter((r) => r.startsWith('sweep')).length, 1);
      assert.equal(runs.filter((r) => r.startsWith('local')).sort(), ['local@0', 'local@1']);
      await Promise.all(registries.map((jobs) => jobs.runScheduled('sweep', new Date('2026-11-24T12:01:00.100Z'))));
      assert.is(runs.filter((r) => r.startsWith('sweep')).length, 2);
      await registries[1].runNow('sweep');
      assert.is(
        runs.filter((r) => r.startsWith('sweep')).length,
        3,
        'run now (the panel) is not a tick and always runs',
      );
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

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
  const listener = listenForChanges(url, {
    onForm: (id) => note(`form:${id}`),
    onReset: () => note('reset'),
    onLost: () => note('lost'),
  });
  // Waits for the hint (no time is asserted; the run's own limit ends a hang).
  const next = (want: string) => new Promise<void>((resolve) => (waiting = { want, resolve }));
  return { seen, listener, next };
}

hints(
  'a form changed on one instance is announced to the other (update, new version, claim, delete, response ' +
    'mail); a rolled-back write is not',
  async () => {
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
      // A response mail changes responseMailAt, which instances read from their cached row; a claim with nothing
      // waiting changes nothing.
      assert.is(await b.forms.claimResponseMail(f.id, at(), at(-MINUTE), 10), undefined);
      assert.is((await a.submissions.insert(newSubmission(f.id, ws.id))).kind, 'stored');
      next = r.next(`form:${f.id}`);
      assert.ok(await b.forms.claimResponseMail(f.id, at(), at(-MINUTE), 10));
      await next;
      assert.equal(r.seen, ['reset', `form:${f.id}`, `form:${f.id}`, `form:${u.id}`, `form:${u.id}`, `form:${f.id}`]);
    } finally {
      await r.listener.close();
      await Promise.all([a.close(), b.close()]);
    }
  },
);

hints(
  'a listener whose connection is cut says lost (caches stop), reconnects, says reset (hints may be lost), ' +
    'and hears later changes',
  async () => {
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
      const cut = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN formstead_forms' AND " +
          'pid <> pg_backend_pid()',
      );
      await admin.end();
      assert.is(cut.rowCount, 1, 'the listener connection was found and cut');
      await reset;
      const next = r.next(`form:${f.id}`);
      await store.forms.update(f.id, { status: 'paused' });
      await next;
      assert.equal(r.seen, ['reset', 'lost', 'reset', `form:${f.id}`]);
    } finally {
      await r.listener.close();
      await store.close();
    }
  },
);

hints.run();

stopLast();
