// Contract of partial answers (keep_partial): one row per form and page session, replaced by a later save of the
// same session, paged latest first with a text filter, deleted by session, by id, by age and with their form.
import * as assert from 'uvu/assert';
import type { PartialRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, SECOND, uuid, workspace } from './fixtures.ts';

/** A partial answer of `formId` for `session`, last sent `updatedMs` after T0 (not stored). */
const partial = (formId: string, session: string, updatedMs = 0, over: Partial<PartialRecord> = {}): PartialRecord => ({
  id: uuid(),
  formId,
  session,
  formVersion: 1,
  values: { name: 'Ada', email: 'Ada@Example.com' },
  lastKey: 'email',
  createdAt: at(updatedMs),
  updatedAt: at(updatedMs),
  ...over,
});

/** A limit no row here reaches, but the limit's own rows. */
const MAX = 100;

/** Rows for partial answers. */
export function partialsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'partials', factory);

  rule('partials.save', 'a partial answer reads back field for field and answers its id', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    const p = partial(f.id, 'session-a', 0, { values: { name: 'é "quoted"', stars: 4, list: ['a'] } });
    assert.is(await store.partials.save(p, MAX), p.id);
    assert.equal(await store.partials.page(f.id, 10), [p]);
  });
  rule(
    'partials.save',
    'the same session again replaces values, version, last question and time; id and start stay',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const first = partial(f.id, 'session-a', 0);
      await store.partials.save(first, MAX);
      const later = partial(f.id, 'session-a', SECOND, { formVersion: 2, values: { name: 'Bo' }, lastKey: 'name' });
      assert.is(await store.partials.save(later, MAX), first.id, 'the kept id');
      assert.equal(await store.partials.page(f.id, 10), [{ ...later, id: first.id, createdAt: first.createdAt }]);
      // The same session on another form is another row.
      const g = await form(store, (await workspace(store)).id);
      await store.partials.save(partial(g.id, 'session-a'), MAX);
      assert.is(await store.partials.count(f.id), 1);
      assert.is(await store.partials.count(g.id), 1);
    },
  );
  rule(
    'partials.save',
    'the limit: at 3 a new session evicts the one sent longest ago; a known one evicts nothing',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const g = await form(store, (await workspace(store)).id);
      const [a, b, c] = [0, 1, 2].map((n) => partial(f.id, `s${n}-session`, n * SECOND));
      for (const p of [a, b, c]) await store.partials.save(p, 3);
      await store.partials.save(partial(g.id, 'other-session'), 3);
      assert.is(await store.partials.count(f.id), 3, 'the 3rd of 3 is kept');
      await store.partials.save(partial(f.id, a.session, 3 * SECOND, { values: { name: 'Again' } }), 3);
      assert.equal((await store.partials.page(f.id, 10)).map((p) => p.id).sort(), [a.id, b.id, c.id].sort());
      const d = partial(f.id, 'd-session', 4 * SECOND);
      await store.partials.save(d, 3);
      assert.equal(
        (await store.partials.page(f.id, 10)).map((p) => p.id),
        [d.id, a.id, c.id],
        'b, sent longest ago, made room',
      );
      assert.is(await store.partials.count(g.id), 1, "another form's are not counted");
    },
  );
  rule('partials.save', 'ten new sessions at once under a limit of 4: exactly 4 kept', async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    await Promise.all(
      Array.from({ length: 10 }, (_, n) => store.partials.save(partial(f.id, `race-${n}-session`, n), 4)),
    );
    assert.is(await store.partials.count(f.id), 4);
  });
  rule(
    'partials.page',
    'latest first; the cursor goes on after (time, id); q matches the values in any ASCII case',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const rows = [0, 1, 2].map((n) =>
        partial(f.id, `s${n}-session`, n * SECOND, { values: { name: `Person ${n}` } }),
      );
      const tie = partial(f.id, 'tie-session', 2 * SECOND, { values: { name: 'Tie' } });
      for (const p of [...rows, tie]) await store.partials.save(p, MAX);
      const all = await store.partials.page(f.id, 10);
      const [top, second] = [rows[2], tie].sort((a, b) => (a.id < b.id ? 1 : -1));
      assert.equal(
        all.map((p) => p.id),
        [top.id, second.id, rows[1].id, rows[0].id],
      );
      const after = await store.partials.page(f.id, 2, { updatedAt: second.updatedAt, id: second.id });
      assert.equal(
        after.map((p) => p.id),
        [rows[1].id, rows[0].id],
      );
      assert.equal(
        (await store.partials.page(f.id, 10, undefined, { q: 'PERSON 1' })).map((p) => p.id),
        [rows[1].id],
      );
      assert.equal(await store.partials.page('nope', 10), []);
    },
  );
  rule('partials.count', "counts the form's rows only", async ({ store }) => {
    const f = await form(store, (await workspace(store)).id);
    assert.is(await store.partials.count(f.id), 0);
    await store.partials.save(partial(f.id, 'one-session'), MAX);
    await store.partials.save(partial(f.id, 'two-session'), MAX);
    assert.is(await store.partials.count(f.id), 2);
  });
  rule(
    'partials.deleteSession',
    "removes that session's row of that form only; answers how many",
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const g = await form(store, (await workspace(store)).id);
      await store.partials.save(partial(f.id, 'gone-session'), MAX);
      const kept = partial(g.id, 'gone-session');
      await store.partials.save(kept, MAX);
      assert.is(await store.partials.deleteSession(f.id, 'gone-session'), 1);
      assert.is(await store.partials.deleteSession(f.id, 'gone-session'), 0);
      assert.equal(await store.partials.page(f.id, 10), []);
      assert.equal(await store.partials.page(g.id, 10), [kept]);
    },
  );
  rule(
    'partials.delete',
    "removes those ids of the form; another form's ids and unknown ones untouched",
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const g = await form(store, (await workspace(store)).id);
      const [a, b] = [partial(f.id, 'a-session'), partial(f.id, 'b-session')];
      const other = partial(g.id, 'c-session');
      for (const p of [a, b, other]) await store.partials.save(p, MAX);
      assert.is(await store.partials.delete(f.id, [a.id, other.id, uuid()]), 1);
      assert.is(await store.partials.delete(f.id, []), 0);
      assert.equal(await store.partials.page(f.id, 10), [b]);
      assert.equal(await store.partials.page(g.id, 10), [other]);
    },
  );
  rule(
    'partials.deleteOlderThan',
    'removes rows last sent before the cutoff; one at the cutoff stays',
    async ({ store }) => {
      const f = await form(store, (await workspace(store)).id);
      const older = partial(f.id, 'old-session', SECOND - 1);
      const atCutoff = partial(f.id, 'at-session', SECOND);
      const g = await form(store, (await workspace(store)).id);
      const elsewhere = partial(g.id, 'old-session', 0);
      for (const p of [older, atCutoff, elsewhere]) await store.partials.save(p, MAX);
      assert.is(await store.partials.deleteOlderThan(f.id, at(SECOND)), 1);
      assert.equal(await store.partials.page(f.id, 10), [atCutoff]);
      assert.equal(await store.partials.page(g.id, 10), [elsewhere], "another form's are its own retention's");
    },
  );
  rule('partials.save', "a deleted form's partial answers go with it; rows outlive a restart", async (world) => {
    const f = await form(world.store, (await workspace(world.store)).id);
    const g = await form(world.store, (await workspace(world.store)).id);
    await world.store.partials.save(partial(f.id, 'gone-session'), MAX);
    const kept = partial(g.id, 'kept-session');
    await world.store.partials.save(kept, MAX);
    await world.store.forms.delete(f.id);
    assert.is(await world.store.partials.count(f.id), 0);
    if (!world.canReopen) return;
    await world.reopen();
    assert.equal(await world.store.partials.page(g.id, 10), [kept]);
  });

  run();
}
