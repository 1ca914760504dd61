// One busy form on many instances (ARCHITECTURE.md "One hot form on many instances"): submissions to one
// form without a cap, quota or idempotency key do not take turns on a row lock; their counts wait in
// per-process rows (form_counts, usage_counts) until folded, and every read still sees an exact number.
// The lock checks sample pg_stat_activity and pg_locks on a connection of their own while 50 clients on
// two stores (two instances) post to one form. Submissions that take no turn are also grouped into one
// transaction per batch on each instance (server/core/store/pg/insert-batcher.ts).
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerDigest } from '../../server/core/chain/links.ts';
import { PgDatabase } from '../../server/core/store/pg/db.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { applyPgMigrations } from '../../server/core/store/pg/migrate.ts';
import { pgMigrations } from '../../server/core/store/pg/migrations/index.ts';
import { insertBatch, insertSubmission } from '../../server/core/store/pg/insert-submission.ts';
import type { NewSubmission, Store } from '../../server/core/store/types.ts';
import { form, newSubmission, workspace } from './contract/fixtures.ts';
import { pgWorld } from './pg-world.ts';

const { freshDatabase, stopLast } = await pgWorld();

const hot = suite('postgres: one busy form');

/** A wait for a row: on a tuple lock, or on the transaction that holds the row (how PostgreSQL shows both). */
interface RowWait {
  pid: number;
  event: string;
  query: string;
}

/**
 * Samples every backend of the database until `stop()`: the row-lock waits seen, how many samples were
 * taken, and the most inserts seen running at once (so a test knows the sampling overlapped the load).
 */
function sampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  const waits: RowWait[] = [];
  let samples = 0;
  let mostRunning = 0;
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT a.pid, a.state, a.wait_event_type, a.wait_event, a.query,
            EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted
              AND l.locktype IN ('tuple', 'transactionid')) AS row_wait
          FROM pg_stat_activity a WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()`,
      );
      samples++;
      // The one-row call or a batch (formstead_insert_submission, formstead_insert_batch).
      const running = rows.filter((r) => r.state === 'active' && r.query.includes('formstead_insert_'));
      mostRunning = Math.max(mostRunning, running.length);
      for (const r of rows)
        if (r.row_wait || (r.wait_event_type === 'Lock' && ['tuple', 'transactionid'].includes(r.wait_event)))
          waits.push({ pid: r.pid, event: r.wait_event, query: r.query });
    }
    await client.end();
  })();
  return {
    mostRunning: () => mostRunning,
    stop: async () => {
      stopped = true;
      await done;
      return { waits, samples, mostRunning };
    },
  };
}

/** `clients` callers on the stores in turn, each storing `each` submissions one after another. */
const load = (stores: Store[], clients: number, each: number, make: () => NewSubmission) =>
  Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const outcomes = [];
      for (let n = 0; n < each; n++) outcomes.push(await stores[i % stores.length].submissions.insert(make()));
      return outcomes;
    }),
  ).then((all) => all.flat());

/** Two stores with 25 connections each: 50 clients at once reach 50 server processes. */
async function twoBigInstances(): Promise<{ url: string; stores: [Store, Store] }> {
  const url = await freshDatabase();
  return {
    url,
    stores: [await openPgStore(url, () => {}, { poolSize: 25 }), await openPgStore(url, () => {}, { poolSize: 25 })],
  };
}

hot(
  '50 clients on two instances storing into one claimed form without limits: no backend ever waits on a row ' +
    'lock, and the form and the month count every submission exactly',
  async () => {
    const { url, stores } = await twoBigInstances();
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id);
      const watch = sampler(url);
      // Whether one sample lands while both instances' batches run depends on the scheduler of a busy
      // machine, so the load goes on in rounds of 2,000 until the sampling has seen that (5 rounds at most):
      // "no waits" only means something once inserts were seen side by side.
      const outcomes = [];
      let rounds = 0;
      do {
        outcomes.push(...(await load(stores, 50, 40, () => newSubmission(f.id, ws.id))));
        rounds++;
      } while (watch.mostRunning() < 2 && rounds < 5);
      const seen = await watch.stop();
      assert.ok(seen.mostRunning >= 2, `the sampling saw inserts running side by side (${seen.mostRunning} at most)`);
      assert.equal(seen.waits, [], `no row-lock waits in ${seen.samples} samples`);
      assert.ok(outcomes.every((o) => o.kind === 'stored'));
      const total = rounds * 2000;
      for (const s of stores) assert.is((await s.forms.byId(f.id))?.submissionCount, total);
      assert.is(await stores[1].workspaces.monthlyUsage(ws.id, '2026-11'), total);
      assert.is(await stores[1].submissions.count(f.id), total);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

/**
 * Samples pg_locks until `stop()`: every lock asked for and not granted on the `forms` table (a queue
 * on a form row shows as a tuple or relation lock of that table), with the waiting backend's query.
 */
function formsLockSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  const waits: { locktype: string; mode: string; query: string }[] = [];
  let samples = 0;
  let stopped = false;
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query(
        `SELECT l.locktype, l.mode, a.query FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
           JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND c.relname = 'forms' AND l.database = (SELECT oid FROM pg_database
            WHERE datname = current_database())`,
      );
      samples++;
      waits.push(...rows);
    }
    await client.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { waits, samples };
    },
  };
}

hot(
  'mail per response on: 50 clients on two instances store into one form while both instances claim its ' +
    'response mail over and over; nothing ever waits on the forms table, and every submission is mailed once',
  async () => {
    const { url, stores } = await twoBigInstances();
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id);
      await stores[0].forms.update(f.id, { notifyEachResponse: true });
      const mailed: string[] = [];
      let loading = true;
      // Each instance claims as its mail job would, without the minute between digests, as often as it can.
      const claim = async (s: Store) => {
        const claimed = await s.forms.claimResponseMail(f.id, new Date().toISOString(), new Date().toISOString(), 5000);
        if (claimed) mailed.push(...claimed.submissions.map((x) => x.id));
        return claimed;
      };
      const claimers = stores.map(async (s) => {
        let claims = 0;
        while (loading) if (await claim(s)) claims++;
        return claims;
      });
      const watch = formsLockSampler(url);
      const rows = sampler(url);
      const outcomes = await load(stores, 50, 40, () => newSubmission(f.id, ws.id));
      loading = false;
      const claims = await Promise.all(claimers);
      const seen = await watch.stop();
      const rowWaits = await rows.stop();
      assert.ok(outcomes.every((o) => o.kind === 'stored'));
      assert.ok(
        claims.every((n) => n > 0),
        `both instances claimed mail during the load (${claims})`,
      );
      assert.ok(seen.samples > 10, `pg_locks sampled ${seen.samples} times`);
      assert.equal(seen.waits, [], `no wait on forms in ${seen.samples} samples`);
      assert.equal(
        rowWaits.waits.filter((w) => w.query.includes('formstead_insert_')),
        [],
        'no insert waited on a row',
      );
      // What the load left is claimed at the end; each submission was in exactly one mail.
      await claim(stores[1]);
      assert.is(mailed.length, 2000);
      assert.is(new Set(mailed).size, 2000);
      assert.is((await stores[0].forms.withWaitingResponseMail()).length, 0);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

hot(
  'a response mail claim waits for an insert in flight with a lower seq (it commits after a higher one) and ' +
    'mails it; an insert held open past MAIL_HORIZON_WAIT_MS leaves the claim to a later try',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const open = new pg.Client({ connectionString: url });
    const watch = new pg.Client({ connectionString: url });
    await Promise.all([open.connect(), watch.connect()]);
    const now = () => new Date().toISOString();
    const begin = async () => {
      const late = newSubmission(f.id, ws.id);
      await open.query('BEGIN');
      await open.query(
        `SELECT * FROM formstead_insert_submission($1, $2, 1, $3, '{}', FALSE, $4, NULL, NULL, NULL, NULL, NULL,
          NULL, NULL, '{}', FALSE, NULL, NULL, NULL, NULL, NULL, $5)`,
        [late.id, f.id, late.createdAt, ws.id, answerDigest(f.id, late.id, late.createdAt, {})],
      );
      return late;
    };
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    try {
      // Another instance's insert draws its seq and has not committed; a later one commits first.
      const late = await begin();
      const early = newSubmission(f.id, ws.id);
      assert.is((await store.submissions.insert(early)).kind, 'stored');
      const claiming = store.forms.claimResponseMail(f.id, now(), now(), 10);
      // The claim is waiting in the horizon (it sleeps between looks at pg_locks) when the late one commits.
      while (
        (
          await watch.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE query LIKE '%formstead_mail_horizon%' AND datname = current_database()`,
          )
        ).rowCount === 0
      )
        await new Promise((r) => setTimeout(r, 10));
      await open.query('COMMIT');
      assert.equal(
        (await claiming)?.submissions.map((x) => x.id),
        [late.id, early.id],
      );
      // Held open (never committed within the wait): nothing is claimed, and the mark does not move.
      const held = await begin();
      const after = newSubmission(f.id, ws.id);
      await store.submissions.insert(after);
      assert.is(await store.forms.claimResponseMail(f.id, now(), now(), 10), undefined);
      await open.query('COMMIT');
      assert.equal(
        (await store.forms.claimResponseMail(f.id, now(), now(), 10))?.submissions.map((x) => x.id),
        [held.id, after.id],
      );
    } finally {
      await Promise.all([open.end(), watch.end()]);
      await store.close();
    }
  },
);

