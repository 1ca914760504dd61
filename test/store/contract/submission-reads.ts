// Contract of the panel's reads of submissions: pages in either order, the total (with the filter's
// match), the filtered export, the highest seq, and one submission's deliveries and log lines.
import * as assert from 'uvu/assert';
import type { AttemptResult, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import {
  at,
  DAY,
  FILTER_MATCHES as MATCHES,
  FILTER_TEXTS as TEXTS,
  form,
  newSubmission,
  SECOND,
  submissions,
  texts,
  uuid,
  workspace,
} from './fixtures.ts';

/**
 * Rows for submissions.page (oldest first), submissions.count, iterate with a filter, lastSeq, webhooks.forSubmission.
 */
export function submissionReadsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'submission reads for the panel', factory);

  rule(
    'submissions.page',
    'oldest: oldest first, at most limit, strictly after cursorSeq; other forms not mixed in',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const ids = await submissions(store, f.id, null, 5);
      await submissions(store, g.id, null, 2);
      assert.equal(
        (await store.submissions.page(f.id, 100, undefined, undefined, 'oldest')).map((s) => s.id),
        ids,
      );
      const first = await store.submissions.page(f.id, 2, undefined, undefined, 'oldest');
      assert.equal(
        first.map((s) => s.id),
        [ids[0], ids[1]],
      );
      const second = await store.submissions.page(f.id, 2, first[1].seq, undefined, 'oldest');
      assert.equal(
        second.map((s) => s.id),
        [ids[2], ids[3]],
      );
      const last = await store.submissions.page(f.id, 2, second[1].seq, undefined, 'oldest');
      assert.equal(
        last.map((s) => s.id),
        [ids[4]],
      );
      assert.equal(await store.submissions.page(f.id, 2, last[0].seq, undefined, 'oldest'), []);
      assert.equal(await store.submissions.page('nope', 10, undefined, undefined, 'oldest'), []);
    },
  );
  rule(
    'submissions.page',
    "newest given explicitly is the default order; the cursor's own row is never repeated in either order",
    async ({ store }) => {
      const f = await form(store, null);
      const ids = await submissions(store, f.id, null, 3);
      const all = await store.submissions.page(f.id, 10);
      assert.equal(await store.submissions.page(f.id, 10, undefined, undefined, 'newest'), all);
      const middle = all[1];
      assert.equal(
        (await store.submissions.page(f.id, 10, middle.seq, undefined, 'newest')).map((s) => s.id),
        [ids[0]],
      );
      assert.equal(
        (await store.submissions.page(f.id, 10, middle.seq, undefined, 'oldest')).map((s) => s.id),
        [ids[2]],
      );
    },
  );
  rule(
    'submissions.page',
    'oldest with contains: the same match as newest, in the other order, with cursor and limit',
    async ({ store }) => {
      const f = await form(store, null);
      const ids = await texts(store, f.id, TEXTS);
      const search = async (needle: string, limit = 10, cursor?: number) =>
        (await store.submissions.page(f.id, limit, cursor, { q: needle }, 'oldest')).map((s) => ids.indexOf(s.id));
      for (const [needle, matches] of MATCHES) assert.equal(await search(needle), matches, needle);
      assert.equal(await search('ada', 2), [0, 1], 'limit');
      const all = await store.submissions.page(f.id, 10, undefined, undefined, 'oldest');
      assert.equal(await search('ada', 10, all[1].seq), [5], 'strictly after the cursor');
      assert.equal(await search('', 10), [0, 1, 2, 3, 4, 5], 'an empty filter matches all');
    },
  );

  rule(
    'submissions.count',
    'how many a form holds: 0 for none or an unknown form, other forms not counted, deletions counted out',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      assert.is(await store.submissions.count(f.id), 0);
      const ids = await submissions(store, f.id, null, 4);
      await submissions(store, g.id, null, 2);
      assert.is(await store.submissions.count(f.id), 4);
      assert.is(await store.submissions.count(g.id), 2);
      assert.is(await store.submissions.count('nope'), 0);
      await store.submissions.delete(f.id, [ids[0], ids[3]], at(DAY));
      assert.is(await store.submissions.count(f.id), 2);
      assert.is(await store.submissions.count(f.id, { q: '' }), 2, 'an empty filter counts all');
    },
  );
  rule(
    'submissions.count',
    'with contains: exactly as many as page finds with the same filter (any case, literal % and _)',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      await texts(store, f.id, TEXTS);
      await texts(store, g.id, ['Ada again']);
      for (const [needle, matches] of MATCHES) {
        assert.is(await store.submissions.count(f.id, { q: needle }), matches.length, needle);
        assert.is(
          await store.submissions.count(f.id, { q: needle }),
          (await store.submissions.page(f.id, 100, undefined, { q: needle })).length,
          `${needle}: as page`,
        );
      }
    },
  );

  for (const [title, pageSize] of [
    ['pages of one', 1],
    ['a page size that divides the matches', 3],
    ['the default page size', undefined],
  ] as const) {
    rule(
      'submissions.iterate',
      `with contains: only the matching submissions, oldest first, ${title}`,
      async ({ store }) => {
        const f = await form(store, null);
        const ids = await texts(store, f.id, [...TEXTS, 'ada once more', 'nothing here', 'Ada at the end']);
        const seen: string[] = [];
        for await (const s of store.submissions.iterate(f.id, pageSize, { q: 'ada' })) seen.push(s.id);
        assert.equal(
          seen,
          [0, 1, 5, 6, 8].map((i) => ids[i]),
        );
      },
    );
  }
  rule(
    'submissions.iterate',
    'with contains: the same match as page; an empty filter yields every submission',
    async ({ store }) => {
      const f = await form(store, null);
      const ids = await texts(store, f.id, TEXTS);
      for (const [needle, matches] of MATCHES) {
        const seen: string[] = [];
        for await (const s of store.submissions.iterate(f.id, 2, { q: needle })) seen.push(s.id);
        assert.equal(
          seen,
          matches.map((i) => ids[i]),
          needle,
        );
      }
      const all: string[] = [];
      for await (const s of store.submissions.iterate(f.id, 2, { q: '' })) all.push(s.id);
      assert.equal(all, ids);
    },
  );

  rule(
    'submissions.lastSeq',
    "0 for a form without submissions (or an unknown one); else the seq of its newest, other forms' not counted",
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      assert.is(await store.submissions.lastSeq(f.id), 0);
      assert.is(await store.submissions.lastSeq('nope'), 0);
      await submissions(store, f.id, null, 3);
      const [newest] = await store.submissions.page(f.id, 1);
      assert.is(await store.submissions.lastSeq(f.id), newest.seq);
      await submissions(store, g.id, null, 2);
      assert.is(await store.submissions.lastSeq(f.id), newest.seq, "another form's later submissions do not move it");
      assert.ok((await store.submissions.lastSeq(g.id)) > newest.seq, 'seq grows with every insert');
    },
  );
  rule(
    'submissions.lastSeq',
    'follows deletions: the newest deleted, the next newest; all deleted, 0',
    async ({ store }) => {
      const f = await form(store, null);
      const ids = await submissions(store, f.id, null, 3);
      const [, second] = await store.submissions.page(f.id, 3);
      await store.submissions.delete(f.id, [ids[2]], at(DAY));
      assert.is(await store.submissions.lastSeq(f.id), second.seq);
      await store.submissions.delete(f.id, ids, at(DAY));
      assert.is(await store.submissions.lastSeq(f.id), 0);
    },
  );

  /** A claimed form with a webhook, stored. */
  const hooked = async (store: Store) => {
    const ws = await workspace(store);
    return form(store, ws.id, { webhookUrl: 'https://example.com/hook', webhookSecret: 's' });
  };
  /** A submission of `f` with its pending delivery, made `createdMs` after T0. */
  const deliver = async (store: Store, f: { id: string; workspaceId: string | null }, createdMs = 0) => {
    const sub = newSubmission(f.id, f.workspaceId, {
      createdAt: at(createdMs),
      delivery: { id: uuid(), payload: '{"n":1}', nextAttemptAt: at(createdMs) },
    });
    await store.submissions.insert(sub);
    return { submissionId: sub.id, deliveryId: sub.delivery!.id };
  };
  /** Failed attempt `n` of a delivery at `atMs`; the third one ends it (failed). */
  const fail = (
    formId: string,
    d: { submissionId: string; deliveryId: string },
    n: number,
    atMs: number,
    logSize = 100,
  ): AttemptResult => ({
    deliveryId: d.deliveryId,
    attempt: {
      formId,
      submissionId: d.submissionId,
      attempt: n,
      statusCode: 500,
      error: 'http 500',
      durationMs: 4,
      createdAt: at(atMs),
    },
    next: n >= 3 ? { state: 'failed' } : { state: 'pending', nextAttemptAt: at(atMs + SECOND) },
    logSize,
    failureMail: { after: 100, notSince: at(-DAY) },
  });

  rule(
    'webhooks.forSubmission',
    "one submission's deliveries and its log lines, newest first; other submissions and forms not mixed in",
    async ({ store }) => {
      const f = await hooked(store);
      const d = await deliver(store, f);
      const other = await deliver(store, f, SECOND);
      for (const n of [1, 2, 3]) await store.webhooks.recordAttempt(fail(f.id, d, n, n * 10 * SECOND));
      await store.webhooks.recordAttempt(fail(f.id, other, 1, 15 * SECOND));
      const read = await store.webhooks.forSubmission(f.id, d.submissionId);
      assert.equal(read.deliveries, [(await store.webhooks.byId(d.deliveryId))!]);
      assert.is(read.deliveries[0].state, 'failed');
      assert.equal(
        read.attempts.map((a) => [a.submissionId, a.attempt, a.createdAt]),
        [
          [d.submissionId, 3, at(30 * SECOND)],
          [d.submissionId, 2, at(20 * SECOND)],
          [d.submissionId, 1, at(10 * SECOND)],
        ],
      );
      assert.equal(
        await store.webhooks.forSubmission('another-form', d.submissionId),
        { deliveries: [], attempts: [] },
        'asked under another form',
      );
      assert.equal(await store.webhooks.forSubmission(f.id, 'nope'), { deliveries: [], attempts: [] });
    },
  );
  rule(
    'webhooks.forSubmission',
    'a submission without a delivery: nothing; a swept delivery is gone while its log lines stay',
    async ({ store }) => {
      const f = await hooked(store);
      const plain = newSubmission(f.id, f.workspaceId);
      await store.submissions.insert(plain);
      assert.equal(await store.webhooks.forSubmission(f.id, plain.id), { deliveries: [], attempts: [] });
      const d = await deliver(store, f);
      for (const n of [1, 2, 3]) await store.webhooks.recordAttempt(fail(f.id, d, n, n * SECOND));
      await store.webhooks.sweepFinished(at(DAY));
      const read = await store.webhooks.forSubmission(f.id, d.submissionId);
      assert.equal(read.deliveries, []);
      assert.equal(
        read.attempts.map((a) => a.attempt),
        [3, 2, 1],
      );
    },
  );
  rule(
    'webhooks.forSubmission',
    "only the lines still in the form's log: those pushed out by newer ones are not read",
    async ({ store }) => {
      const f = await hooked(store);
      const d = await deliver(store, f);
      const other = await deliver(store, f);
      // A log of 3 lines: d's two attempts, then two of the other submission push d's oldest out.
      await store.webhooks.recordAttempt(fail(f.id, d, 1, 1 * SECOND, 3));
      await store.webhooks.recordAttempt(fail(f.id, d, 2, 2 * SECOND, 3));
      await store.webhooks.recordAttempt(fail(f.id, other, 1, 3 * SECOND, 3));
      await store.webhooks.recordAttempt(fail(f.id, other, 2, 4 * SECOND, 3));
      assert.equal(
        (await store.webhooks.forSubmission(f.id, d.submissionId)).attempts.map((a) => a.attempt),
        [2],
      );
      assert.equal(
        (await store.webhooks.forSubmission(f.id, other.submissionId)).attempts.map((a) => a.attempt),
        [2, 1],
      );
    },
  );
  rule(
    'webhooks.forSubmission',
    'after the submission is deleted: its delivery reads cancelled with an empty payload',
    async ({ store }) => {
      const f = await hooked(store);
      const d = await deliver(store, f);
      await store.submissions.delete(f.id, [d.submissionId], at(SECOND));
      const read = await store.webhooks.forSubmission(f.id, d.submissionId);
      assert.equal(
        read.deliveries.map((x) => [x.id, x.state, x.payload]),
        [[d.deliveryId, 'cancelled', '']],
      );
    },
  );

  run();
}
