// Webhooks from two real bundles on one real PostgreSQL database (ARCHITECTURE.md "One machine or
// many"), to a real HTTPS receiver on loopback: submissions split across both instances are delivered
// once each; and when one instance is killed (SIGKILL) under load with deliveries in flight, every
// acknowledged submission is still there once and delivered at least once, the dead instance's held
// deliveries go out from the survivor once their lease ends, and a receiver sees a second copy only of
// a request the dead instance had in flight.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver, type Received } from '../helpers/https-receiver.ts';
import { sharedDatabase, within } from '../helpers/pg-instances.ts';
import type { RunningServer } from '../helpers/server.ts';
import { localPortsTo } from '../helpers/tcp-ports.ts';
import { deliveryLog, formWithWebhook, settle, startWebhookServer, submit } from '../helpers/webhooks.ts';

const { databaseUrl, env, stopLast } = await sharedDatabase();

/** Attempt timeout and lease: short, so the lease of a killed instance ends within the test (config.ts). */
const TIMEOUT_MS = 5000;
const LEASE_MS = 6000;
const instanceEnv = {
  ...env,
  FORMSTEAD_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  FORMSTEAD_WEBHOOK_LEASE_MS: String(LEASE_MS),
  // Retries come fast, and 16 attempts take over 10 s: longer than the receiver answers 503 here.
  FORMSTEAD_WEBHOOK_RETRY_BASE_MS: '40',
  FORMSTEAD_WEBHOOK_RETRY_CAP_MS: '1000',
};

let receiver: HttpsReceiver;
let a: RunningServer;
let b: RunningServer;

const idOf = (r: Received) => r.headers['service-submission-id'] as string;
/** Requests to `path` the receiver answered 2xx, whose signature and body match. */
const accepted = (path: string) => receiver.to(path).filter((r) => r.status! >= 200 && r.status! < 300);
/** How many 2xx answers each submission id got at `path`. */
function acceptedCounts(path: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of accepted(path)) counts.set(idOf(r), (counts.get(idOf(r)) ?? 0) + 1);
  return counts;
}