hot("migration 18 moves each form's response mail mark to a row of its own: a form keeps what was mailed", async () => {
  const url = await freshDatabase();
  const old = new PgDatabase(url);
  // The schema as the previous version left it (its functions need not be there for this).
  await applyPgMigrations(
    old,
    pgMigrations.filter((m) => m.id < 18),
    () => {},
    [],
  );
  await old.q(
    `INSERT INTO forms (id, title, status, version, created_at, response_mail_seq, response_mail_at)
      VALUES ('f-old', 'Old', 'active', 1, '2026-11-01T00:00:00.000Z', 7, '2026-11-02T00:00:00.000Z')`,
  );
  await old.close();
  const store = await openPgStore(url);
  try {
    const f = await store.forms.byId('f-old');
    assert.is(f?.responseMailSeq, 7);
    assert.is(f?.responseMailAt, '2026-11-02T00:00:00.000Z');
  } finally {
    await store.close();
  }
});

hot(
  'the same sampling sees the waits where a rule needs a turn: capped inserts into one form wait on one ' +
    'another, and the cap holds',
  async () => {
    const { url, stores } = await twoBigInstances();
    try {
      const f = await form(stores[0], null, { agentKeyId: 'agent-1' });
      const cap = 5000;
      let waits: RowWait[] = [];
      // Rounds until a wait is caught (the sampler's view is a series of instants), each round 500 inserts.
      let stored = 0;
      for (let round = 0; round < 8 && waits.length === 0; round++) {
        const watch = sampler(url);
        const outcomes = await load(stores, 50, 10, () => newSubmission(f.id, null, { formCap: cap }));
        waits = (await watch.stop()).waits;
        stored += outcomes.filter((o) => o.kind === 'stored').length;
      }
      assert.ok(waits.length > 0, 'a turn on the form row shows as a wait');
      assert.ok(waits.some((w) => w.query.includes('formstead_insert_submission')));
      assert.is((await stores[1].forms.byId(f.id))?.submissionCount, stored);
      // Near the cap, concurrent inserts still stop exactly at it.
      await load(stores, 50, Math.ceil((cap - stored + 100) / 50), () => newSubmission(f.id, null, { formCap: cap }));
      assert.is((await stores[0].forms.byId(f.id))?.submissionCount, cap);
      assert.is(await stores[0].submissions.count(f.id), cap);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

hot(
  'a fold moves the counts of ended processes and of its own into the rows, and reads give the same numbers ' +
    'before and after',
  async () => {
    const url = await freshDatabase();
    const a = await openPgStore(url);
    const b = await openPgStore(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ws = await workspace(a);
      const f = await form(a, ws.id);
      const pending = async () =>
        (await admin.query('SELECT slot, n FROM form_counts WHERE form_id = $1 ORDER BY slot', [f.id])).rows;
      // One submission in a hundred folds at random, its own process's row included: each instance stores
      // until a row of its own is left waiting (a few rounds at most), so the fold below has both kinds.
      let stored = 0;
      const storeUntilWaiting = async (s: Store, rows: number) => {
        for (let round = 0; round < 20 && (await pending()).length < rows; round++)
          stored += (await load([s], 10, 1, () => newSubmission(f.id, ws.id))).length;
      };
      await storeUntilWaiting(a, 1);
      const aSlots = new Set((await pending()).map((r) => r.slot as number));
      await storeUntilWaiting(b, 2);
      assert.ok((await pending()).length >= 2, 'the counts wait in per-process rows');
      const raw = async () =>
        (await admin.query('SELECT submission_count AS n FROM forms WHERE id = $1', [f.id])).rows[0].n as number;
      // Instance a goes away: its server processes end (waited for, as a fold would find them gone).
      const aPids = [...aSlots];
      await a.close();
      const alive = async () =>
        (await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [aPids]))
          .rows[0].n as number;
      while ((await alive()) > 0) await new Promise((r) => setTimeout(r, 20));
      const bPids = new Set(
        (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map(
          (r) => r.pid,
        ),
      );
      const bLeft = (await pending()).filter((r) => bPids.has(r.slot));
      await admin.query("SELECT formstead_fold_counts($1, $2, '2026-11')", [f.id, ws.id]);
      // What b's live processes counted stays theirs; the rest went into the row.
      assert.equal(await pending(), bLeft);
      // Random folds during the loads (one insert in a hundred) may have moved some earlier: the row holds the rest.
      assert.is(await raw(), stored - bLeft.reduce((sum, r) => sum + r.n, 0));
      assert.is((await b.forms.byId(f.id))?.submissionCount, stored);
      assert.is(await b.workspaces.monthlyUsage(ws.id, '2026-11'), stored);
      const usageRow = (await admin.query('SELECT submissions FROM usage WHERE workspace_id = $1', [ws.id])).rows[0];
      assert.ok(usageRow.submissions > 0, 'the month folded into the usage row too');
      assert.equal(await b.submissions.insert(newSubmission(f.id, ws.id)), {
        kind: 'stored',
        submissionCount: stored + 1,
      });
    } finally {
      await admin.end();
      await Promise.all([a.close().catch(() => {}), b.close()]);
    }
  },
);

hot(
  'a form deleted while 50 clients store into it: every insert is stored before the deletion or told form_gone, ' +
    'and nothing of the form is left',
  async () => {
    const { url, stores } = await twoBigInstances();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ws = await workspace(stores[0]);
      const f = await form(stores[0], ws.id);
      // The deletion goes in while the inserts run: when the 200th of 1,000 is asked for.
      let asked = 0;
      let deletion: Promise<number> | undefined;
      const outcomes = await load(stores, 50, 20, () => {
        if (++asked === 200) deletion = stores[1].forms.delete(f.id);
        return newSubmission(f.id, ws.id);
      });
      assert.ok((await deletion!) > 0, 'the deletion found stored submissions');
      assert.ok(outcomes.every((o) => o.kind === 'stored' || o.kind === 'form_gone'));
      assert.equal(await stores[0].submissions.insert(newSubmission(f.id, ws.id)), { kind: 'form_gone' });
      for (const table of ['submissions', 'form_counts', 'forms'])
        assert.is(
          (
            await admin.query(
              `SELECT count(*)::int AS n FROM ${table} WHERE ${table === 'forms' ? 'id' : 'form_id'} = $1`,
              [f.id],
            )
          ).rows[0].n,
          0,
          table,
        );
    } finally {
      await admin.end();
      await Promise.all(stores.map((s) => s.close()));
    }
  },
);

hot(
  'submissions asked for in one turn share one transaction (one commit), and each is answered with its own outcome',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const other = await form(store, ws.id);
      const gone = await form(store, ws.id);
      await store.forms.delete(gone.id);
      // 60 for f with 10 for another form between them, and one for a deleted form, all in one turn.
      const subs = Array.from({ length: 70 }, (_, i) => newSubmission(i % 7 === 3 ? other.id : f.id, ws.id));
      const outcomes = await Promise.all([
        ...subs.map((s) => store.submissions.insert(s)),
        store.submissions.insert(newSubmission(gone.id, ws.id)),
      ]);
      assert.equal(outcomes[70], { kind: 'form_gone' });
      // Each is answered the count its form had with it, as if stored one after the other in call order.
      for (const id of [f.id, other.id]) {
        const counts = outcomes
          .filter((_, i) => i < 70 && subs[i].formId === id)
          .map((o) => o.kind === 'stored' && o.submissionCount);
        assert.equal(
          counts,
          Array.from({ length: id === f.id ? 60 : 10 }, (_, n) => n + 1),
        );
      }
      // Their seqs follow the call order too.
      const seqs = await admin.query('SELECT id FROM submissions WHERE form_id = ANY($1) ORDER BY seq', [
        [f.id, other.id],
      ]);
      assert.equal(
        seqs.rows.map((r) => r.id),
        subs.map((s) => s.id),
      );
      assert.is((await store.forms.byId(other.id))?.submissionCount, 10);
      // Rows written by one transaction carry its id as xmin.
      const { rows } = await admin.query(
        'SELECT count(DISTINCT xmin::text)::int AS n FROM submissions WHERE form_id = $1',
        [f.id],
      );
      assert.is(rows[0].n, 1, 'one transaction wrote the 60');
      assert.is((await store.forms.byId(f.id))?.submissionCount, 60);
    } finally {
      await admin.end();
      await store.close();
    }
  },
);

