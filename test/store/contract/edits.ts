// Contract of respondents' edits (ARCHITECTURE.md Wave 4 "Respondents edit their answer"): edit links by their
// token's hash, an edit replacing the values in one write with the earlier ones kept as a revision, an `edit` link
// in the form's chain carrying the values stored under each link, idempotent replays, a deleted answer taking its
// links and revisions with it, and the `submission.deleted` delivery a deletion writes for a receiver.
import * as assert from 'uvu/assert';
import { editDigest } from '../../../server/core/chain/links.ts';
import type { NewEdit, Store } from '../../../server/core/store/types.ts';
import { allLinks, assertUnbroken } from '../chain-check.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, HOUR, submissions, workspace } from './fixtures.ts';

/** An edit of answer `id` of form `formId` to `values` at `atMs` after T0. */
function anEdit(
  formId: string,
  id: string,
  values: Record<string, unknown>,
  atMs: number,
  over: Partial<NewEdit> = {},
) {
  const when = at(atMs);
  return {
    formId,
    submissionId: id,
    formVersion: 1,
    at: when,
    values,
    hiddenChars: false,
    digest: (replaced: string | null) => editDigest(formId, { id, hash: replaced }, when, values),
    ...over,
  } satisfies NewEdit;
}

async function seeded(store: Store) {
  const ws = await workspace(store);
  const f = await form(store, ws.id);
  const [a, b] = await submissions(store, f.id, ws.id, 2);
  return { ws, f, a, b };
}

/** Rows for store.edits and what edits change in the chain and deletions. */
export function editsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'respondents’ edits', factory);

  rule('edits.link', 'a link is kept by its hash (after reopening); an unknown hash reads undefined', async (world) => {
    const { f, a } = await seeded(world.store);
    await world.store.edits.addLink('h1', { formId: f.id, submissionId: a, expiresAt: at(48 * HOUR) });
    await world.store.edits.addLink('h2', { formId: f.id, submissionId: a, expiresAt: at(HOUR) });
    if (world.canReopen) await world.reopen();
    assert.equal(await world.store.edits.link('h1'), { formId: f.id, submissionId: a, expiresAt: at(48 * HOUR) });
    assert.equal((await world.store.edits.link('h2'))?.expiresAt, at(HOUR), 'two links to one answer');
    assert.is(await world.store.edits.link('nope'), undefined);
  });

  rule(
    'edits.revisions',
    'replaces the values, keeps the earlier ones as revisions, links each edit',
    async (world) => {
      const { f, a, b } = await seeded(world.store);
      assert.equal(await world.store.edits.revisions(f.id, a), []);
      const first = await world.store.edits.apply(anEdit(f.id, a, { n: 10 }, HOUR, { hiddenChars: true }));
      assert.equal(first, { kind: 'edited', revision: 1 });
      assert.equal(await world.store.edits.apply(anEdit(f.id, a, { n: 20 }, 2 * HOUR)), {
        kind: 'edited',
        revision: 2,
      });
      if (world.canReopen) await world.reopen();
      const s = await world.store.submissions.byId(f.id, a);
      assert.equal([s?.values, s?.hiddenChars, s?.createdAt], [{ n: 20 }, false, at(0)]);
      assert.equal(await world.store.edits.revisions(f.id, a), [
        { n: 1, at: at(HOUR), values: { n: 0 } },
        { n: 2, at: at(2 * HOUR), values: { n: 10 } },
      ]);
      assert.equal((await world.store.submissions.byId(f.id, b))?.values, { n: 1 }, 'the other answer is untouched');
      const links = await allLinks(world.store, f.id);
      assert.equal(
        links.map((l) => [l.kind, l.answerId, l.values]),
        [
          ['answer', a, { n: 0 }],
          ['answer', b, { n: 1 }],
          ['edit', a, { n: 10 }],
          ['edit', a, { n: 20 }],
        ],
      );
      assert.equal([links[2].deletedHash, links[3].deletedHash], [links[0].hash, links[2].hash]);
      assertUnbroken(f.id, links);
      assert.is(await world.store.submissions.count(f.id), 2, 'an edit adds no answer');
    },
  );

  rule(
    'edits.apply',
    'a deleted answer is gone (nothing written); a used key replays without a write',
    async ({ store }) => {
      const { f, a, b } = await seeded(store);
      const idempotency = { key: 'k1', bodyHash: 'h', status: 200, response: '{"id":"x"}' };
      const delivery = { id: `d-${a}`, payload: '{"type":"submission.updated"}', nextAttemptAt: at(HOUR) };
      assert.equal(
        (await store.edits.apply(anEdit(f.id, a, { n: 5 }, HOUR, { idempotency, delivery }))).kind,
        'edited',
      );
      const replay = await store.edits.apply(anEdit(f.id, a, { n: 6 }, HOUR + 1, { idempotency }));
      assert.equal(replay.kind === 'replay' && [replay.record.key, replay.record.response], ['k1', '{"id":"x"}']);
      assert.equal((await store.submissions.byId(f.id, a))?.values, { n: 5 });
      assert.equal((await store.webhooks.byId(delivery.id))?.submissionId, a, 'the delivery went with the edit');
      await store.submissions.delete(f.id, [b], at(2 * HOUR));
      assert.equal(await store.edits.apply(anEdit(f.id, b, { n: 7 }, 3 * HOUR)), { kind: 'gone' });
      assert.is((await allLinks(store, f.id)).length, 4, 'two answers, one edit, one deletion');
    },
  );

  rule(
    'edits.addLink',
    'a deletion takes the answer’s links and revisions and names its last edit',
    async ({ store }) => {
      const { f, a } = await seeded(store);
      await store.edits.addLink('h-del', { formId: f.id, submissionId: a, expiresAt: at(48 * HOUR) });
      await store.edits.apply(anEdit(f.id, a, { n: 9 }, HOUR));
      const notice = { id: `gone-${a}`, payload: '{"type":"submission.deleted"}', nextAttemptAt: at(2 * HOUR) };
      assert.equal(
        await store.submissions.delete(f.id, [a], at(2 * HOUR), 'erasure', (id) => (id === a ? notice : undefined)),
        [a],
      );
      assert.equal(await store.edits.revisions(f.id, a), []);
      assert.is(await store.edits.link('h-del'), undefined);
      assert.equal((await store.webhooks.byId(notice.id))?.state, 'pending', 'the deletion notice waits to be sent');
      const links = await allLinks(store, f.id);
      assert.equal(
        links.map((l) => [l.kind, l.answerId, l.values === undefined]),
        [
          ['answer', a, true],
          ['answer', links[1].answerId, false],
          ['edit', a, true],
          ['deletion', a, true],
        ],
      );
      assert.equal([links[3].deletedHash, links[3].reason], [links[2].hash, 'erasure']);
      assertUnbroken(f.id, links);
    },
  );

  run();
}
