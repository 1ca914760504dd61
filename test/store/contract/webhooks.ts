// Contract of webhook deliveries: which are due, how an attempt moves a delivery (only a pending one) and
// the form's failure streak, who may attempt it (take: the lease and the read in one step), the failure
// mail once per window, the log ring, cancellation and sweeps.
import * as assert from 'uvu/assert';
import type { AttemptResult, DeliveryState, Store, TakenDelivery } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, MINUTE, newSubmission, SECOND, uuid, workspace } from './fixtures.ts';

const SECRET = `whsec_${'ab'.repeat(32)}`;

/** A claimed form with a webhook, stored. */
async function hookedForm(store: Store) {
  const ws = await workspace(store);
  return form(store, ws.id, { webhookUrl: 'https://example.com/hook', webhookSecret: SECRET });
}

/** A submission of `formId` with its pending delivery due at `dueMs`; returns the delivery and submission ids. */
async function delivery(store: Store, f: { id: string; workspaceId: string | null }, dueMs = 0) {
  const sub = newSubmission(f.id, f.workspaceId, {
    delivery: { id: uuid(), payload: '{"type":"submission.created"}', nextAttemptAt: at(dueMs) },
  });
  await store.submissions.insert(sub);
  return { id: sub.delivery!.id, submissionId: sub.id, formId: f.id };
}

/** A submission of `f` with one Slack or Discord delivery due now. */
async function chatDelivery(store: Store, f: { id: string; workspaceId: string | null }, channel: 'slack' | 'discord') {
  const sub = newSubmission(f.id, f.workspaceId, {
    chatDeliveries: [{ id: uuid(), channel, payload: `{"${channel}":1}`, nextAttemptAt: at() }],
  });
  await store.submissions.insert(sub);
  return { id: sub.chatDeliveries![0].id, submissionId: sub.id, formId: f.id };
}

type Next = AttemptResult['next'];

/** The result of attempt `n` of a delivery, made `atMs` after T0. */
function attempt(
  d: { id: string; submissionId: string; formId: string },
  n: number,
  statusCode: number,
  next: Next,
  atMs = n * SECOND,
  over: Partial<AttemptResult> = {},
): AttemptResult {
  return {
    deliveryId: d.id,
    attempt: {
      formId: d.formId,
      submissionId: d.submissionId,
      attempt: n,
      statusCode,
      error: statusCode >= 200 && statusCode < 300 ? null : `http ${statusCode}`,
      durationMs: 12,
      createdAt: at(atMs),
    },
    next,
    logSize: 100,
    failureMail: { after: 5, notSince: at(-DAY) },
    ...over,
  };
}
/** The log line an attempt result leaves: its attempt with the delivery's channel and the state it moved to. */
const line = (r: AttemptResult, channel = 'webhook') => ({ ...r.attempt, channel, nextState: r.next.state });
const retryAt = (ms: number): Next => ({ state: 'pending', nextAttemptAt: at(ms) });

/** What a take answered, shortly: the delivery's id when taken, else 'held' or undefined. */
const took = (t: TakeAnswer) => (t === 'held' ? t : t?.delivery.id);
type TakeAnswer = Awaited<ReturnType<Store['webhooks']['take']>>;

/** The delivery a take answered; fails the row when it answered 'held' or undefined. */
function taken(t: TakeAnswer): TakenDelivery {
  if (t === undefined || t === 'held') assert.unreachable(`taken, not ${t}`);
  return t as TakenDelivery;
}