hot(
  'a batch that fails as a whole (one submission breaks a rule of the table) is written again one by one: the ' +
    'others are stored, that one fails alone',
  async () => {
    const store = await openPgStore(await freshDatabase());
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const first = newSubmission(f.id, ws.id);
      await store.submissions.insert(first);
      const settled = await Promise.allSettled([
        ...Array.from({ length: 10 }, () => store.submissions.insert(newSubmission(f.id, ws.id))),
        // The same id again: the unique key of submissions refuses it, and with it the batch's statement.
        store.submissions.insert({ ...newSubmission(f.id, ws.id), id: first.id }),
      ]);
      assert.equal(
        settled.map((r) => r.status),
        [...Array(10).fill('fulfilled'), 'rejected'],
      );
      assert.is(((settled[10] as PromiseRejectedResult).reason as { code?: string }).code, '23505');
      assert.is((await store.forms.byId(f.id))?.submissionCount, 11);
      assert.is(await store.submissions.count(f.id), 11);
    } finally {
      await store.close();
    }
  },
);

hot('close() waits for submissions still waiting for their batch: each is stored and answered', async () => {
  const url = await freshDatabase();
  const store = await openPgStore(url);
  const ws = await workspace(store);
  const f = await form(store, ws.id);
  const inserts = Array.from({ length: 20 }, () => store.submissions.insert(newSubmission(f.id, ws.id)));
  await store.close();
  assert.ok((await Promise.all(inserts)).every((o) => o.kind === 'stored'));
  const again = await openPgStore(url);
  try {
    assert.is(await again.submissions.count(f.id), 20);
  } finally {
    await again.close();
  }
});

