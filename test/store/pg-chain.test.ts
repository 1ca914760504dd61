// The answer chain on PostgreSQL with several instances (docs/storage.md "Answer chain"): inserts of one
// form on two stores (two instances) make one chain without a fork; answers stored before the chain, or
// left waiting by an instance that stopped before its chain step, get their links.
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerDigest } from '../../server/core/chain/links.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { allLinks, assertUnbroken } from './chain-check.ts';
import { at, form, newSubmission, workspace } from './contract/fixtures.ts';
import { pgWorld } from './pg-world.ts';

const { freshDatabase, stopLast } = await pgWorld();
const chain = suite('postgres: the answer chain on many instances');

chain('two instances posting to one form at once make one unbroken chain holding every answer once', async () => {
  const url = await freshDatabase();
  const [a, b] = [await openPgStore(url), await openPgStore(url)];
  try {
    const ws = await workspace(a);
    const f = await form(a, ws.id);
    // Batched, one-row and exact-count inserts on both instances, all at once.
    const subs = Array.from({ length: 120 }, (_, i) =>
      newSubmission(f.id, ws.id, { createdAt: at(i), values: { n: i }, exactCount: i % 5 === 0 }),
    );
    const outcomes = await Promise.all(subs.map((s, i) => (i % 2 ? a : b).submissions.insert(s)));
    assert.ok(outcomes.every((o) => o.kind === 'stored'));
    // A deletion on one instance while the other stores more.
    const more = Array.from({ length: 20 }, (_, i) => newSubmission(f.id, ws.id, { createdAt: at(200 + i) }));
    const [deleted] = await Promise.all([
      a.submissions.delete(f.id, [subs[3].id, subs[4].id], at(1000)),
      ...more.map((s) => b.submissions.insert(s)),
    ]);
    assert.equal(deleted, [subs[3].id, subs[4].id]);
    const links = await allLinks(b, f.id, 50);
    assertUnbroken(f.id, links);
    const answers = links.filter((l) => l.kind === 'answer').map((l) => l.answerId);
    assert.equal([...answers].sort(), [...subs, ...more].map((s) => s.id).sort());
    assert.equal(
      links.filter((l) => l.kind === 'deletion').map((l) => l.answerId),
      [subs[3].id, subs[4].id],
    );
    assert.equal(await a.chain.head(f.id), { pos: links.length, hash: links.at(-1)!.hash });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

chain(
  'answers waiting for their chain step (their instance stopped) are linked by the next read or signing',
  async () => {
    const url = await freshDatabase();
    const store = await openPgStore(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      await store.submissions.insert(newSubmission(f.id, ws.id));
      await store.chain.head(f.id);
      // Stored by an instance that stopped before its step: the insert committed, the link did not follow.
      const late = newSubmission(f.id, ws.id, { createdAt: at(1) });
      await client.query(
        `SELECT * FROM formstead_insert_submission($1, $2, 1, $3, '{}', FALSE, $4, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, '{}', FALSE, NULL, NULL, NULL, NULL, NULL, $5)`,
        [late.id, f.id, late.createdAt, ws.id, answerDigest(f.id, late.id, late.createdAt, {})],
      );
      assert.is((await client.query('SELECT count(*)::int AS n FROM chain_pending')).rows[0].n, 1);
      assert.equal(await store.chain.unsigned(10), [f.id]);
      assert.is((await client.query('SELECT count(*)::int AS n FROM chain_pending')).rows[0].n, 0);
      const links = await allLinks(store, f.id);
      assertUnbroken(f.id, links);
      assert.is(links.at(-1)!.answerId, late.id);
    } finally {
      await client.end();
      await store.close();
    }
  },
);

chain('answers stored before the chain existed are linked once, oldest first; a second run links none', async () => {
  const url = await freshDatabase();
  const store = await openPgStore(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ws = await workspace(store);
    const [f, g] = [await form(store, ws.id), await form(store, ws.id)];
    const subs = Array.from({ length: 5 }, (_, i) =>
      newSubmission(f.id, ws.id, { createdAt: at(i), values: { n: i } }),
    );
    for (const s of [...subs, newSubmission(g.id, ws.id)]) await store.submissions.insert(s);
    await store.chain.head(f.id);
    await store.chain.head(g.id);
    // As the schema was before migration 19: answers, no links.
    await client.query('DELETE FROM answer_links');
    assert.is(await store.chain.linkExisting(), 6);
    const links = await allLinks(store, f.id);
    assertUnbroken(f.id, links);
    assert.equal(
      links.map((l) => l.answerId),
      subs.map((s) => s.id),
    );
    assert.is(await store.chain.linkExisting(), 0);
  } finally {
    await client.end();
    await store.close();
  }
});

chain.run();
stopLast();
