// Contract of submissions: limits checked inside the write (form cap, monthly quota), what one insert
// writes, and the reads (newest-first pages, search, daily counts, oldest-first iteration).
import * as assert from 'uvu/assert';
import type { NewSubmission, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import {
  at,
  DAY,
  FILTER_MATCHES,
  FILTER_TEXTS,
  form,
  MINUTE,
  newSubmission,
  SECOND,
  submissions,
  texts,
  uuid,
  workspace,
} from './fixtures.ts';
import { idem } from './idempotency.ts';

/** Rows for submissions.insert and the reads. */
export function submissionsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'submissions', factory);

  rule(
    'submissions.insert',
    'stores the submission, counts it on the form and the month, and answers the new count',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const sub = newSubmission(f.id, ws.id, {
        formVersion: 1,
        values: { name: 'Zoë', tags: ['a', 'b'], n: 3, ok: true, none: null },
        hiddenChars: true,
      });
      assert.equal(await store.submissions.insert(sub), { kind: 'stored', submissionCount: 1 });
      const [read] = await store.submissions.page(f.id, 10);
      assert.equal(
        { ...read, seq: 0 },
        {
          seq: 0,
          id: sub.id,
          formId: f.id,
          formVersion: 1,
          createdAt: sub.createdAt,
          values: sub.values,
          hiddenChars: true,
          tags: [],
          note: '',
          status: 'new',
        },
      );
      assert.is((await store.forms.byId(f.id))?.submissionCount, 1);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 1);
      assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id)), { kind: 'stored', submissionCount: 2 });
    },
  );
  rule(
    'submissions.insert',
    'values read back exactly as given: key order, text beyond ASCII, numbers, nesting',
    async ({ store }) => {
      const f = await form(store, null);
      const values = {
        zeta: 1,
        alpha: 'Zoë 😀 \u200b',
        'ünïcode key': [1.5, -0.25, 12345678901234],
        nested: { b: true, a: null },
        empty: '',
        list: [],
      };
      await store.submissions.insert(newSubmission(f.id, null, { values }));
      const [read] = await store.submissions.page(f.id, 1);
      assert.is(JSON.stringify(read.values), JSON.stringify(values), 'the same JSON text, keys in the order given');
    },
  );
  rule('submissions.insert', 'an unclaimed form (no workspace) counts on the form only', async ({ store }) => {
    const f = await form(store, null, { agentKeyId: 'agent-1' });
    assert.equal(await store.submissions.insert(newSubmission(f.id, null)), { kind: 'stored', submissionCount: 1 });
  });
  rule(
    'submissions.insert',
    'writes the delivery with the submission: pending, no attempt yet, due at the given time',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const sub = newSubmission(f.id, ws.id, {
        delivery: { id: uuid(), payload: '{"type":"submission.created"}', nextAttemptAt: at(SECOND) },
      });
      await store.submissions.insert(sub);
      assert.equal(await store.webhooks.byId(sub.delivery!.id), {
        id: sub.delivery!.id,
        formId: f.id,
        submissionId: sub.id,
        payload: '{"type":"submission.created"}',
        channel: 'webhook',
        attemptCount: 0,
        nextAttemptAt: at(SECOND),
        state: 'pending',
        createdAt: sub.createdAt,
      });
    },
  );
  rule(
    'submissions.insert',
    'writes its Slack and Discord deliveries with it, each with its channel, beside the webhook one',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const chat = (['slack', 'discord'] as const).map((channel) => ({
        id: uuid(),
        channel,
        payload: `{"${channel}":true}`,
        nextAttemptAt: at(SECOND),
      }));
      const sub = newSubmission(f.id, f.workspaceId, {
        delivery: { id: uuid(), payload: '{"type":"submission.created"}', nextAttemptAt: at(SECOND) },
        chatDeliveries: chat,
      });
      await store.submissions.insert(sub);
      const rows = (await store.webhooks.forSubmission(f.id, sub.id)).deliveries;
      assert.equal(
        rows.map((d) => [d.id, d.channel, d.payload, d.state]).sort(),
        [
          [sub.delivery!.id, 'webhook', '{"type":"submission.created"}', 'pending'],
          ...chat.map((d) => [d.id, d.channel, d.payload, 'pending']),
        ].sort(),
      );
      // Only chat messages (no webhook): written all the same.
      const alone = newSubmission(f.id, f.workspaceId, { chatDeliveries: [{ ...chat[0], id: uuid() }] });
      await store.submissions.insert(alone);
      assert.equal(
        (await store.webhooks.forSubmission(f.id, alone.id)).deliveries.map((d) => d.channel),
        ['slack'],
      );
    },
  );

  // formCap: the 100-submission cap of unclaimed forms, checked inside the write.
  const CAP = 5;
  for (const [title, already, kind] of [
    ['cap-1 stored: the last one fits', CAP - 1, 'stored'],
    ['cap stored: refused', CAP, 'form_cap'],
    ['past the cap (a lower cap later): refused', CAP + 1, 'form_cap'],
  ] as const) {
    rule('submissions.insert', `formCap, ${title}; a refusal stores nothing`, async ({ store }) => {
      const f = await form(store, null, { agentKeyId: 'agent-1' });
      await submissions(store, f.id, null, already);
      const sub = newSubmission(f.id, null, {
        formCap: CAP,
        idempotency: idem('k'),
        delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() },
      });
      const outcome = await store.submissions.insert(sub);
      assert.equal(outcome, kind === 'stored' ? { kind, submissionCount: CAP } : { kind });
      await assertStoredOnly(store, sub, kind === 'stored');
    });
  }
  rule(
    'submissions.insert',
    'formCap with eight concurrent inserts and three places left: exactly three stored',
    async ({ store }) => {
      const f = await form(store, null, { agentKeyId: 'agent-1' });
      await submissions(store, f.id, null, CAP - 3);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => store.submissions.insert(newSubmission(f.id, null, { formCap: CAP }))),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 3);
      assert.is(outcomes.filter((o) => o.kind === 'form_cap').length, 5);
      assert.is((await store.forms.byId(f.id))?.submissionCount, CAP);
      assert.is((await store.submissions.page(f.id, 100)).length, CAP);
    },
  );

  rule(
    'submissions.insert',
    'exactCount with eight concurrent inserts: each answers its own count, 1 to 8',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => store.submissions.insert(newSubmission(f.id, ws.id, { exactCount: true }))),
      );
      assert.equal(
        outcomes.map((o) => (o.kind === 'stored' ? o.submissionCount : o.kind)).sort((a, b) => Number(a) - Number(b)),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
    },
  );
  rule(
    'submissions.insert',
    'twenty concurrent inserts without a limit: all stored, and the form and the month count exactly twenty',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () => store.submissions.insert(newSubmission(f.id, ws.id))),
      );
      assert.ok(outcomes.every((o) => o.kind === 'stored' && o.submissionCount >= 1 && o.submissionCount <= 20));
      assert.is((await store.forms.byId(f.id))?.submissionCount, 20);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 20);
      assert.is(
        await store.submissions
          .insert(newSubmission(f.id, ws.id))
          .then((o) => o.kind === 'stored' && o.submissionCount),
        21,
      );
    },
  );

  // monthlyQuota: the workspace's submissions this UTC month, checked inside the write.
  const QUOTA = 4;
  for (const [title, thisMonth, lastMonth, kind] of [
    ['quota-1 used: the last one fits', QUOTA - 1, 0, 'stored'],
    ['quota used: refused', QUOTA, 0, 'monthly_quota'],
    ["last month's use does not count", 0, QUOTA, 'stored'],
  ] as const) {
    rule('submissions.insert', `monthlyQuota, ${title}; a refusal stores nothing`, async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      // Spread over two forms: the quota is the workspace's, not one form's.
      await submissions(store, f.id, ws.id, Math.ceil(thisMonth / 2));
      await submissions(store, g.id, ws.id, Math.floor(thisMonth / 2));
      await submissions(store, f.id, ws.id, lastMonth, -30 * DAY);
      const sub = newSubmission(f.id, ws.id, {
        monthlyQuota: QUOTA,
        idempotency: idem('k'),
        delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() },
      });
      const outcome = await store.submissions.insert(sub);
      assert.is(outcome.kind, kind);
      await assertStoredOnly(store, sub, kind === 'stored');
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), thisMonth + (kind === 'stored' ? 1 : 0));
    });
  }
  rule(
    'submissions.insert',
    'monthlyQuota with six concurrent inserts over two forms and two places left: exactly two stored',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      await submissions(store, f.id, ws.id, QUOTA - 2);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          store.submissions.insert(newSubmission(i % 2 ? g.id : f.id, ws.id, { monthlyQuota: QUOTA })),
        ),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 2);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), QUOTA);
    },
  );
  rule(
    'submissions.insert',
    'a burst with and without idempotency keys: each answers its own count, all read back at once',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      // The embedded store writes the ones without a key behind and the others at once: the counts must agree.
      const subs = Array.from({ length: 12 }, (_, i) =>
        newSubmission(f.id, ws.id, { exactCount: true, ...(i % 4 === 1 ? { idempotency: idem(`k${i}`) } : {}) }),
      );
      const outcomes = await Promise.all(subs.map((s) => store.submissions.insert(s)));
      assert.equal(
        outcomes.map((o) => (o.kind === 'stored' ? o.submissionCount : o.kind)).sort((a, b) => Number(a) - Number(b)),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
      assert.equal((await store.submissions.page(f.id, 50)).map((r) => r.id).sort(), subs.map((r) => r.id).sort());
      assert.is((await store.forms.byId(f.id))?.submissionCount, 12);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 12);
      assert.is((await store.idempotency.get(f.id, 'k5'))?.bodyHash, 'body-1');
    },
  );
  rule(
    'submissions.insert',
    'a form deleted after it took submissions: the next one is form_gone, and nothing more is counted',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id)), { kind: 'stored', submissionCount: 1 });
      await store.forms.delete(f.id);
      assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id)), { kind: 'form_gone' });
      assert.equal(await store.submissions.page(f.id, 10), []);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 1);
    },
  );
  rule(
    'submissions.insert',
    'a form deleted while the request ran: form_gone, and nothing is stored',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.forms.delete(f.id);
      const sub = newSubmission(f.id, ws.id, {
        idempotency: idem('k'),
        delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() },
      });
      assert.equal(await store.submissions.insert(sub), { kind: 'form_gone' });
      assert.equal(await store.submissions.page(f.id, 10), []);
      assert.is(await store.idempotency.get(f.id, 'k'), undefined);
      assert.is(await store.webhooks.byId(sub.delivery!.id), undefined);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 0);
    },
  );

  rule(
    'submissions.page',
    'newest first, at most limit, strictly before beforeSeq; other forms not mixed in',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const ids = await submissions(store, f.id, null, 5);
      await submissions(store, g.id, null, 2);
      const all = await store.submissions.page(f.id, 100);
      assert.equal(
        all.map((s) => s.id),
        [...ids].reverse(),
      );
      const first = await store.submissions.page(f.id, 2);
      assert.equal(
        first.map((s) => s.id),
        [ids[4], ids[3]],
      );
      const second = await store.submissions.page(f.id, 2, first[1].seq);
      assert.equal(
        second.map((s) => s.id),
        [ids[2], ids[1]],
      );
      const last = await store.submissions.page(f.id, 2, second[1].seq);
      assert.equal(
        last.map((s) => s.id),
        [ids[0]],
      );
      assert.equal(await store.submissions.page(f.id, 2, last[0].seq), []);
      assert.equal(await store.submissions.page('nope', 10), []);
    },
  );
  rule('submissions.page', 'contains: any case, literal % and _, with beforeSeq and limit', async ({ store }) => {
    const f = await form(store, null);
    const ids = await texts(store, f.id, FILTER_TEXTS);
    const search = async (needle: string, limit = 10, before?: number) =>
      (await store.submissions.page(f.id, limit, before, { q: needle })).map((s) => ids.indexOf(s.id));
    // Pages are newest first: the matches of the shared table in reverse.
    const rows = FILTER_MATCHES.map(([needle, matches]) => [needle, [...matches].reverse()] as const);
    for (const [needle, matches] of rows) assert.equal(await search(needle), matches, needle);
    assert.equal(await search('ada', 2), [5, 1], 'limit');
    const all = await store.submissions.page(f.id, 10);
    assert.equal(await search('ada', 10, all.find((s) => s.id === ids[1])!.seq), [0], 'beforeSeq');
    assert.equal(await search('', 10), [5, 4, 3, 2, 1, 0], 'an empty filter matches all');
  });
  rule(
    'submissions.page',
    'contains: letters beyond ASCII match as typed, ASCII letters in any case (ZOË found by zoË, not by zoë)',
    async ({ store }) => {
      const f = await form(store, null);
      await store.submissions.insert(newSubmission(f.id, null, { values: { name: 'ZOË ÉCOLE' } }));
      const found = async (needle: string) => (await store.submissions.page(f.id, 10, undefined, { q: needle })).length;
      assert.is(await found('ZOË ÉCOLE'), 1, 'as stored');
      assert.is(await found('zoË École'), 1, 'ASCII letters in another case');
      assert.is(await found('zoë école'), 0, 'Ë and É are not folded, on any backend');
      assert.is(await store.submissions.count(f.id, { q: 'zoË' }), 1, 'count matches as page does');
      assert.is(await store.submissions.count(f.id, { q: 'zoë' }), 0);
    },
  );
  rule(
    'submissions.dailyCounts',
    "per form and UTC day since the given time, the workspace's forms only",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const elsewhere = await form(store, (await workspace(store)).id);
      const rows: [formId: string, createdAt: string][] = [
        [f.id, '2026-11-21T23:59:59.999Z'],
        [f.id, '2026-11-22T00:00:00.000Z'],
        [f.id, '2026-11-22T23:59:59.999Z'],
        [f.id, '2026-11-23T08:00:00.000Z'],
        [g.id, '2026-11-23T09:00:00.000Z'],
        [elsewhere.id, '2026-11-23T09:00:00.000Z'],
      ];
      for (const [formId, createdAt] of rows)
        await store.submissions.insert(newSubmission(formId, formId === elsewhere.id ? null : ws.id, { createdAt }));
      const counts = await store.submissions.dailyCounts(ws.id, '2026-11-22T00:00:00.000Z');
      const sorted = [...counts].sort((a, b) => (a.formId + a.day).localeCompare(b.formId + b.day));
      const expected = [
        { formId: f.id, day: '2026-11-22', count: 2 },
        { formId: f.id, day: '2026-11-23', count: 1 },
        { formId: g.id, day: '2026-11-23', count: 1 },
      ].sort((a, b) => (a.formId + a.day).localeCompare(b.formId + b.day));
      assert.equal(sorted, expected);
      assert.equal(await store.submissions.dailyCounts(ws.id, '2026-11-24T00:00:00.000Z'), []);
    },
  );

  for (const [title, count, pageSize] of [
    ['fewer rows than a page', 3, 10],
    ['an exact multiple of the page size', 6, 3],
    ['pages of one', 4, 1],
    ['the default page size', 7, undefined],
  ] as const) {
    rule('submissions.iterate', `every submission, oldest first: ${title}`, async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const ids = await submissions(store, f.id, null, count, 0, MINUTE);
      await submissions(store, g.id, null, 2);
      const seen: string[] = [];
      for await (const s of store.submissions.iterate(f.id, pageSize)) seen.push(s.id);
      assert.equal(seen, ids);
    });
  }
  rule('submissions.iterate', 'a form without submissions yields nothing', async ({ store }) => {
    const seen = [];
    for await (const s of store.submissions.iterate('nope', 2)) seen.push(s);
    assert.equal(seen, []);
  });

  run();
}

/** Whether `sub` and everything it carries (idempotency record, delivery) is in the store, all or none. */
async function assertStoredOnly(store: Store, sub: NewSubmission, stored: boolean) {
  const ids = (await store.submissions.page(sub.formId, 1000)).map((s) => s.id);
  assert.is(ids.includes(sub.id), stored, 'the submission');
  if (sub.idempotency)
    assert.is(
      (await store.idempotency.get(sub.formId, sub.idempotency.key)) !== undefined,
      stored,
      'its idempotency record',
    );
  if (sub.delivery) assert.is((await store.webhooks.byId(sub.delivery.id)) !== undefined, stored, 'its delivery');
  assert.is((await store.forms.byId(sub.formId))?.submissionCount, ids.length, 'the form count matches the rows');
}