/** Every submission of a form, read through `server`, page after page (ids in listing order). */
async function allSubmissionIds(server: RunningServer, formId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  do {
    const page = await call(
      server.url,
      'GET',
      `/v1/forms/${formId}/submissions?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key: OWNER_KEY },
    );
    assert.is(page.status, 200, page.text);
    ids.push(...page.json.submissions.map((s: any) => s.id as string));
    cursor = page.json.next_cursor ?? '';
  } while (cursor);
  return ids;
}

const hooks = suite('webhooks from two bundles on one PostgreSQL database');
hooks.before(async () => {
  receiver = await startHttpsReceiver();
  [a, b] = await Promise.all([startWebhookServer(receiver, instanceEnv), startWebhookServer(receiver, instanceEnv)]);
});
hooks.after(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await receiver?.close();
});

hooks(
  '60 submissions split across both instances: each delivered once, signed, and both delivery logs agree',
  async () => {
    const path = '/status/200/pg-once';
    const { id: formId } = await formWithWebhook(a, receiver, path);
    const ids = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        submit(i % 2 === 0 ? a : b, formId, { name: `p${i}`, email: 'p@example.com' }),
      ),
    );
    assert.is(new Set(ids).size, 60);
    await receiver.waitFor(() => ids.every((id) => acceptedCounts(path).has(id)), 'every submission delivered');
    // A second copy would come from the other instance's worker: give it the chance to show.
    await settle(1000);
    const got = receiver.to(path);
    assert.is(got.length, 60, `one request per submission, got ${got.length}`);
    assert.equal(new Set(got.map(idOf)), new Set(ids));
    for (const r of got) {
      assert.ok(r.verified, `signature of ${idOf(r)}`);
      assert.is(r.json.submission_id, idOf(r), 'the body names the submission its header does');
    }
    const logs = await Promise.all([deliveryLog(a, formId), deliveryLog(b, formId)]);
    assert.equal(logs[0], logs[1], 'both instances show the same log');
    assert.is(logs[0].length, 60);
    assert.equal(new Set(logs[0].map((l: any) => l.submission_id)), new Set(ids));
    assert.ok(
      logs[0].every((l: any) => l.attempt === 1 && l.status_code === 200),
      JSON.stringify(logs[0].find((l: any) => l.attempt !== 1 || l.status_code !== 200)),
    );
  },
);

hooks(
  'SIGKILL of one instance under load with deliveries in flight: nothing acknowledged is lost, its deliveries ' +
    'go out from the other after the lease',
  async () => {
    const name = 'pg-kill';
    const path = `/switch/${name}/hook`;
    const { id: formId } = await formWithWebhook(a, receiver, path);
    const [victim, survivor] = [b, a];
    // The receiver is slow and refuses for now: deliveries are retried by both instances, several in flight.
    receiver.delays.set(name, 100);

    // Three writers per instance, 40 submissions each at most; a writer whose instance died stops.
    const acked = new Map<RunningServer, string[]>([
      [victim, []],
      [survivor, []],
    ]);
    const problems: string[] = [];
    const writer = async (server: RunningServer, n: number) => {
      for (let i = 0; i < n; i++) {
        let r: Awaited<ReturnType<typeof call>>;
        try {
          r = await call(server.url, 'POST', `/v1/f/${formId}`, {
            body: { values: { name: `w${i}`, email: 'w@example.com' } },
          });
        } catch (err) {
          if (server === victim) return; // it died under this request: never acknowledged
          return void problems.push(`the survivor stopped answering: ${(err as Error).message}`);
        }
        if (r.status === 201) acked.get(server)!.push(r.json.id);
        else problems.push(`${server === victim ? 'the victim' : 'the survivor'} answered ${r.status}: ${r.text}`);
      }
    };
    const writers = [victim, survivor].flatMap((s) => Array.from({ length: 3 }, () => writer(s, 40)));
    await within(
      20_000,
      'both instances took submissions and the receiver refused some deliveries',
      () => acked.get(victim)!.length >= 15 && acked.get(survivor)!.length >= 15 && receiver.to(path).length >= 30,
    );

    // Hold every answer, wait until the victim has a request waiting at the receiver, then freeze and kill
    // it. Held answers must be released well before the attempt timeout: a survivor's attempt that timed
    // out on a request the receiver then accepts would be sent again, and that copy would not be the victim's.
    const release = receiver.hold(name);
    const waitingFrom = (ports: Set<number>) =>
      receiver.to(path).filter((r) => r.status === undefined && ports.has(r.remotePort));
    await within(
      TIMEOUT_MS / 2,
      'the victim has an attempt waiting at the receiver',
      () => waitingFrom(localPortsTo(victim.child.pid!, receiver.port)).length > 0,
    );
    const frozenAt = Date.now();
    victim.child.kill('SIGSTOP');
    // Stopped, it opens no connection: its ports now are those of every request it has waiting.
    const victimPorts = localPortsTo(victim.child.pid!, receiver.port);
    await victim.stop('SIGKILL');
    const killedAt = Date.now();
    const fromVictim = (r: Received) => victimPorts.has(r.remotePort) && r.at <= killedAt;
    // Its attempts the receiver had not answered when it froze: it never learned their outcome.
    const inFlight = receiver
      .to(path)
      .filter((r) => fromVictim(r) && (r.answeredAt === undefined || r.answeredAt > frozenAt));
    assert.ok(inFlight.length > 0, 'the victim had attempts in flight');

    // The victim's leases, as the database holds them now: nobody can take those deliveries before they end.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const leased = new Map<string, number>();
    try {
      const rows = await db.query(
        "SELECT submission_id, leased_until FROM webhook_deliveries WHERE form_id = $1 AND state = 'pending' " +
          'AND leased_until > $2',
        [formId, new Date(frozenAt).toISOString()],
      );
      for (const row of rows.rows) leased.set(row.submission_id, Date.parse(row.leased_until));
    } finally {
      await db.end();
    }
    for (const r of inFlight)
      assert.ok(leased.has(idOf(r)), `the victim's attempt of ${idOf(r)} is leased in the database`);

    // The receiver takes everything from now on; the survivor's writers go on until done.
    receiver.switches.set(name, 200);
    receiver.delays.delete(name);
    release();
    await Promise.all(writers);
    assert.equal(problems, []);
    assert.is(acked.get(survivor)!.length, 120, 'the survivor acknowledged all its submissions');

    // Every acknowledged submission is stored once, read through the survivor.
    const stored = await allSubmissionIds(survivor, formId);
    assert.is(new Set(stored).size, stored.length, 'no submission stored twice');
    const ackedIds = [...acked.get(victim)!, ...acked.get(survivor)!];
    for (const id of ackedIds) assert.ok(stored.includes(id), `acknowledged ${id} is stored`);

    // Every stored submission is delivered at least once, and each attempt the victim had in flight is
    // made again by the survivor once its lease ends. Both are waited for: the receiver answers the held
    // requests 200 on release, so the first alone can hold well before the victim's leases end.
    // How long: a retry the victim scheduled after the survivor's last scan is known to no timer of the
    // survivor's, so its `webhook-retries` sweep (every minute on every instance) finds it: a minute
    // after the lease at most.
    const retried = (r: Received) =>
      receiver.to(path).find((x) => idOf(x) === idOf(r) && !fromVictim(x) && x.at > r.at);
    const undelivered = () => stored.filter((id) => !acceptedCounts(path).has(id));
    const notRetried = () => inFlight.filter((r) => retried(r)?.status !== 200).map(idOf);
    try {
      await within(
        LEASE_MS + 70_000,
        "every stored submission delivered and the victim's attempts made again",
        () => undelivered().length === 0 && notRetried().length === 0,
      );
    } catch (err) {
      // What is missing, and how the database holds it, so a failure says where to look.
      const ids = [...undelivered(), ...notRetried()];
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const rows = await db
        .query(
          'SELECT submission_id, state, next_attempt_at, leased_until FROM webhook_deliveries WHERE form_id = ' +
            '$1 AND submission_id = ANY($2)',
          [formId, ids],
        )
        .finally(() => db.end());
      console.log(
        `  undelivered ${JSON.stringify(undelivered())}, not made again ${JSON.stringify(notRetried())}, ` +
          `frozen at ${new Date(frozenAt).toISOString()}: ${JSON.stringify(rows.rows)}`,
      );
      throw err;
    }
    await settle(1000); // room for a copy that must not come
    for (const r of accepted(path)) assert.ok(r.verified, `signature of ${idOf(r)}`);
    for (const r of inFlight) {
      const later = retried(r);
      assert.ok(later, `the victim's attempt of ${idOf(r)} was made again by the survivor`);
      assert.ok(
        later!.at >= leased.get(idOf(r))!,
        `not before the victim's lease ended (${later!.at - leased.get(idOf(r))!} ms)`,
      );
    }

    // At least once: a second copy only of what the victim had in flight, at most one each.
    const twice = [...acceptedCounts(path)].filter(([, n]) => n > 1);
    const inFlightIds = new Set(inFlight.map(idOf));
    for (const [id, n] of twice) {
      assert.ok(inFlightIds.has(id), `${id} delivered ${n} times but the victim did not have it in flight`);
      assert.is(n, 2, `${id} delivered ${n} times`);
    }
    assert.ok(twice.length <= inFlight.length, `${twice.length} duplicates, ${inFlight.length} in flight at the kill`);
    console.log(
      `  (${ackedIds.length} acknowledged, ${stored.length} stored, ${inFlight.length} of the victim's ` +
        `attempts in flight at the kill, ${twice.length} delivered twice)`,
    );

    const log = await deliveryLog(survivor, formId);
    assert.ok(log.length > 0 && log[0].status_code === 200, 'the survivor logged the last deliveries');
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const states = await check.query(
        'SELECT state, count(*)::int AS n FROM webhook_deliveries WHERE form_id = $1 GROUP BY state',
        [formId],
      );
      assert.equal(states.rows, [{ state: 'delivered', n: stored.length }], 'every delivery ended delivered');
    } finally {
      await check.end();
    }
  },
);

hooks.run();
stopLast();
