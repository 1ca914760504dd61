// Contract of the owner's marks on answers (ARCHITECTURE.md Wave 4 "Tags and notes"): submissions.mark and the
// tag and status filters of page, count and iterate, alone and with the text filter.
import * as assert from 'uvu/assert';
import type { Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { form, submissions, texts, workspace } from './fixtures.ts';

/** The tag limit the service passes (TAGS_MAX); the rows test the store at its edge with a small one too. */
const LIMIT = 10;

/** The ids a filtered iterate yields, oldest first. */
async function iterated(store: Store, formId: string, filter: Parameters<Store['submissions']['iterate']>[2]) {
  const out: string[] = [];
  for await (const s of store.submissions.iterate(formId, 2, filter)) out.push(s.id);
  return out;
}

/** Rows for submissions.mark and the tag/status filters. */
export function submissionMarksContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'the owner’s marks on answers', factory);

  rule('submissions.mark', 'a new answer has no tags, no note and status new', async ({ store }) => {
    const f = await form(store, null);
    const [id] = await submissions(store, f.id, null, 1);
    const s = await store.submissions.byId(f.id, id);
    assert.equal([s?.tags, s?.note, s?.status], [[], '', 'new']);
    assert.equal(await store.submissions.mark(f.id, [id], {}, LIMIT), { kind: 'marked', ids: [id] }, 'no change');
  });

  rule('submissions.mark', 'tags, note and status are kept (after reopening) and leave values alone', async (world) => {
    const f = await form(world.store, null);
    const [a, b] = await submissions(world.store, f.id, null, 2);
    const out = await world.store.submissions.mark(
      f.id,
      [a],
      { tags: ['urgent', 'bug'], note: 'Call back — ünïcode', status: 'seen' },
      LIMIT,
    );
    assert.equal(out, { kind: 'marked', ids: [a] });
    if (world.canReopen) await world.reopen();
    const s = await world.store.submissions.byId(f.id, a);
    assert.equal(
      [s?.tags, s?.note, s?.status, s?.values],
      [['urgent', 'bug'], 'Call back — ünïcode', 'seen', { n: 0 }],
    );
    const other = await world.store.submissions.byId(f.id, b);
    assert.equal([other?.tags, other?.status], [[], 'new'], 'the other answer is untouched');
    const page = await world.store.submissions.page(f.id, 10);
    assert.equal(page.find((r) => r.id === a)?.tags, ['urgent', 'bug'], 'pages carry the marks');
  });

  rule('submissions.mark', 'what the edit leaves out stays as it was', async ({ store }) => {
    const f = await form(store, null);
    const [id] = await submissions(store, f.id, null, 1);
    await store.submissions.mark(f.id, [id], { tags: ['a'], note: 'n', status: 'seen' }, LIMIT);
    await store.submissions.mark(f.id, [id], { status: 'done' }, LIMIT);
    let s = await store.submissions.byId(f.id, id);
    assert.equal([s?.tags, s?.note, s?.status], [['a'], 'n', 'done']);
    await store.submissions.mark(f.id, [id], { note: '' }, LIMIT);
    s = await store.submissions.byId(f.id, id);
    assert.equal([s?.tags, s?.note, s?.status], [['a'], '', 'done']);
    await store.submissions.mark(f.id, [id], { tags: [] }, LIMIT);
    s = await store.submissions.byId(f.id, id);
    assert.equal(s?.tags, []);
  });

  rule(
    'submissions.mark',
    'addTags appends those missing, removeTags drops; unknown and other forms’ ids are skipped, order as asked',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const [a, b, c] = await submissions(store, f.id, null, 3);
      const [elsewhere] = await submissions(store, g.id, null, 1);
      await store.submissions.mark(f.id, [a], { tags: ['x'] }, LIMIT);
      const out = await store.submissions.mark(f.id, [c, 'nope', elsewhere, a, a], { addTags: ['x', 'y'] }, LIMIT);
      assert.equal(out, { kind: 'marked', ids: [c, a] });
      assert.equal((await store.submissions.byId(f.id, a))?.tags, ['x', 'y']);
      assert.equal((await store.submissions.byId(f.id, c))?.tags, ['x', 'y']);
      assert.equal((await store.submissions.byId(f.id, b))?.tags, []);
      assert.equal((await store.submissions.byId(g.id, elsewhere))?.tags, [], 'another form’s answer untouched');
      await store.submissions.mark(f.id, [a, c], { removeTags: ['x'] }, LIMIT);
      assert.equal((await store.submissions.byId(f.id, a))?.tags, ['y']);
      assert.equal((await store.submissions.byId(f.id, c))?.tags, ['y']);
    },
  );

  rule(
    'submissions.mark',
    'adding up to maxTags is taken; one past it on any answer refuses the whole change (nothing written)',
    async ({ store }) => {
      const f = await form(store, null);
      const [a, b] = await submissions(store, f.id, null, 2);
      const nine = Array.from({ length: LIMIT - 1 }, (_, i) => `t${i}`);
      await store.submissions.mark(f.id, [a], { tags: nine }, LIMIT);
      assert.equal(await store.submissions.mark(f.id, [a, b], { addTags: ['ten'] }, LIMIT), {
        kind: 'marked',
        ids: [a, b],
      });
      assert.is((await store.submissions.byId(f.id, a))?.tags.length, LIMIT, 'at the limit');
      const refused = await store.submissions.mark(f.id, [b, a], { addTags: ['eleven'], status: 'done' }, LIMIT);
      assert.equal(refused, { kind: 'too_many_tags', id: a });
      assert.equal((await store.submissions.byId(f.id, b))?.tags, ['ten'], 'b unchanged although it had room');
      assert.is((await store.submissions.byId(f.id, b))?.status, 'new', 'nor its status');
      // Already holding the tag: adding it again adds nothing, so it is not past the limit.
      assert.equal(await store.submissions.mark(f.id, [a], { addTags: ['ten'] }, LIMIT), { kind: 'marked', ids: [a] });
    },
  );

  rule(
    'submissions.page',
    'tag and status filters: exact tag, either order, with cursor and limit',
    async ({ store }) => {
      const f = await form(store, null);
      const ids = await submissions(store, f.id, null, 5);
      await store.submissions.mark(f.id, [ids[0], ids[2], ids[4]], { tags: ['vip'] }, LIMIT);
      await store.submissions.mark(f.id, [ids[1]], { tags: ['vip-not'] }, LIMIT);
      await store.submissions.mark(f.id, [ids[2], ids[3]], { status: 'done' }, LIMIT);
      const pick = async (filter: Parameters<Store['submissions']['page']>[3], order?: 'oldest') =>
        (await store.submissions.page(f.id, 10, undefined, filter, order)).map((s) => ids.indexOf(s.id));
      assert.equal(await pick({ tag: 'vip' }), [4, 2, 0]);
      assert.equal(await pick({ tag: 'vip' }, 'oldest'), [0, 2, 4]);
      assert.equal(await pick({ tag: 'vi' }), [], 'a tag matches whole, not a part');
      assert.equal(await pick({ status: 'done' }), [3, 2]);
      assert.equal(await pick({ status: 'new' }), [4, 1, 0]);
      assert.equal(await pick({ status: 'seen' }), []);
      assert.equal(await pick({ tag: 'vip', status: 'done' }), [2], 'both at once');
      assert.equal(await pick({ tag: '', q: '' }), [4, 3, 2, 1, 0], 'empty filters filter nothing');
      const first = await store.submissions.page(f.id, 2, undefined, { tag: 'vip' });
      assert.equal(
        (await store.submissions.page(f.id, 2, first[1].seq, { tag: 'vip' })).map((s) => ids.indexOf(s.id)),
        [0],
      );
    },
  );

  rule('submissions.count', 'counts what page matches for tag, status and text together', async ({ store }) => {
    const f = await form(store, null);
    const ids = await texts(store, f.id, ['Ada', 'ada two', 'Grace', 'ADA three']);
    await store.submissions.mark(f.id, [ids[0], ids[2], ids[3]], { tags: ['t'] }, LIMIT);
    await store.submissions.mark(f.id, [ids[3]], { status: 'seen' }, LIMIT);
    for (const [filter, n] of [
      [{ tag: 't' }, 3],
      [{ q: 'ada' }, 3],
      [{ q: 'ada', tag: 't' }, 2],
      [{ q: 'ada', tag: 't', status: 'seen' as const }, 1],
      [{ status: 'new' as const }, 3],
      [{ tag: 'none' }, 0],
    ] as const) {
      assert.is(await store.submissions.count(f.id, filter), n, JSON.stringify(filter));
      assert.is((await store.submissions.page(f.id, 100, undefined, filter)).length, n, JSON.stringify(filter));
    }
  });

  rule('submissions.iterate', 'tag and status filters, oldest first across pages', async ({ store }) => {
    const f = await form(store, null);
    const ids = await submissions(store, f.id, null, 5);
    await store.submissions.mark(f.id, [ids[4], ids[1], ids[3]], { tags: ['Ünï'.toLowerCase()] }, LIMIT);
    await store.submissions.mark(f.id, [ids[1]], { status: 'done' }, LIMIT);
    assert.equal(await iterated(store, f.id, { tag: 'ünï' }), [ids[1], ids[3], ids[4]]);
    assert.equal(await iterated(store, f.id, { status: 'done' }), [ids[1]]);
    assert.equal(await iterated(store, f.id, { status: 'new', tag: 'ünï' }), [ids[3], ids[4]]);
  });

  rule(
    'forms.update',
    'notifyRules round-trip (after reopening) with their conditions as given; [] removes them',
    async (world) => {
      const f = await form(world.store, (await workspace(world.store)).id);
      assert.equal(f.notifyRules, [], 'none by default');
      const notifyRules = [
        {
          when: [
            { field: 'nps', lte: 6 },
            { field: 'topic', in: ['a', 'b'] },
          ],
          email: 'support@example.com',
        },
        { when: [{ field: 'plan', eq: 'pro' }], email: 'Sales@Example.com' },
      ];
      await world.store.forms.update(f.id, { notifyRules });
      if (world.canReopen) await world.reopen();
      assert.equal(await world.store.forms.byId(f.id), { ...f, notifyRules });
      await world.store.forms.update(f.id, { notifyRules: [] });
      assert.equal((await world.store.forms.byId(f.id))?.notifyRules, []);
    },
  );

  run();
}
