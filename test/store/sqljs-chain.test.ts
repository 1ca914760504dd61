// The answer chain on the embedded store: answers stored before the chain existed (migration 17) are
// linked once, oldest first, and the chain goes on from them.
import { rm } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DurableDatabase } from '../../server/lib/durable/durable-db.ts';
import { LINK_EXISTING_PAGE } from '../../server/core/store/sqljs/chain.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { migrations } from '../../server/core/store/sqljs/migrations/index.ts';
import { tempDataDir } from '../helpers/server.ts';
import { allLinks, assertUnbroken } from './chain-check.ts';
import { at, form, newSubmission, workspace } from './contract/fixtures.ts';

test('answers stored before the chain existed are linked once, oldest first; new ones follow them', async () => {
  const dir = await tempDataDir();
  try {
    let store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    // One page of the linking and one answer past it.
    const subs = Array.from({ length: LINK_EXISTING_PAGE + 1 }, (_, i) =>
      newSubmission(f.id, ws.id, { createdAt: at(i), values: { n: i } }),
    );
    for (const s of subs) await store.submissions.insert(s);
    await store.close();
    // As the folder was before migration 17: answers, no links.
    const db = await DurableDatabase.open({ dir, migrations, snapshotIn: 'main' });
    await db.write((tx) => {
      tx.run('DELETE FROM answer_links');
      tx.run('UPDATE submissions SET chain_pos = NULL');
    });
    await db.close();
    store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
    assert.is(await store.chain.head(f.id), undefined);
    assert.is(await store.chain.linkExisting(), LINK_EXISTING_PAGE + 1);
    assert.is(await store.chain.linkExisting(), 0);
    const next = newSubmission(f.id, ws.id, { createdAt: at(10) });
    await store.submissions.insert(next);
    const links = await allLinks(store, f.id, 500);
    assertUnbroken(f.id, links);
    assert.equal(
      links.map((l) => l.answerId),
      [...subs, next].map((s) => s.id),
    );
    await store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
