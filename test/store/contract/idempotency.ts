// Contract of idempotency keys: kept per form for 24 h, checked inside the insert so that concurrent
// requests with one key store exactly one submission; a replay stores nothing and answers the first.
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, MINUTE, newSubmission, SECOND, workspace } from './fixtures.ts';

/** An idempotency record to insert with a submission; its stored answer names the key and body. */
export const idem = (key: string, bodyHash = 'body-1') => ({
  key,
  bodyHash,
  status: 201,
  response: `{"answer":"${key}/${bodyHash}"}`,
});

/** Rows for idempotency, through submissions.insert and the idempotency group. */
export function idempotencyContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'idempotency', factory);

  rule(
    'submissions.insert',
    'a key seen before answers replay with the first record and stores nothing, whatever the body',
    async ({ store }) => {
      const f = await form(store, null);
      const first = newSubmission(f.id, null, { idempotency: idem('k', 'body-1') });
      assert.is((await store.submissions.insert(first)).kind, 'stored');
      for (const body of ['body-1', 'body-2']) {
        const again = newSubmission(f.id, null, { createdAt: at(MINUTE), idempotency: idem('k', body) });
        assert.equal(
          await store.submissions.insert(again),
          { kind: 'replay', record: { formId: f.id, createdAt: first.createdAt, ...idem('k', 'body-1') } },
          body,
        );
      }
      assert.is((await store.submissions.page(f.id, 10)).length, 1);
      assert.is((await store.forms.byId(f.id))?.submissionCount, 1);
    },
  );
  rule('submissions.insert', 'keys are per form: the same key on another form is stored', async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    assert.is((await store.submissions.insert(newSubmission(f.id, null, { idempotency: idem('k') }))).kind, 'stored');
    assert.is((await store.submissions.insert(newSubmission(g.id, null, { idempotency: idem('k') }))).kind, 'stored');
  });
  for (const [title, ageMs, kind] of [
    ['a key exactly 24 h old still replays', DAY, 'replay'],
    ['a key older than 24 h (not yet swept) is replaced: stored again', DAY + 1, 'stored'],
  ] as const) {
    rule('submissions.insert', title, async ({ store }) => {
      const f = await form(store, null);
      await store.submissions.insert(
        newSubmission(f.id, null, { createdAt: at(-ageMs), idempotency: idem('k', 'old') }),
      );
      const outcome = await store.submissions.insert(newSubmission(f.id, null, { idempotency: idem('k', 'new') }));
      assert.is(outcome.kind, kind);
      assert.is((await store.idempotency.get(f.id, 'k'))?.bodyHash, kind === 'replay' ? 'old' : 'new');
    });
  }
  rule(
    'submissions.insert',
    'a replay wins over a limit: at the cap a seen key still answers replay',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.submissions.insert(newSubmission(f.id, ws.id, { idempotency: idem('k') }));
      const outcome = await store.submissions.insert(
        newSubmission(f.id, ws.id, { idempotency: idem('k'), formCap: 1, monthlyQuota: 1 }),
      );
      assert.is(outcome.kind, 'replay');
    },
  );
  rule(
    'submissions.insert',
    'six concurrent inserts with one key: exactly one stored, the others replay its record',
    async ({ store }) => {
      const f = await form(store, null);
      const subs = Array.from({ length: 6 }, (_, i) =>
        newSubmission(f.id, null, { idempotency: idem('k', `body-${i}`) }),
      );
      const outcomes = await Promise.all(subs.map((s) => store.submissions.insert(s)));
      const stored = outcomes.findIndex((o) => o.kind === 'stored');
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 1);
      for (const o of outcomes)
        if (o.kind !== 'stored')
          assert.equal(o, {
            kind: 'replay',
            record: { formId: f.id, createdAt: at(), ...idem('k', `body-${stored}`) },
          });
      assert.equal(
        (await store.submissions.page(f.id, 10)).map((s) => s.id),
        [subs[stored].id],
      );
    },
  );

  rule('idempotency.get', "the stored record of a form's key; undefined for another form or key", async ({ store }) => {
    const f = await form(store, null);
    await store.submissions.insert(newSubmission(f.id, null, { idempotency: idem('k') }));
    assert.equal(await store.idempotency.get(f.id, 'k'), { formId: f.id, createdAt: at(), ...idem('k') });
    assert.is(await store.idempotency.get(f.id, 'other'), undefined);
    assert.is(await store.idempotency.get('other-form', 'k'), undefined);
  });
  rule('idempotency.sweep', 'removes records created strictly before olderThan and counts them', async ({ store }) => {
    const f = await form(store, null);
    const rows: [key: string, createdMs: number, swept: boolean][] = [
      ['old', -2 * SECOND, true],
      ['just-before', -1, true],
      ['exactly', 0, false],
      ['after', SECOND, false],
    ];
    for (const [key, createdMs] of rows)
      await store.submissions.insert(newSubmission(f.id, null, { createdAt: at(createdMs), idempotency: idem(key) }));
    assert.is(await store.idempotency.sweep(at()), 2);
    for (const [key, , swept] of rows) assert.is((await store.idempotency.get(f.id, key)) === undefined, swept, key);
    assert.is((await store.submissions.page(f.id, 10)).length, 4, 'submissions stay');
  });

  run();
}
