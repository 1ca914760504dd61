// Contract of per-form retention: which forms keep answers for a limited time, and which of a form's
// submissions are past a time, oldest first in batches (the retention job deletes those).
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, newSubmission, submissions, workspace } from './fixtures.ts';

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

/** Rows for forms.withRetention and submissions.idsOlderThan. */
export function retentionContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'retention', factory);

  rule(
    'forms.withRetention',
    'claimed forms with a period, each with its period; forms that keep forever and unclaimed forms are not listed',
    async ({ store }) => {
      const ws = await workspace(store);
      const other = await workspace(store);
      const month = await form(store, ws.id, { retentionDays: 30 });
      const day = await form(store, other.id, { retentionDays: 1 });
      await form(store, ws.id, { retentionDays: null });
      await form(store, null, { agentKeyId: 'agent-1', retentionDays: 7 });
      const listed = (await store.forms.withRetention()).sort(byId);
      assert.equal(
        listed,
        [
          { id: month.id, retentionDays: 30 },
          { id: day.id, retentionDays: 1 },
        ].sort(byId),
      );
    },
  );
  rule(
    'forms.withRetention',
    'follows the settings: a period set, changed, then removed; a claimed form comes in',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const unclaimed = await form(store, null, { agentKeyId: 'agent-1', retentionDays: 7 });
      assert.equal(await store.forms.withRetention(), []);
      await store.forms.update(f.id, { retentionDays: 90 });
      assert.equal(await store.forms.withRetention(), [{ id: f.id, retentionDays: 90 }]);
      await store.forms.update(f.id, { retentionDays: 1 });
      assert.equal(await store.forms.withRetention(), [{ id: f.id, retentionDays: 1 }]);
      await store.forms.update(f.id, { retentionDays: null });
      assert.equal(await store.forms.withRetention(), []);
      await store.forms.claim(unclaimed.id, ws.id);
      assert.equal(await store.forms.withRetention(), [{ id: unclaimed.id, retentionDays: 7 }]);
    },
  );
  rule('forms.withRetention', 'a deleted form is not listed', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id, { retentionDays: 30 });
    await store.forms.delete(f.id);
    assert.equal(await store.forms.withRetention(), []);
  });

  rule(
    'submissions.idsOlderThan',
    'created strictly before the time, oldest first: one millisecond before is in, exactly at and after are out',
    async ({ store }) => {
      const f = await form(store, null);
      const cutoff = -30 * DAY;
      const ids: string[] = [];
      for (const ms of [cutoff - DAY, cutoff - HOUR, cutoff - 1, cutoff, cutoff + 1, 0]) {
        const sub = newSubmission(f.id, null, { createdAt: at(ms) });
        await store.submissions.insert(sub);
        ids.push(sub.id);
      }
      assert.equal(await store.submissions.idsOlderThan(f.id, at(cutoff), 100), ids.slice(0, 3));
      assert.equal(
        await store.submissions.idsOlderThan(f.id, at(cutoff - DAY), 100),
        [],
        'exactly at the oldest: none',
      );
      assert.equal(await store.submissions.idsOlderThan(f.id, at(1), 100), ids);
    },
  );
  rule(
    'submissions.idsOlderThan',
    'one inserted with retainFrom counts from it: strictly before the time is in, exactly at and after are out',
    async ({ store }) => {
      const f = await form(store, null);
      const cutoff = -30 * DAY;
      const ids: string[] = [];
      // All created long before the cutoff (caught as spam, restored later).
      for (const retainMs of [cutoff - 1, cutoff, cutoff + 1, 0]) {
        const sub = newSubmission(f.id, null, {
          createdAt: at(cutoff - 20 * DAY),
          retainFrom: at(retainMs),
          fromSpam: true,
        });
        assert.equal((await store.submissions.insert(sub)).kind, 'stored');
        ids.push(sub.id);
      }
      assert.equal(await store.submissions.idsOlderThan(f.id, at(cutoff), 100), ids.slice(0, 1));
      assert.equal(await store.submissions.idsOlderThan(f.id, at(1), 100), ids, 'later, every one is due');
      assert.is((await store.submissions.byId(f.id, ids[1]))?.createdAt, at(cutoff - 20 * DAY), 'it keeps its time');
    },
  );
  for (const [title, older, limit] of [
    ['limit-1 older: all', 2, 3],
    ['limit older: all', 3, 3],
    ['limit+1 older: the oldest limit', 4, 3],
  ] as const) {
    rule('submissions.idsOlderThan', `at most limit, ${title}`, async ({ store }) => {
      const f = await form(store, null);
      const ids = await submissions(store, f.id, null, older, -10 * DAY, HOUR);
      await submissions(store, f.id, null, 2);
      assert.equal(await store.submissions.idsOlderThan(f.id, at(-DAY), limit), ids.slice(0, limit));
    });
  }
  rule(
    'submissions.idsOlderThan',
    "one form's only; deleted ones are gone, so batches deleted in turn reach the end",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const ids = await submissions(store, f.id, ws.id, 5, -10 * DAY, HOUR);
      await submissions(store, g.id, ws.id, 3, -10 * DAY, HOUR);
      const seen: string[] = [];
      for (
        let batch = await store.submissions.idsOlderThan(f.id, at(-DAY), 2);
        batch.length > 0;
        batch = await store.submissions.idsOlderThan(f.id, at(-DAY), 2)
      ) {
        seen.push(...batch);
        await store.submissions.delete(f.id, batch, at());
      }
      assert.equal(seen, ids);
      assert.is(await store.submissions.count(g.id), 3, 'the other form keeps its submissions');
      assert.equal(await store.submissions.idsOlderThan('nope', at(), 10), []);
    },
  );

  run();
}
