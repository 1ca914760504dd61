// Contract of reading one submission and deleting submissions: only the given form's, the count lowered
// (never the month's usage), deliveries stopped and emptied, their log lines and replays of them dropped.
import * as assert from 'uvu/assert';
import type { NewSubmission, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, HOUR, MINUTE, newSubmission, SECOND, uuid, workspace } from './fixtures.ts';

/**
 * A submission with a delivery and an idempotency record whose stored answer is the service's (`{"id":…,"values":…}`).
 */
async function stored(store: Store, formId: string, workspaceId: string, key: string): Promise<NewSubmission> {
  const id = uuid();
  const values = { name: `Ada ${key}` };
  const sub = newSubmission(formId, workspaceId, {
    id,
    values,
    idempotency: { key, bodyHash: 'h', status: 201, response: JSON.stringify({ id, values }) },
    delivery: {
      id: uuid(),
      payload: JSON.stringify({ type: 'submission.created', submission_id: id, values }),
      nextAttemptAt: at(),
    },
  });
  const outcome = await store.submissions.insert(sub);
  if (outcome.kind !== 'stored') throw new Error(outcome.kind);
  return sub;
}

/** Rows for submissions.byId and submissions.delete. */
export function submissionDeleteContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'one submission: read and delete', factory);

  rule(
    'submissions.byId',
    "one submission of the form; undefined for an unknown id or another form's",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const sub = await stored(store, f.id, ws.id, 'k');
      const read = (await store.submissions.byId(f.id, sub.id))!;
      assert.equal(
        { ...read, seq: 0 },
        {
          seq: 0,
          id: sub.id,
          formId: f.id,
          formVersion: 1,
          createdAt: sub.createdAt,
          values: sub.values,
          hiddenChars: false,
          tags: [],
          note: '',
          status: 'new',
        },
      );
      assert.is(read.seq, (await store.submissions.page(f.id, 1))[0].seq);
      assert.is(await store.submissions.byId(g.id, sub.id), undefined);
      assert.is(await store.submissions.byId(f.id, 'nope'), undefined);
    },
  );

  rule(
    'submissions.delete',
    "deletes the given ids of that form only and answers those it deleted (unknown, repeated and other forms' " +
      'ids are not)',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const [a, b, c] = [
        await stored(store, f.id, ws.id, 'a'),
        await stored(store, f.id, ws.id, 'b'),
        await stored(store, f.id, ws.id, 'c'),
      ];
      const other = await stored(store, g.id, ws.id, 'a');
      const deleted = await store.submissions.delete(f.id, [a.id, c.id, a.id, 'nope', other.id], at(HOUR));
      assert.equal([...deleted].sort(), [a.id, c.id].sort());
      assert.equal(
        (await store.submissions.page(f.id, 10)).map((s) => s.id),
        [b.id],
      );
      assert.is(await store.submissions.byId(f.id, a.id), undefined);
      assert.ok(await store.submissions.byId(g.id, other.id), "another form's submission stays");
      assert.equal(await store.submissions.delete(f.id, [a.id], at(HOUR)), [], 'a second time: nothing');
      assert.equal(await store.submissions.delete(f.id, [], at(HOUR)), []);
    },
  );
  rule('submissions.delete', "lowers the form's count, never the month's usage", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const subs = [await stored(store, f.id, ws.id, 'a'), await stored(store, f.id, ws.id, 'b')];
    await store.submissions.delete(f.id, [subs[0].id], at(HOUR));
    assert.is((await store.forms.byId(f.id))?.submissionCount, 1);
    assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 2);
    assert.equal(
      await store.submissions.insert(newSubmission(f.id, ws.id)),
      { kind: 'stored', submissionCount: 2 },
      'the count goes on from there',
    );
  });
  rule(
    'submissions.delete',
    'a pending delivery of it is cancelled; every delivery of it has its payload emptied; others untouched',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const pending = await stored(store, f.id, ws.id, 'p');
      const delivered = await stored(store, f.id, ws.id, 'd');
      const kept = await stored(store, f.id, ws.id, 'k');
      await store.webhooks.recordAttempt({
        deliveryId: delivered.delivery!.id,
        attempt: {
          formId: f.id,
          submissionId: delivered.id,
          attempt: 1,
          statusCode: 200,
          error: null,
          durationMs: 5,
          createdAt: at(SECOND),
        },
        next: { state: 'delivered' },
        logSize: 100,
        failureMail: { after: 5, notSince: at(-HOUR) },
      });
      await store.submissions.delete(f.id, [pending.id, delivered.id], at(MINUTE));
      const p = (await store.webhooks.byId(pending.delivery!.id))!;
      const d = (await store.webhooks.byId(delivered.delivery!.id))!;
      assert.equal([p.state, p.payload], ['cancelled', '']);
      assert.equal([d.state, d.payload], ['delivered', '']);
      assert.equal(await store.webhooks.due(at(HOUR), 10), [{ id: kept.delivery!.id, formId: f.id }]);
      assert.is((await store.webhooks.byId(kept.delivery!.id))?.payload, kept.delivery!.payload);
      assert.is(await store.webhooks.sweepFinished(at(MINUTE + 1)), 2, 'the cancelled one ended at the given time');
    },
  );
  rule(
    'submissions.delete',
    "deletes its lines of the delivery log; other answers' lines and other forms' stay",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const gone = await stored(store, f.id, ws.id, 'g');
      const kept = await stored(store, f.id, ws.id, 'k');
      const elsewhere = await stored(store, g.id, ws.id, 'e');
      let lines = 0;
      const attempt = async (sub: NewSubmission, formId: string, n: number) => {
        lines++;
        await store.webhooks.recordAttempt({
          deliveryId: sub.delivery!.id,
          attempt: {
            formId,
            submissionId: sub.id,
            attempt: n,
            statusCode: 500,
            error: 'HTTP 500',
            durationMs: 5,
            createdAt: at(lines * SECOND),
          },
          next: { state: 'pending', nextAttemptAt: at(HOUR) },
          logSize: 100,
          failureMail: { after: 50, notSince: at(-HOUR) },
        });
      };
      for (const n of [1, 2, 3]) await attempt(gone, f.id, n);
      await attempt(kept, f.id, 1);
      await attempt(elsewhere, g.id, 1);
      await store.submissions.delete(f.id, [gone.id], at(HOUR));
      assert.equal(
        (await store.webhooks.attempts(f.id, 10)).map((a) => a.submissionId),
        [kept.id],
      );
      assert.equal((await store.webhooks.forSubmission(f.id, gone.id)).attempts, []);
      assert.equal(
        (await store.webhooks.attempts(g.id, 10)).map((a) => a.submissionId),
        [elsewhere.id],
      );
      await attempt(kept, f.id, 2);
      assert.is((await store.webhooks.attempts(f.id, 10)).length, 2, 'the log goes on after the gap');
    },
  );
  rule('submissions.delete', 'drops the idempotency records that would replay it; others stay', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const gone = await stored(store, f.id, ws.id, 'gone');
    await stored(store, f.id, ws.id, 'kept');
    await store.submissions.delete(f.id, [gone.id], at(MINUTE));
    assert.is(await store.idempotency.get(f.id, 'gone'), undefined);
    assert.ok(await store.idempotency.get(f.id, 'kept'));
    const again = newSubmission(f.id, ws.id, {
      createdAt: at(MINUTE),
      idempotency: { key: 'gone', bodyHash: 'h', status: 201, response: '{}' },
    });
    assert.is(
      (await store.submissions.insert(again)).kind,
      'stored',
      'the key is free again: the deleted answer is never replayed',
    );
  });
  rule(
    'submissions.delete',
    "another form's id for this form deletes nothing there (its deliveries and replays stay too)",
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const other = await stored(store, g.id, ws.id, 'k');
      assert.equal(await store.submissions.delete(f.id, [other.id], at(MINUTE)), []);
      assert.is((await store.webhooks.byId(other.delivery!.id))?.state, 'pending');
      assert.ok(await store.idempotency.get(g.id, 'k'));
      assert.is((await store.forms.byId(g.id))?.submissionCount, 1);
    },
  );
  rule(
    'submissions.delete',
    'two deletions of the same submission at once: it is answered deleted once, the count drops once',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const subs = [await stored(store, f.id, ws.id, 'a'), await stored(store, f.id, ws.id, 'b')];
      const results = await Promise.all([
        store.submissions.delete(f.id, [subs[0].id], at(MINUTE)),
        store.submissions.delete(f.id, [subs[0].id], at(MINUTE)),
      ]);
      assert.equal(results.map((r) => r.length).sort(), [0, 1]);
      assert.is((await store.forms.byId(f.id))?.submissionCount, 1);
    },
  );

  run();
}