hot(
  'a read in seq order waits for the inserts of the form in flight: a lower seq that commits after a higher ' +
    'one is not passed over (the live feed reads on from the last seq it saw)',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const open = new pg.Client({ connectionString: url });
    const watch = new pg.Client({ connectionString: url });
    await Promise.all([open.connect(), watch.connect()]);
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const before = await store.submissions.lastSeq(f.id);
      // Another instance's insert draws its seq and has not committed yet.
      const late = newSubmission(f.id, ws.id);
      await open.query('BEGIN');
      await open.query(
        `SELECT * FROM formstead_insert_submission($1, $2, 1, $3, '{}', FALSE, $4, NULL, NULL, NULL, NULL, NULL,
          NULL, NULL, '{}', FALSE, NULL, NULL, NULL, NULL, NULL, $5)`,
        [late.id, f.id, late.createdAt, ws.id, answerDigest(f.id, late.id, late.createdAt, {})],
      );
      // This one draws a higher seq and commits first: inserts do not wait for one another.
      const early = newSubmission(f.id, ws.id);
      assert.is((await store.submissions.insert(early)).kind, 'stored');
      const reading = store.submissions.page(f.id, 100, before, undefined, 'oldest');
      while (
        (
          await watch.query(
            "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'advisory' AND datname = current_database()",
          )
        ).rowCount === 0
      )
        await new Promise((r) => setTimeout(r, 10));
      await open.query('COMMIT');
      const rows = await reading;
      assert.equal(
        rows.map((r) => r.id),
        [late.id, early.id],
        'both, in seq order',
      );
    } finally {
      await Promise.all([open.end(), watch.end()]);
      await store.close();
    }
  },
);

hot(
  'the submission write is prepared once per connection, the one-row call and the batch alike; with ' +
    'prepare off (behind a transaction-mode pooler) nothing is left prepared',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const f = await form(store, null);
    await store.close();
    for (const prepare of [true, false]) {
      // One connection, so the statements of the calls and the check all run on the session that prepared.
      const db = new PgDatabase(url, { max: 1, prepare });
      try {
        for (let round = 0; round < 2; round++) {
          const one = await insertSubmission(db.direct, newSubmission(f.id, null));
          const batch = await insertBatch(db.direct, [newSubmission(f.id, null), newSubmission(f.id, null)]);
          assert.equal(
            [one, ...batch].map((o) => o.kind),
            ['stored', 'stored', 'stored'],
          );
        }
        const { rows } = await db.q('SELECT name FROM pg_prepared_statements ORDER BY name');
        const names = rows.map((r) => r.name);
        assert.equal(names, prepare ? ['formstead_insert_batch', 'formstead_insert_submission'] : []);
      } finally {
        await db.close();
      }
    }
    const check = new PgDatabase(url);
    assert.is((await check.get('SELECT count(*) AS n FROM submissions WHERE form_id = $1', [f.id]))?.n, 12);
    await check.close();
  },
);

hot.run();

stopLast();
