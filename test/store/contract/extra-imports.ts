// Contract of what issue 36 added to submissions: the undeclared inputs an HTML post kept (`extra`, and
// the export's `extraKeys`), an import's row id (a second insert with it stores nothing) and the form's
// `acceptUndeclared` setting.
import * as assert from 'uvu/assert';
import { contractSuite, type StoreFactory } from './harness.ts';
import { form, newSubmission, workspace } from './fixtures.ts';

/** Rows for submissions.insert with extra or an import id, submissions.extraKeys and forms.update. */
export function extraImportsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'undeclared inputs and imported rows', factory);

  rule(
    'submissions.insert',
    'extra reads back as given, and is absent on a submission without it',
    async ({ store }) => {
      const f = await form(store, null);
      const extra = { company: 'Acme', 'ünïcode name': 'line\nbreak', __proto__x: '' };
      const kept = newSubmission(f.id, null, { extra });
      await store.submissions.insert(kept);
      const plain = newSubmission(f.id, null);
      await store.submissions.insert(plain);
      assert.equal((await store.submissions.byId(f.id, kept.id))?.extra, extra);
      assert.not.ok('extra' in (await store.submissions.byId(f.id, plain.id))!);
      const [newest, oldest] = await store.submissions.page(f.id, 10);
      assert.equal([newest.extra, oldest.extra], [undefined, extra]);
    },
  );

  rule(
    'submissions.insert',
    'an import id the form holds already stores nothing (duplicate); other forms may reuse it',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      const first = newSubmission(f.id, ws.id, { importId: 'row-1' });
      assert.equal(await store.submissions.insert(first), { kind: 'stored', submissionCount: 1 });
      assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id, { importId: 'row-1' })), {
        kind: 'duplicate',
      });
      assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id, { importId: 'row-2' })), {
        kind: 'stored',
        submissionCount: 2,
      });
      assert.equal(await store.submissions.insert(newSubmission(g.id, ws.id, { importId: 'row-1' })), {
        kind: 'stored',
        submissionCount: 1,
      });
      assert.is((await store.forms.byId(f.id))?.submissionCount, 2, 'the duplicate was not counted');
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 3);
      assert.is((await store.submissions.byId(f.id, first.id))?.importId, 'row-1');
      // Concurrent inserts of one row id: exactly one is stored.
      const outcomes = await Promise.all(
        [1, 2, 3].map(() =>
          store.submissions.insert(newSubmission(f.id, ws.id, { importId: 'row-3' })).catch(() => ({ kind: 'error' })),
        ),
      );
      assert.is(outcomes.filter((o) => o.kind === 'stored').length, 1);
      assert.is(await store.submissions.count(f.id), 3);
    },
  );

  rule(
    'submissions.extraKeys',
    "every kept name once, in code point order; [] without any; other forms' not mixed in",
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      assert.equal(await store.submissions.extraKeys(f.id), []);
      await store.submissions.insert(newSubmission(f.id, null));
      assert.equal(await store.submissions.extraKeys(f.id), []);
      await store.submissions.insert(newSubmission(f.id, null, { extra: { zeta: '1', Alpha: '2', é: '3' } }));
      await store.submissions.insert(newSubmission(f.id, null, { extra: { alpha: '4', zeta: '5' } }));
      await store.submissions.insert(newSubmission(g.id, null, { extra: { other: 'x' } }));
      assert.equal(await store.submissions.extraKeys(f.id), ['Alpha', 'alpha', 'zeta', 'é']);
      assert.equal(await store.submissions.extraKeys('nope'), []);
    },
  );

  rule('forms.update', 'acceptUndeclared is false on a new form and reads back as set', async ({ store }) => {
    const f = await form(store, null);
    assert.is((await store.forms.byId(f.id))?.acceptUndeclared, false);
    await store.forms.update(f.id, { acceptUndeclared: true });
    assert.is((await store.forms.byId(f.id))?.acceptUndeclared, true);
    await store.forms.update(f.id, { acceptUndeclared: false });
    assert.is((await store.forms.byId(f.id))?.acceptUndeclared, false);
  });

  run();
}
