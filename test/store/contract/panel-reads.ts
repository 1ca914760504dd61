// Contract of the reads behind the admin panel's submissions view: oldest-first pages, the count
// (filtered too), filtered iteration (the CSV of what the filter shows), and one submission's
// deliveries and logged attempts (the detail view).
import * as assert from 'uvu/assert';
import type { AttemptResult, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, newSubmission, SECOND, submissions, uuid, workspace } from './fixtures.ts';

/** Inserts one submission per text (values `{text}`), a second apart; returns their ids in order. */
async function texts(store: Store, formId: string, list: string[]) {
  const ids: string[] = [];
  for (const [i, text] of list.entries()) {
    const sub = newSubmission(formId, null, { createdAt: at(i * SECOND), values: { text } });
    await store.submissions.insert(sub);
    ids.push(sub.id);
  }
  return ids;
}

/** Rows for the panel's reads. */
export function panelReadsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'panel reads', factory);

  rule('submissions.page', "order 'oldest': oldest first, strictly after cursorSeq; with contains too", async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    const ids = await submissions(store, f.id, null, 5);
    await submissions(store, g.id, null, 2);
    const first = await store.submissions.page(f.id, 2, undefined, undefined, 'oldest');
    assert.equal(first.map((s) => s.id), [ids[0], ids[1]]);
    const second = await store.submissions.page(f.id, 2, first[1].seq, undefined, 'oldest');
    assert.equal(second.map((s) => s.id), [ids[2], ids[3]]);
    const last = await store.submissions.page(f.id, 2, second[1].seq, undefined, 'oldest');
    assert.equal(last.map((s) => s.id), [ids[4]]);
    assert.equal(await store.submissions.page(f.id, 2, last[0].seq, undefined, 'oldest'), []);
    assert.equal((await store.submissions.page(f.id, 10, undefined, undefined, 'newest')).map((s) => s.id), [...ids].reverse(), "'newest' is the default order");

    const h = await form(store, null);
    const named = await texts(store, h.id, ['Ada', 'Grace', 'ada@example.com', 'Alan']);
    const matches = await store.submissions.page(h.id, 1, undefined, 'ADA', 'oldest');
    assert.equal(matches.map((s) => s.id), [named[0]]);
    assert.equal((await store.submissions.page(h.id, 5, matches[0].seq, 'ada', 'oldest')).map((s) => s.id), [named[2]]);
  });

  rule('submissions.count', 'all of a form, or those containing the text (the same match as page); other forms apart', async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    await texts(store, f.id, ['Ada Lovelace', 'ada@EXAMPLE.com', 'Grace Hopper', '100% sure', 'snake_case']);
    await texts(store, g.id, ['Ada']);
    const rows: [contains: string | undefined, n: number][] = [
      [undefined, 5],
      ['', 5],
      ['ada', 2],
      ['ADA', 2],
      ['%', 1],
      ['_', 1],
      ['a%', 0],
      ['nobody', 0],
    ];
    for (const [contains, n] of rows) assert.is(await store.submissions.count(f.id, contains), n, String(contains));
    assert.is(await store.submissions.count('nope'), 0);
  });

  rule('submissions.iterate', 'with contains: only the matching submissions, oldest first, across pages', async ({ store }) => {
    const f = await form(store, null);
    const ids = await texts(store, f.id, ['Ada', 'Grace', 'ADA 2', 'Alan', 'ada 3', 'Edsger']);
    const seen: string[] = [];
    for await (const s of store.submissions.iterate(f.id, 2, 'ada')) seen.push(s.id);
    assert.equal(seen, [ids[0], ids[2], ids[4]]);
    const none: string[] = [];
    for await (const s of store.submissions.iterate(f.id, 2, 'nobody')) none.push(s.id);
    assert.equal(none, []);
  });

  rule('webhooks.forSubmission', "one submission's deliveries and its logged attempts, newest first; others apart", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id, { webhookUrl: 'https://example.com/hook', webhookSecret: `whsec_${'ab'.repeat(32)}` });
    const insert = async () => {
      const sub = newSubmission(f.id, ws.id, { delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } });
      await store.submissions.insert(sub);
      return { id: sub.delivery!.id, submissionId: sub.id };
    };
    const mine = await insert();
    const other = await insert();
    const result = (d: { id: string; submissionId: string }, n: number, statusCode: number, next: AttemptResult['next']): AttemptResult => ({
      deliveryId: d.id,
      attempt: { formId: f.id, submissionId: d.submissionId, attempt: n, statusCode, error: statusCode === 200 ? null : `http ${statusCode}`, durationMs: 5, createdAt: at(n * SECOND) },
      next,
      logSize: 100,
      failureMail: { after: 99, notSince: at() },
    });
    await store.webhooks.recordAttempt(result(mine, 1, 503, { state: 'pending', nextAttemptAt: at(60 * SECOND) }));
    await store.webhooks.recordAttempt(result(other, 1, 500, { state: 'pending', nextAttemptAt: at(60 * SECOND) }));
    await store.webhooks.recordAttempt(result(mine, 2, 200, { state: 'delivered' }));
    const read = await store.webhooks.forSubmission(f.id, mine.submissionId);
    assert.equal(read.deliveries.map((d) => [d.id, d.state, d.attemptCount]), [[mine.id, 'delivered', 2]]);
    assert.equal(read.attempts.map((a) => [a.attempt, a.statusCode, a.error]), [[2, 200, null], [1, 503, 'http 503']]);
    assert.equal(await store.webhooks.forSubmission(f.id, 'nope'), { deliveries: [], attempts: [] });
    assert.equal(await store.webhooks.forSubmission('other-form', mine.submissionId), { deliveries: [], attempts: [] }, 'scoped to the form');
  });

  run();
}
