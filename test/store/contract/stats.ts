// Contract of the daily counters (store.formStats): additions that sum and never lose a count (many
// instances add at once on PostgreSQL), rows of deleted forms dropped, reads by day range, and the
// counters going with their form.
import * as assert from 'uvu/assert';
import type { DailyCount, Store } from '../../../server/core/store/types.ts';
import { form, workspace } from './fixtures.ts';
import { contractSuite, type StoreFactory } from './harness.ts';

/** A delta of `n` on one counter of `formId`. */
const row = (formId: string, day: string, kind: DailyCount['kind'], n: number, step = '', source = ''): DailyCount => ({
  formId,
  day,
  kind,
  step,
  source,
  n,
});

/** A form's counters as sorted `day kind step source=n` lines (their order is not part of the contract). */
const lines = async (store: Store, formId: string, from = '2026-01-01', to = '2026-12-31') =>
  (await store.formStats.range(formId, from, to))
    .map((r) => `${r.day} ${r.kind} ${r.step} ${r.source}=${r.n}`.replace(/ {2,}/g, ' '))
    .sort();

/** Rows for formStats. */
export function statsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'daily counters', factory);

  rule('formStats.add', 'a counter starts at 0 and each add sums into it; each key apart', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    await store.formStats.add([row(f.id, '2026-11-24', 'view', 3, '', 'example.com')]);
    await store.formStats.add([
      row(f.id, '2026-11-24', 'view', 2, '', 'example.com'),
      row(f.id, '2026-11-24', 'view', 1, '', 'direct'),
      row(f.id, '2026-11-24', 'step', 4, 'contact'),
      row(f.id, '2026-11-25', 'completion', 1),
    ]);
    assert.equal(await lines(store, f.id), [
      '2026-11-24 step contact =4',
      '2026-11-24 view direct=1',
      '2026-11-24 view example.com=5',
      '2026-11-25 completion =1',
    ]);
  });

  rule('formStats.add', 'rows of one counter in one batch add up', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    await store.formStats.add([row(f.id, '2026-11-24', 'start', 2), row(f.id, '2026-11-24', 'start', 5)]);
    assert.equal(await lines(store, f.id), ['2026-11-24 start =7']);
  });

  rule('formStats.add', 'an empty batch writes nothing and does not fail', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    await store.formStats.add([]);
    assert.equal(await lines(store, f.id), []);
  });

  rule(
    'formStats.add',
    'rows of a form that does not exist are dropped; the rest of the batch is kept',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.formStats.add([row('no-such-form', '2026-11-24', 'view', 9), row(f.id, '2026-11-24', 'view', 1)]);
      assert.equal(await lines(store, 'no-such-form'), []);
      assert.equal(await lines(store, f.id), ['2026-11-24 view =1']);
    },
  );

  rule('formStats.add', 'concurrent adds to the same counters lose no count', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const batch = () => [row(f.id, '2026-11-24', 'view', 1, '', 'a'), row(f.id, '2026-11-24', 'view', 2, '', 'b')];
    // Reversed order in half the batches: two writers that meet the same rows in either order still both land.
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.formStats.add(i % 2 ? batch() : batch().reverse())));
    assert.equal(await lines(store, f.id), ['2026-11-24 view a=20', '2026-11-24 view b=40']);
  });

  rule(
    'formStats.add',
    'landed runs once, when a read already sees the rows, and before the add resolves; the question kinds',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const order: string[] = [];
      let seen: Promise<string[]> | undefined;
      const batch = [row(f.id, '2026-11-24', 'reached', 3, 'nps'), row(f.id, '2026-11-24', 'skipped', 1, 'nps')];
      await store.formStats
        .add(batch, () => {
          order.push('landed');
          // Started here, before anything else runs: what a stats read at this moment would see.
          seen = lines(store, f.id);
        })
        .then(() => order.push('resolved'));
      assert.equal(order, ['landed', 'resolved']);
      assert.equal(await seen, ['2026-11-24 reached nps =3', '2026-11-24 skipped nps =1']);
      let empty = 0;
      await store.formStats.add([], () => empty++);
      assert.is(empty, 1, 'an empty batch has landed at once');
    },
  );

  rule('formStats.range', 'both ends included, days outside and other forms left out', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    await store.formStats.add([
      row(f.id, '2026-11-09', 'view', 1),
      row(f.id, '2026-11-10', 'view', 2),
      row(f.id, '2026-11-20', 'view', 3),
      row(f.id, '2026-11-21', 'view', 4),
      row(other.id, '2026-11-15', 'view', 5),
    ]);
    assert.equal(await lines(store, f.id, '2026-11-10', '2026-11-20'), ['2026-11-10 view =2', '2026-11-20 view =3']);
    assert.equal(await lines(store, f.id, '2026-11-15', '2026-11-15'), [], 'a day with no counts: nothing');
    const [r] = await store.formStats.range(other.id, '2026-11-15', '2026-11-15');
    assert.equal(r, row(other.id, '2026-11-15', 'view', 5), 'a row reads back whole');
  });

  rule('forms.delete', 'the counters go with their form; another form keeps its own', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const other = await form(store, ws.id);
    await store.formStats.add([row(f.id, '2026-11-24', 'view', 1), row(other.id, '2026-11-24', 'view', 2)]);
    await store.forms.delete(f.id);
    assert.equal(await lines(store, f.id), []);
    assert.equal(await lines(store, other.id), ['2026-11-24 view =2']);
  });

  run();
}
