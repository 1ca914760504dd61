// Contract of the answer chain (docs/storage.md "Answer chain"): a link per stored answer and per
// deletion, each hash over its digest and the previous hash, one unbroken chain per form also under
// concurrent writes, and the newest signed head per form.
import * as assert from 'uvu/assert';
import { answerDigest, linkHash } from '../../../server/core/chain/links.ts';
import { allLinks, assertUnbroken } from '../chain-check.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, HOUR, newSubmission, SECOND, workspace } from './fixtures.ts';

/** Rows for store.chain and the links inserts and deletes append. */
export function chainContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'answer chain', factory);

  rule(
    'chain.links',
    'each stored answer is a link: its values, digest and a hash over the previous',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const g = await form(store, ws.id);
      // Plain, idempotent, capped and exact-count inserts take different paths in both stores.
      const subs = [
        newSubmission(f.id, ws.id, { values: { name: 'Ada', tags: ['b', 'a'], nested: { z: 1, a: 'é' } } }),
        newSubmission(f.id, ws.id, {
          createdAt: at(SECOND),
          idempotency: { key: 'k', bodyHash: 'h', status: 201, response: '{}' },
        }),
        newSubmission(f.id, ws.id, { createdAt: at(2 * SECOND), formCap: 10 }),
        newSubmission(f.id, ws.id, { createdAt: at(3 * SECOND), exactCount: true }),
        newSubmission(g.id, ws.id),
      ];
      for (const s of subs) assert.is((await store.submissions.insert(s)).kind, 'stored');
      const links = await allLinks(store, f.id);
      assert.equal(
        links.map((l) => [l.kind, l.answerId, l.at, l.values]),
        subs.slice(0, 4).map((s) => ['answer', s.id, s.createdAt, s.values]),
      );
      assertUnbroken(f.id, links);
      assert.is(
        links[0].hash,
        linkHash('answer', answerDigest(f.id, subs[0].id, subs[0].createdAt, subs[0].values), null),
      );
      const other = await allLinks(store, g.id);
      assert.equal(
        other.map((l) => [l.pos, l.answerId]),
        [[1, subs[4].id]],
      );
      assertUnbroken(g.id, other);
      assert.equal(await store.chain.links(f.id, 4, 10), []);
    },
  );

  rule(
    'chain.links',
    'concurrent inserts into one form make one unbroken chain with every answer once',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const subs = Array.from({ length: 40 }, (_, i) =>
        newSubmission(f.id, ws.id, { createdAt: at(i), values: { n: i }, exactCount: i % 3 === 0 }),
      );
      const outcomes = await Promise.all(subs.map((s) => store.submissions.insert(s)));
      assert.ok(outcomes.every((o) => o.kind === 'stored'));
      const links = await allLinks(store, f.id);
      assertUnbroken(f.id, links);
      assert.equal(links.map((l) => l.answerId).sort(), subs.map((s) => s.id).sort());
    },
  );

  rule(
    'submissions.delete',
    'each deleted answer is a deletion link naming it and its hash; its own link stays',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const [a, b] = [newSubmission(f.id, ws.id), newSubmission(f.id, ws.id, { createdAt: at(SECOND) })];
      for (const s of [a, b]) await store.submissions.insert(s);
      const before = await allLinks(store, f.id);
      assert.equal(await store.submissions.delete(f.id, [b.id, 'nope'], at(HOUR), 'retention'), [b.id]);
      assert.equal(await store.submissions.delete(f.id, [a.id], at(2 * HOUR)), [a.id]);
      const links = await allLinks(store, f.id);
      assertUnbroken(f.id, links);
      assert.equal(
        links.map((l) => [l.kind, l.answerId, l.at, l.reason, l.deletedHash, l.values]),
        [
          ['answer', a.id, a.createdAt, null, null, undefined],
          ['answer', b.id, b.createdAt, null, null, undefined],
          ['deletion', b.id, at(HOUR), 'retention', before[1].hash, undefined],
          ['deletion', a.id, at(2 * HOUR), 'deleted', before[0].hash, undefined],
        ],
      );
      // Nothing deleted, nothing appended.
      assert.equal(await store.submissions.delete(f.id, ['nope'], at(3 * HOUR)), []);
      assert.is((await store.chain.head(f.id))?.pos, 4);
    },
  );

  rule('chain.head', 'undefined for an empty chain, else the last link; it survives a reopen', async (w) => {
    const ws = await workspace(w.store);
    const f = await form(w.store, ws.id);
    assert.is(await w.store.chain.head(f.id), undefined);
    await w.store.submissions.insert(newSubmission(f.id, ws.id));
    await w.store.submissions.insert(newSubmission(f.id, ws.id));
    const last = (await allLinks(w.store, f.id))[1];
    assert.equal(await w.store.chain.head(f.id), { pos: 2, hash: last.hash });
    if (!w.canReopen) return;
    await w.store.close();
    await w.reopen();
    assert.equal(await w.store.chain.head(f.id), { pos: 2, hash: last.hash });
    // The next link follows the head read back from disk.
    await w.store.submissions.insert(newSubmission(f.id, ws.id));
    assertUnbroken(f.id, await allLinks(w.store, f.id));
  });

  rule(
    'chain.linkExisting',
    'links nothing when every answer has its link, and leaves the chain as it was',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.submissions.insert(newSubmission(f.id, ws.id));
      const before = await allLinks(store, f.id);
      assert.is(await store.chain.linkExisting(), 0);
      assert.equal(await allLinks(store, f.id), before);
    },
  );

  rule('chain.unsigned', 'forms whose head moved since its signature; none for an empty chain', async ({ store }) => {
    const ws = await workspace(store);
    const [f, g, empty] = [await form(store, ws.id), await form(store, ws.id), await form(store, ws.id)];
    await store.submissions.insert(newSubmission(f.id, ws.id));
    await store.submissions.insert(newSubmission(g.id, ws.id));
    assert.equal((await store.chain.unsigned(10)).sort(), [f.id, g.id].sort());
    assert.is((await store.chain.unsigned(1)).length, 1);
    const head = (await store.chain.head(f.id))!;
    await store.chain.saveSigned({ formId: f.id, ...head, signedAt: at(), signature: 'sig' });
    assert.equal(await store.chain.unsigned(10), [g.id]);
    await store.submissions.insert(newSubmission(f.id, ws.id));
    assert.equal((await store.chain.unsigned(10)).sort(), [f.id, g.id].sort());
    assert.not.ok((await store.chain.unsigned(10)).includes(empty.id));
  });

  rule(
    'chain.saveSigned',
    'keeps the newest signed head per form; an older one does not replace it',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.chain.saveSigned({ formId: f.id, pos: 2, hash: 'h2', signedAt: at(HOUR), signature: 's2' });
      await store.chain.saveSigned({ formId: f.id, pos: 1, hash: 'h1', signedAt: at(2 * HOUR), signature: 's1' });
      assert.equal(await store.chain.signed(f.id), {
        formId: f.id,
        pos: 2,
        hash: 'h2',
        signedAt: at(HOUR),
        signature: 's2',
      });
      await store.chain.saveSigned({ formId: f.id, pos: 3, hash: 'h3', signedAt: at(3 * HOUR), signature: 's3' });
      assert.is((await store.chain.signed(f.id))?.pos, 3);
    },
  );

  rule('chain.signed', 'undefined before any signature; gone with its form', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    assert.is(await store.chain.signed(f.id), undefined);
    await store.submissions.insert(newSubmission(f.id, ws.id));
    await store.chain.saveSigned({ formId: f.id, pos: 1, hash: 'h', signedAt: at(), signature: 's' });
    assert.is((await store.chain.signed(f.id))?.hash, 'h');
    await store.forms.delete(f.id);
    assert.is(await store.chain.signed(f.id), undefined);
    assert.is(await store.chain.head(f.id), undefined);
  });

  run();
}