/** Rows for webhooks. */
export function webhooksContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'webhook deliveries and attempts', factory);

  rule('webhooks.byId', 'reads a delivery; an unknown id reads undefined', async ({ store }) => {
    const f = await hookedForm(store);
    const d = await delivery(store, f, SECOND);
    assert.equal(await store.webhooks.byId(d.id), {
      id: d.id,
      formId: f.id,
      submissionId: d.submissionId,
      payload: '{"type":"submission.created"}',
      channel: 'webhook',
      attemptCount: 0,
      nextAttemptAt: at(SECOND),
      state: 'pending',
      createdAt: at(),
    });
    assert.is(await store.webhooks.byId('nope'), undefined);
  });
  rule(
    'webhooks.due',
    'pending deliveries due at or before now, oldest due first, at most limit',
    async ({ store }) => {
      const f = await hookedForm(store);
      const g = await hookedForm(store);
      const late = await delivery(store, f, -MINUTE);
      const now = await delivery(store, g, 0);
      const early = await delivery(store, f, -HOUR);
      await delivery(store, f, 1);
      const done = await delivery(store, g, -DAY);
      await store.webhooks.finish(done.id, 'cancelled', at());
      assert.equal(
        await store.webhooks.due(at(), 10),
        [early, late, now].map((d) => ({ id: d.id, formId: d.formId })),
      );
      assert.equal(
        (await store.webhooks.due(at(), 2)).map((d) => d.id),
        [early.id, late.id],
      );
      assert.equal(await store.webhooks.due(at(-2 * HOUR), 10), []);
    },
  );
  rule(
    'webhooks.take',
    'a free pending delivery due at now is taken, read with where its form sends webhooks now (changes after ' +
      'the insert are seen)',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      await store.forms.update(f.id, { webhookUrl: 'https://example.org/new', webhookSecret: 'whsec_new' });
      const got = await store.webhooks.take(d.id, at(), at(MINUTE));
      assert.equal(got, {
        delivery: (await store.webhooks.byId(d.id))!,
        target: {
          workspaceId: f.workspaceId,
          url: 'https://example.org/new',
          secret: 'whsec_new',
          previousSecret: '',
          previousSecretUntil: null,
        },
      });
      await store.forms.update(f.id, { webhookUrl: '' });
      assert.is(
        taken(await store.webhooks.take(d.id, at(MINUTE), at(2 * MINUTE))).target?.url,
        '',
        'a removed webhook reads as an empty url',
      );
    },
  );
  rule(
    'webhooks.take',
    'an unknown delivery, or one whose form was deleted (deliveries go with it), is undefined',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      assert.is(await store.webhooks.take('nope', at(), at(MINUTE)), undefined);
      await store.forms.delete(f.id);
      assert.is(await store.webhooks.take(d.id, at(), at(MINUTE)), undefined);
    },
  );
  rule(
    'webhooks.take',
    'a pending delivery is taken once, a second taker is told held; taken again only when the lease has ended ' +
      '(exactly at until included)',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      assert.is(took(await store.webhooks.take(d.id, at(), at(10 * SECOND))), d.id);
      assert.is(await store.webhooks.take(d.id, at(SECOND), at(11 * SECOND)), 'held', 'another taker waits');
      assert.is(
        await store.webhooks.take(d.id, at(10 * SECOND - 1), at(20 * SECOND)),
        'held',
        'one millisecond before the end',
      );
      assert.is(
        took(await store.webhooks.take(d.id, at(10 * SECOND), at(20 * SECOND))),
        d.id,
        'a taker that died leaves it at until',
      );
      assert.is(await store.webhooks.take(d.id, at(15 * SECOND), at(30 * SECOND)), 'held', 'the new lease holds');
    },
  );
  rule(
    'webhooks.take',
    'unknown, delivered, cancelled and failed deliveries are never taken: undefined',
    async ({ store }) => {
      const f = await hookedForm(store);
      assert.is(await store.webhooks.take('nope', at(), at(MINUTE)), undefined);
      const delivered = await delivery(store, f);
      await store.webhooks.recordAttempt(attempt(delivered, 1, 200, { state: 'delivered' }));
      const cancelled = await delivery(store, f);
      await store.webhooks.finish(cancelled.id, 'cancelled', at());
      const failed = await delivery(store, f);
      await store.webhooks.finish(failed.id, 'failed', at());
      for (const d of [delivered, cancelled, failed])
        assert.is(await store.webhooks.take(d.id, at(HOUR), at(HOUR + MINUTE)), undefined, d.id);
    },
  );
  rule(
    'webhooks.take',
    'a delivery not due yet is undefined and takes no lease; exactly at its next attempt time it is taken',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f, SECOND);
      assert.is(
        await store.webhooks.take(d.id, at(SECOND - 1), at(HOUR)),
        undefined,
        'one millisecond before it is due',
      );
      assert.is(
        took(await store.webhooks.take(d.id, at(SECOND), at(MINUTE))),
        d.id,
        'no lease was left by the early call',
      );
    },
  );
  rule(
    'webhooks.take',
    'recording an attempt that leaves it pending ends the lease: the retry is taken at once, with the attempt counted',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      assert.is(took(await store.webhooks.take(d.id, at(), at(MINUTE))), d.id);
      await store.webhooks.recordAttempt(attempt(d, 1, 503, retryAt(30 * SECOND)));
      assert.is(
        await store.webhooks.take(d.id, at(30 * SECOND - 1), at(MINUTE)),
        undefined,
        'not due before the retry time',
      );
      const { delivery: retry } = taken(await store.webhooks.take(d.id, at(30 * SECOND), at(MINUTE + 30 * SECOND)));
      assert.equal([retry.attemptCount, retry.nextAttemptAt], [1, at(30 * SECOND)]);
    },
  );
  rule('webhooks.take', 'finishing a delivery ends it for every taker, lease or not', async ({ store }) => {
    const f = await hookedForm(store);
    const d = await delivery(store, f);
    assert.is(took(await store.webhooks.take(d.id, at(), at(MINUTE))), d.id);
    await store.webhooks.finish(d.id, 'cancelled', at(SECOND));
    assert.is(await store.webhooks.take(d.id, at(2 * SECOND), at(MINUTE)), undefined, 'ended, not held');
  });
  rule(
    'webhooks.take',
    '10 concurrent takers of one delivery: exactly one gets it, the others are told held',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      const got = await Promise.all(Array.from({ length: 10 }, () => store.webhooks.take(d.id, at(), at(MINUTE))));
      assert.equal(got.map(took).sort(), [d.id, ...Array(9).fill('held')].sort());
    },
  );
  rule(
    'webhooks.nextDueAfter',
    'the earliest pending next attempt strictly later than after; undefined when none',
    async ({ store }) => {
      const f = await hookedForm(store);
      assert.is(await store.webhooks.nextDueAfter(at()), undefined);
      await delivery(store, f, 0);
      const soon = await delivery(store, f, MINUTE);
      await delivery(store, f, HOUR);
      const finished = await delivery(store, f, SECOND);
      await store.webhooks.finish(finished.id, 'failed', at());
      assert.is(await store.webhooks.nextDueAfter(at()), at(MINUTE), 'one due exactly at after is not later');
      await store.webhooks.finish(soon.id, 'cancelled', at());
      assert.is(await store.webhooks.nextDueAfter(at()), at(HOUR));
      assert.is(await store.webhooks.nextDueAfter(at(HOUR)), undefined);
    },
  );

  rule(
    'webhooks.queue',
    'pending deliveries counted (due or not); the earliest next attempt among those due at now, at its edge',
    async ({ store }) => {
      const f = await hookedForm(store);
      assert.equal(await store.webhooks.queue(at()), { pending: 0, oldestDue: undefined });
      await delivery(store, f, MINUTE);
      assert.equal(await store.webhooks.queue(at()), { pending: 1, oldestDue: undefined }, 'not due yet');
      assert.equal(await store.webhooks.queue(at(MINUTE)), { pending: 1, oldestDue: at(MINUTE) }, 'due exactly at now');
      assert.equal(await store.webhooks.queue(at(MINUTE - 1)), { pending: 1, oldestDue: undefined }, '1 ms before');
      const older = await delivery(store, f, -HOUR);
      await delivery(store, f, -MINUTE);
      assert.equal(await store.webhooks.queue(at()), { pending: 3, oldestDue: at(-HOUR) });
      await store.webhooks.finish(older.id, 'failed', at());
      assert.equal(await store.webhooks.queue(at()), { pending: 2, oldestDue: at(-MINUTE) }, 'finished: not queued');
    },
  );

  // recordAttempt: how one attempt moves its delivery and the form's streak.
  const moves: [
    title: string,
    status: number,
    next: Next,
    state: DeliveryState,
    nextAttemptAt: string,
    failures: number,
  ][] = [
    ['a retry keeps it pending with the next time', 503, retryAt(HOUR), 'pending', at(HOUR), 3],
    ['a success delivers it and resets the streak', 200, { state: 'delivered' }, 'delivered', at(), 0],
    ['a 4xx cancels it and adds to the streak', 410, { state: 'cancelled' }, 'cancelled', at(), 3],
    ['the last attempt failing fails it and adds to the streak', 500, { state: 'failed' }, 'failed', at(), 3],
  ];
  for (const [title, status, next, state, nextAttemptAt, failures] of moves) {
    rule('webhooks.recordAttempt', `${title}; the line is logged`, async ({ store }) => {
      const f = await hookedForm(store);
      const earlier = await delivery(store, f);
      for (let i = 1; i <= 2; i++) await store.webhooks.recordAttempt(attempt(earlier, i, 500, retryAt(DAY)));
      const d = await delivery(store, f);
      const result = attempt(d, 1, status, next, 10 * SECOND);
      assert.equal(await store.webhooks.recordAttempt(result), { failures, mailFailure: false });
      const after = (await store.webhooks.byId(d.id))!;
      assert.equal([after.state, after.attemptCount, after.nextAttemptAt], [state, 1, nextAttemptAt]);
      assert.is((await store.forms.byId(f.id))?.webhookFailures, failures);
      assert.equal((await store.webhooks.attempts(f.id, 1))[0], line(result));
    });
  }
  for (const ended of ['delivered', 'cancelled', 'failed'] as const) {
    rule(
      'webhooks.recordAttempt',
      `a ${ended} delivery is not moved and the streak is not touched; the attempt is still logged`,
      async ({ store }) => {
        const f = await hookedForm(store);
        const d = await delivery(store, f);
        await store.webhooks.recordAttempt(attempt(d, 1, 500, retryAt(MINUTE)));
        if (ended === 'delivered') {
          const other = await delivery(store, f);
          await store.webhooks.recordAttempt(attempt(other, 1, 500, retryAt(MINUTE)));
          await store.webhooks.recordAttempt(attempt(d, 2, 200, { state: 'delivered' }));
          await store.webhooks.recordAttempt(attempt(other, 2, 500, retryAt(MINUTE)));
        } else await store.webhooks.finish(d.id, ended, at(2 * SECOND));
        const before = (await store.webhooks.byId(d.id))!;
        const streak = (await store.forms.byId(f.id))!.webhookFailures;
        // An attempt that ran while the delivery ended, whatever it wanted next (a retry would reopen it).
        for (const [n, status, next] of [
          [3, 200, { state: 'delivered' }],
          [4, 503, retryAt(HOUR)],
          [5, 410, { state: 'cancelled' }],
        ] as const) {
          const late = attempt(d, n, status, next, n * SECOND, { failureMail: { after: 1, notSince: at(-DAY) } });
          assert.equal(
            await store.webhooks.recordAttempt(late),
            { failures: streak, mailFailure: false },
            `attempt ${n}`,
          );
          assert.equal(await store.webhooks.byId(d.id), before, `attempt ${n}`);
          assert.is((await store.forms.byId(f.id))!.webhookFailures, streak);
          assert.equal((await store.webhooks.attempts(f.id, 1))[0], line(late));
        }
      },
    );
  }
  rule(
    'webhooks.recordAttempt',
    'the form was deleted while the attempt ran: nothing is written, no mail',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      await store.forms.delete(f.id);
      const result = attempt(d, 5, 500, retryAt(HOUR), SECOND, { failureMail: { after: 1, notSince: at(-DAY) } });
      assert.equal(await store.webhooks.recordAttempt(result), { failures: 0, mailFailure: false });
      assert.equal(await store.webhooks.attempts(f.id, 10), []);
      assert.is(await store.webhooks.byId(d.id), undefined);
      assert.is(await store.forms.byId(f.id), undefined, 'the form is not brought back');
    },
  );
  rule(
    'webhooks.recordAttempt',
    'the failure mail fires once when the streak reaches after, then once per window',
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await delivery(store, f);
      const after = 3;
      // [attempt time, status, notSince, expected streak, mail?]
      const rows: [atMs: number, status: number, notSinceMs: number, failures: number, mail: boolean][] = [
        [1 * MINUTE, 500, -DAY, 1, false],
        [2 * MINUTE, 500, -DAY, 2, false],
        [3 * MINUTE, 500, -DAY, 3, true], // the streak reaches `after`
        [4 * MINUTE, 500, -DAY, 4, false], // mailed at 3 min, after notSince
        [5 * MINUTE, 500, 3 * MINUTE - 1, 5, false], // mailed 1 ms after notSince: still in the window
        [6 * MINUTE, 500, 3 * MINUTE, 6, true], // the window opened at the mail's own time: due again
        [7 * MINUTE, 200, 7 * MINUTE, 0, false], // a delivery resets the streak, never mails
        [8 * MINUTE, 500, 7 * MINUTE, 1, false],
        [9 * MINUTE, 500, 7 * MINUTE, 2, false],
        [10 * MINUTE, 500, 7 * MINUTE, 3, true], // a new streak reaching `after` in a new window
      ];
      for (const [i, [atMs, status, notSinceMs, failures, mail]] of rows.entries()) {
        const next: Next = status === 200 ? { state: 'delivered' } : retryAt(atMs + SECOND);
        const result = attempt(d, i + 1, status, next, atMs, { failureMail: { after, notSince: at(notSinceMs) } });
        assert.equal(await store.webhooks.recordAttempt(result), { failures, mailFailure: mail }, `row ${i + 1}`);
        if (status === 200) {
          // The delivered one is done: keep failing on a fresh delivery of the same form (the streak is the form's).
          Object.assign(d, await delivery(store, f, atMs));
        }
        if (mail)
          assert.is(
            (await store.forms.byId(f.id))?.webhookFailureMailedAt,
            at(atMs),
            `row ${i + 1}: the mail time is kept`,
          );
      }
    },
  );
  rule(
    'webhooks.recordAttempt',
    "the streak is the form's: failures of different deliveries add up",
    async ({ store }) => {
      const f = await hookedForm(store);
      const a = await delivery(store, f);
      const b = await delivery(store, f);
      await store.webhooks.recordAttempt(attempt(a, 1, 500, retryAt(HOUR)));
      assert.equal(
        await store.webhooks.recordAttempt(
          attempt(b, 1, 500, retryAt(HOUR), SECOND, { failureMail: { after: 2, notSince: at(-DAY) } }),
        ),
        {
          failures: 2,
          mailFailure: true,
        },
      );
    },
  );
  rule('webhooks.recordAttempt', 'the log keeps the newest logSize lines per form', async ({ store }) => {
    const f = await hookedForm(store);
    const g = await hookedForm(store);
    const d = await delivery(store, f);
    const e = await delivery(store, g);
    await store.webhooks.recordAttempt(attempt(e, 1, 500, retryAt(HOUR), SECOND, { logSize: 3 }));
    for (let n = 1; n <= 7; n++)
      await store.webhooks.recordAttempt(attempt(d, n, 500, retryAt(HOUR), n * SECOND, { logSize: 3 }));
    assert.equal(
      (await store.webhooks.attempts(f.id, 100)).map((a) => a.attempt),
      [7, 6, 5],
    );
    assert.equal(
      (await store.webhooks.attempts(g.id, 100)).map((a) => a.attempt),
      [1],
      "another form's log is its own",
    );
  });

  rule(
    'webhooks.recordAttempt',
    'the log of 100 lines after 130 attempts of several submissions: exactly the newest 100, newest first',
    async ({ store }) => {
      const f = await hookedForm(store);
      const ds = [await delivery(store, f), await delivery(store, f), await delivery(store, f)];
      const logged: ReturnType<typeof line>[] = [];
      for (let i = 0; i < 130; i++) {
        const d = ds[i % 3];
        const r = attempt(d, Math.floor(i / 3) + 1, 503, retryAt(HOUR), (i + 1) * SECOND);
        await store.webhooks.recordAttempt(r);
        logged.push(line(r));
      }
      const newest = logged.slice(30).reverse();
      assert.equal(await store.webhooks.attempts(f.id, 100), newest);
      assert.equal(await store.webhooks.attempts(f.id, 200), newest, 'nothing older is kept');
      assert.equal(
        (await store.webhooks.forSubmission(f.id, ds[0].submissionId)).attempts,
        newest.filter((a) => a.submissionId === ds[0].submissionId),
      );
    },
  );
  rule(
    'webhooks.recordAttempt',
    'the streak after successes: a failure makes it 1, the next 2, a success 0 again',
    async ({ store }) => {
      const f = await hookedForm(store);
      const steps: [status: number, failures: number][] = [
        [200, 0],
        [200, 0],
        [500, 1],
        [503, 2],
        [200, 0],
        [200, 0],
        [410, 1],
      ];
      for (const [i, [status, failures]] of steps.entries()) {
        const d = await delivery(store, f);
        const next: Next =
          status === 200 ? { state: 'delivered' } : status === 410 ? { state: 'cancelled' } : retryAt(HOUR);
        assert.equal(
          await store.webhooks.recordAttempt(attempt(d, 1, status, next, (i + 1) * SECOND)),
          { failures, mailFailure: false },
          `step ${i + 1}`,
        );
        assert.is((await store.forms.byId(f.id))?.webhookFailures, failures, `step ${i + 1}`);
      }
    },
  );

  rule('webhooks.attempts', 'the log newest first, at most limit, lines as recorded', async ({ store }) => {
    const f = await hookedForm(store);
    const d = await delivery(store, f);
    const results = [
      attempt(d, 1, 500, retryAt(HOUR)),
      attempt(d, 2, 0, retryAt(HOUR)),
      attempt(d, 3, 200, { state: 'delivered' }),
    ];
    results[1].attempt.error = 'timeout';
    for (const r of results) await store.webhooks.recordAttempt(r);
    assert.equal(await store.webhooks.attempts(f.id, 10), results.map((r) => line(r)).reverse());
    assert.equal(await store.webhooks.attempts(f.id, 2), [line(results[2]), line(results[1])]);
    assert.equal(await store.webhooks.attempts('nope', 10), []);
  });

  for (const state of ['cancelled', 'failed'] as const) {
    rule(
      'webhooks.finish',
      `ends a pending delivery as ${state} without an attempt; it is no longer due`,
      async ({ store }) => {
        const f = await hookedForm(store);
        const d = await delivery(store, f);
        await store.webhooks.finish(d.id, state, at(SECOND));
        const after = (await store.webhooks.byId(d.id))!;
        assert.equal([after.state, after.attemptCount], [state, 0]);
        assert.equal(await store.webhooks.due(at(DAY), 10), []);
        assert.equal(await store.webhooks.attempts(f.id, 10), []);
      },
    );
  }
  rule('webhooks.finish', 'a finished delivery keeps its state; an unknown id is harmless', async ({ store }) => {
    const f = await hookedForm(store);
    const d = await delivery(store, f);
    await store.webhooks.recordAttempt(attempt(d, 1, 200, { state: 'delivered' }));
    await store.webhooks.finish(d.id, 'cancelled', at(MINUTE));
    assert.is((await store.webhooks.byId(d.id))?.state, 'delivered');
    await store.webhooks.finish('nope', 'failed', at());
  });

  rule(
    'webhooks.cancelPending',
    "cancels the form's pending deliveries only, counts them, clears the streak",
    async ({ store }) => {
      const f = await hookedForm(store);
      const g = await hookedForm(store);
      const p1 = await delivery(store, f);
      const p2 = await delivery(store, f, HOUR);
      const done = await delivery(store, f);
      const other = await delivery(store, g);
      await store.webhooks.recordAttempt(attempt(done, 1, 200, { state: 'delivered' }));
      await store.webhooks.recordAttempt(attempt(p1, 1, 500, retryAt(MINUTE)));
      await store.webhooks.recordAttempt(attempt(other, 1, 500, retryAt(MINUTE)));
      assert.is((await store.forms.byId(f.id))?.webhookFailures, 1);
      assert.is(await store.webhooks.cancelPending(f.id, at(HOUR)), 2);
      for (const [d, state] of [
        [p1, 'cancelled'],
        [p2, 'cancelled'],
        [done, 'delivered'],
        [other, 'pending'],
      ] as const) {
        assert.is((await store.webhooks.byId(d.id))?.state, state);
      }
      assert.is((await store.forms.byId(f.id))?.webhookFailures, 0);
      assert.is((await store.forms.byId(g.id))?.webhookFailures, 1);
      assert.is(await store.webhooks.cancelPending(f.id, at(HOUR)), 0, 'nothing left to cancel');
    },
  );

  rule(
    'webhooks.cancelPending',
    "with a channel: cancels only that channel's pending deliveries (a Slack address removed)",
    async ({ store }) => {
      const f = await hookedForm(store);
      const hook = await delivery(store, f);
      const slack = await chatDelivery(store, f, 'slack');
      const discord = await chatDelivery(store, f, 'discord');
      assert.is(await store.webhooks.cancelPending(f.id, at(HOUR), 'slack'), 1);
      assert.equal(
        [
          (await store.webhooks.byId(hook.id))?.state,
          (await store.webhooks.byId(slack.id))?.state,
          (await store.webhooks.byId(discord.id))?.state,
        ],
        ['pending', 'cancelled', 'pending'],
      );
      assert.is(await store.webhooks.cancelPending(f.id, at(HOUR), 'webhook'), 1);
      assert.is((await store.webhooks.byId(discord.id))?.state, 'pending');
    },
  );

  rule(
    'webhooks.add',
    "adds a pending delivery of one of the form's submissions (a redelivery), due when given; false and " +
      'nothing written for a submission of another form or none',
    async ({ store }) => {
      const f = await hookedForm(store);
      const g = await hookedForm(store);
      const first = await delivery(store, f);
      await store.webhooks.recordAttempt(attempt(first, 1, 410, { state: 'cancelled' }));
      const again = { id: uuid(), payload: '{"again":true}', nextAttemptAt: at(MINUTE) };
      assert.is(await store.webhooks.add(f.id, first.submissionId, again, at(SECOND)), true);
      assert.equal(await store.webhooks.byId(again.id), {
        id: again.id,
        formId: f.id,
        submissionId: first.submissionId,
        payload: '{"again":true}',
        channel: 'webhook',
        attemptCount: 0,
        nextAttemptAt: at(MINUTE),
        state: 'pending',
        createdAt: at(SECOND),
      });
      assert.equal(await store.webhooks.due(at(MINUTE), 10), [{ id: again.id, formId: f.id }]);
      const stray = { id: uuid(), payload: '{}', nextAttemptAt: at() };
      assert.is(await store.webhooks.add(g.id, first.submissionId, stray, at()), false, 'another form');
      assert.is(await store.webhooks.add(f.id, uuid(), stray, at()), false, 'no such submission');
      assert.is(await store.webhooks.byId(stray.id), undefined);
    },
  );

  rule(
    'webhooks.take',
    "reads a chat delivery with its channel's address, and the secret a rotation replaced with its end",
    async ({ store }) => {
      const f = await hookedForm(store);
      await store.forms.update(f.id, {
        slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x',
        discordWebhookUrl: 'https://discord.com/api/webhooks/1/x',
        webhookSecretPrevious: 'whsec_old',
        webhookSecretPreviousUntil: at(DAY),
      });
      for (const [channel, url] of [
        ['slack', 'https://hooks.slack.com/services/T/B/x'],
        ['discord', 'https://discord.com/api/webhooks/1/x'],
      ] as const) {
        const d = await chatDelivery(store, f, channel);
        const got = taken(await store.webhooks.take(d.id, at(), at(MINUTE)));
        assert.is(got.delivery.channel, channel);
        assert.equal(got.target, {
          workspaceId: f.workspaceId,
          url,
          secret: SECRET,
          previousSecret: 'whsec_old',
          previousSecretUntil: at(DAY),
        });
      }
    },
  );

  rule(
    'webhooks.recordAttempt',
    "a chat delivery's line carries its channel; the delivery moves on like a webhook's",
    async ({ store }) => {
      const f = await hookedForm(store);
      const d = await chatDelivery(store, f, 'discord');
      const r = attempt(d, 1, 503, retryAt(MINUTE));
      await store.webhooks.recordAttempt(r);
      assert.equal(await store.webhooks.attempts(f.id, 10), [line(r, 'discord')]);
      assert.is((await store.webhooks.byId(d.id))?.nextAttemptAt, at(MINUTE));
    },
  );

  rule(
    'webhooks.sweepFinished',
    'deletes deliveries that ended strictly before olderThan; pending ones stay however old',
    async ({ store }) => {
      const f = await hookedForm(store);
      const oldPending = await delivery(store, f, -30 * DAY);
      const delivered = await delivery(store, f);
      const cancelled = await delivery(store, f);
      const failedNow = await delivery(store, f);
      await store.webhooks.recordAttempt(attempt(delivered, 1, 200, { state: 'delivered' }, -2 * DAY));
      await store.webhooks.finish(cancelled.id, 'cancelled', at(-DAY - 1));
      await store.webhooks.finish(failedNow.id, 'failed', at(-DAY));
      const g = await hookedForm(store);
      const byForm = await delivery(store, g);
      await store.webhooks.cancelPending(g.id, at(-DAY - 1));
      assert.is(await store.webhooks.sweepFinished(at(-DAY)), 3);
      const rows: [id: string, kept: boolean][] = [
        [oldPending.id, true],
        [delivered.id, false],
        [cancelled.id, false],
        [failedNow.id, true],
        [byForm.id, false],
      ];
      for (const [id, kept] of rows) assert.is((await store.webhooks.byId(id)) !== undefined, kept, id);
    },
  );

  run();
}
