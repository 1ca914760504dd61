// Contract of the answer tallies (store/types/tallies.ts): counts added with the mark they move, never twice
// (a stale mark writes nothing, also when two counts race), summed over days, the newest texts kept per field
// and day, forgotten by reset and with their form.
import * as assert from 'uvu/assert';
import type { TallyCount, TallyMark, TallyPage, TallySum, TallyText } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { form, newSubmission, workspace } from './fixtures.ts';

const KINDS = '[["size","number"]]';
const mark = (pos: number, kinds = KINDS): TallyMark => ({ pos, kinds });
const count = (day: string, counter: string, n: number, field = 'size'): TallyCount => ({ day, field, counter, n });
const page = (counts: TallyCount[] = [], texts: TallyText[] = [], taken: string[] = []): TallyPage => ({
  counts,
  texts,
  taken,
});
const text = (day: string, pos: number, field = 'name'): TallyText => ({ day, field, pos, text: `t${pos}` });

/** Rows for answer tallies. */
export function talliesContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'answer tallies', factory);

  rule('tallies.mark', 'none before the first count; then the place and kinds written last', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    assert.is(await store.tallies.mark(f.id), undefined);
    assert.is(await store.tallies.add(f.id, undefined, mark(3), page([], []), 5), true);
    assert.equal(await store.tallies.mark(f.id), mark(3));
  });
  rule('tallies.add', 'counts add up per day and counter; a stale mark writes nothing', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    assert.is(await store.tallies.add(f.id, undefined, mark(2), page([count('2026-11-01', 'n4', 2)], []), 5), true);
    assert.is(await store.tallies.add(f.id, mark(2), mark(5), page([count('2026-11-01', 'n4', 3)], []), 5), true);
    assert.is(await store.tallies.add(f.id, mark(2), mark(9), page([count('2026-11-01', 'n4', 100)], []), 5), false);
    assert.is(
      await store.tallies.add(f.id, mark(5, '[]'), mark(9), page([count('2026-11-01', 'n4', 100)], []), 5),
      false,
    );
    assert.equal(await store.tallies.sums(f.id, '2026-11-01', '2026-11-01'), [{ field: 'size', counter: 'n4', n: 5 }]);
    assert.equal(await store.tallies.mark(f.id), mark(5));
  });
  rule('tallies.add', 'two counts from the same mark at once: exactly one is written', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        store.tallies.add(f.id, undefined, mark(i + 1), page([count('2026-11-01', 'a', 1)], []), 5),
      ),
    );
    assert.is(outcomes.filter(Boolean).length, 1);
    assert.equal(await store.tallies.sums(f.id, '0000-01-01', '9999-12-31'), [{ field: 'size', counter: 'a', n: 1 }]);
  });
  rule('tallies.add', 'keeps the newest texts per field and day, at the limit and past it', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const first = [1, 2, 3].map((p) => text('2026-11-01', p));
    assert.is(await store.tallies.add(f.id, undefined, mark(3), page([], first), 3), true);
    assert.equal(
      (await store.tallies.texts(f.id, '2026-11-01', '2026-11-01')).map((t) => t.pos),
      [3, 2, 1],
    );
    const later = [text('2026-11-01', 4), text('2026-11-02', 5), text('2026-11-01', 6, 'other')];
    assert.is(await store.tallies.add(f.id, mark(3), mark(6), page([], later), 3), true);
    assert.equal(await store.tallies.texts(f.id, '2026-11-01', '2026-11-02'), [
      { field: 'name', pos: 5, text: 't5' },
      { field: 'other', pos: 6, text: 't6' },
      { field: 'name', pos: 4, text: 't4' },
      { field: 'name', pos: 3, text: 't3' },
      { field: 'name', pos: 2, text: 't2' },
    ]);
  });
  rule('tallies.sums', "both days included, days outside left out, other forms' not mixed in", async ({ store }) => {
    const ws = (await workspace(store)).id;
    const f = await form(store, ws);
    const g = await form(store, ws);
    const days = ['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'];
    await store.tallies.add(f.id, undefined, mark(4), page(days.map((d, i) => count(d, 'a', 10 ** i))), 5);
    await store.tallies.add(g.id, undefined, mark(1), page([count('2026-11-01', 'a', 7)], []), 5);
    assert.equal(await store.tallies.sums(f.id, '2026-11-01', '2026-11-02'), [{ field: 'size', counter: 'a', n: 110 }]);
    assert.equal(await store.tallies.sums(f.id, '2026-12-01', '2026-12-31'), []);
  });
  rule('tallies.texts', 'none for a form never counted', async ({ store }) => {
    assert.equal(await store.tallies.texts('nope', '0000-01-01', '9999-12-31'), []);
  });
  rule('tallies.reset', 'forgets counts, texts and the mark; gone with the form too', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    await store.tallies.add(f.id, undefined, mark(1), page([count('2026-11-01', 'a', 1)], [text('2026-11-01', 1)]), 5);
    await store.tallies.reset(f.id);
    assert.equal(
      [await store.tallies.mark(f.id), await store.tallies.sums(f.id, '0000-01-01', '9999-12-31')],
      [undefined, []],
    );
    assert.equal(await store.tallies.texts(f.id, '0000-01-01', '9999-12-31'), []);
    assert.is(await store.tallies.add(f.id, undefined, mark(1), page([count('2026-11-01', 'a', 1)], []), 5), true);
    await store.forms.delete(f.id);
    assert.equal(await store.tallies.sums(f.id, '0000-01-01', '9999-12-31'), []);
  });

  rule('tallies.behind', 'forms counted before whose chain moved past the mark; reset ones too', async ({ store }) => {
    const ws = (await workspace(store)).id;
    const [counted, moved, reset, never] = [
      await form(store, ws),
      await form(store, ws),
      await form(store, ws),
      await form(store, ws),
    ];
    for (const f of [counted, moved, reset, never])
      for (let i = 0; i < 2; i++) await store.submissions.insert(newSubmission(f.id, ws));
    for (const f of [counted, moved, reset]) {
      const head = (await store.chain.head(f.id))!;
      assert.is(await store.tallies.add(f.id, undefined, mark(head.pos), page([], []), 5), true);
    }
    assert.equal(await store.tallies.behind(10), []);
    await store.submissions.insert(newSubmission(moved.id, ws));
    await store.tallies.reset(reset.id);
    assert.equal((await store.tallies.behind(10)).sort(), [moved.id, reset.id].sort());
    assert.equal((await store.tallies.behind(1)).length, 1);
  });

  rule(
    'tallies.taken',
    'an answer deleted after it was counted is taken back and noted; the count drops the note',
    async ({ store }) => {
      const ws = (await workspace(store)).id;
      const f = await form(store, ws);
      const [kept, gone, later] = [
        newSubmission(f.id, ws, { values: { size: 4 } }),
        newSubmission(f.id, ws, { values: { size: 4 } }),
        newSubmission(f.id, ws, { values: { size: 7 } }),
      ];
      for (const s of [kept, gone]) await store.submissions.insert(s);
      const day = kept.createdAt.slice(0, 10);
      const head = (await store.chain.head(f.id))!;
      assert.is(
        await store.tallies.add(
          f.id,
          undefined,
          mark(head.pos),
          page([count(day, 'n4', 2), count(day, 'a', 2), count(day, 'a', 2, '')]),
          5,
        ),
        true,
      );
      await store.submissions.insert(later);
      // `gone` was counted, `later` not yet (past the mark): only `gone` is taken back.
      assert.equal(await store.submissions.delete(f.id, [gone.id, later.id], kept.createdAt), [gone.id, later.id]);
      assert.equal(await store.tallies.taken(f.id, [gone.id, later.id, kept.id]), [gone.id]);
      const byName = (a: TallySum, b: TallySum) => `${a.field}/${a.counter}`.localeCompare(`${b.field}/${b.counter}`);
      // What the deleted answer added (itself, its size answered, the 4) is taken back; nothing else changes.
      assert.equal((await store.tallies.sums(f.id, day, day)).sort(byName), [
        { field: '', counter: 'a', n: 1 },
        { field: 'size', counter: 'a', n: 1 },
        { field: 'size', counter: 'n4', n: 1 },
      ]);
      assert.is(await store.tallies.add(f.id, mark(head.pos), mark(head.pos + 3), page([], [], [gone.id]), 5), true);
      assert.equal(await store.tallies.taken(f.id, [gone.id]), []);
    },
  );
  rule('tallies.taken', 'none before any count; a reset drops the notes', async ({ store }) => {
    const ws = (await workspace(store)).id;
    const f = await form(store, ws);
    const s = newSubmission(f.id, ws);
    await store.submissions.insert(s);
    await store.submissions.delete(f.id, [s.id], s.createdAt);
    assert.equal(await store.tallies.taken(f.id, [s.id]), [], 'never counted: nothing to take back');
  });

  run();
}
