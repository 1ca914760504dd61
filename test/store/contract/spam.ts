// Contract of suspected spam: caught posts kept apart per form up to a cap checked inside the write,
// read newest first, deleted one by one or swept by age, and "not spam" moving one into the answers.
import * as assert from 'uvu/assert';
import type { SpamRecord, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, MINUTE, newSubmission, submissions, uuid, workspace } from './fixtures.ts';

/** A caught post of `formId` made `createdMs` after T0 (not stored). */
const caught = (formId: string, createdMs = 0, over: Partial<SpamRecord> = {}): SpamRecord => ({
  id: uuid(),
  formId,
  formVersion: 1,
  createdAt: at(createdMs),
  values: { email: 'bot@example.com' },
  reason: 'honeypot',
  ...over,
});

/** Stores `count` caught posts of `formId`, a minute apart from `startMs`; returns them in order. */
async function caughtPosts(store: Store, formId: string, count: number, startMs = 0) {
  const posts: SpamRecord[] = [];
  for (let i = 0; i < count; i++) {
    const post = caught(formId, startMs + i * MINUTE, { values: { n: i } });
    assert.is(await store.spam.add(post, 1000), true, `seeding spam ${i}`);
    posts.push(post);
  }
  return posts;
}

/** Rows for spam and for insert's `fromSpam`. */
export function spamContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'suspected spam', factory);

  rule(
    'spam.add',
    'keeps a caught post that reads back field for field (values in their key order, text beyond ASCII)',
    async ({ store }) => {
      const f = await form(store, null);
      const post = caught(f.id, 0, {
        formVersion: 3,
        reason: 'too_fast',
        values: { zeta: 'Zoë 😀', alpha: [1, 2.5], nested: { b: null, a: true } },
      });
      assert.is(await store.spam.add(post, 10), true);
      const read = await store.spam.byId(f.id, post.id);
      assert.equal(read, post);
      assert.is(
        JSON.stringify(read!.values),
        JSON.stringify(post.values),
        'the same JSON text, keys in the order given',
      );
    },
  );
  rule('spam.add', 'kept apart: a caught post is no submission, moves no count and no usage', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    await store.spam.add(caught(f.id), 10);
    assert.equal(await store.submissions.page(f.id, 10), []);
    assert.is(await store.submissions.count(f.id), 0);
    assert.is((await store.forms.byId(f.id))?.submissionCount, 0);
    assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 0);
  });
  const MAX = 4;
  for (const [title, held, kept] of [
    ['max-1 held: the last one is kept', MAX - 1, true],
    ['max held: dropped', MAX, false],
    ['past max (a lower cap later): dropped', MAX + 1, false],
  ] as const) {
    rule('spam.add', `cap per form, ${title}; a dropped post leaves nothing`, async ({ store }) => {
      const f = await form(store, null);
      await caughtPosts(store, f.id, held);
      const post = caught(f.id, HOUR);
      assert.is(await store.spam.add(post, MAX), kept);
      assert.is(await store.spam.count(f.id), kept ? held + 1 : held);
      assert.equal(await store.spam.byId(f.id, post.id), kept ? post : undefined);
    });
  }
  rule('spam.add', "the cap counts one form's posts only", async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    await caughtPosts(store, g.id, MAX);
    assert.is(await store.spam.add(caught(f.id), MAX), true);
  });
  rule('spam.add', 'eight posts caught at once with three places left: exactly three kept', async ({ store }) => {
    const f = await form(store, null);
    await caughtPosts(store, f.id, MAX - 3);
    const kept = await Promise.all(Array.from({ length: 8 }, (_, i) => store.spam.add(caught(f.id, HOUR + i), MAX)));
    assert.is(kept.filter(Boolean).length, 3);
    assert.is(await store.spam.count(f.id), MAX);
    assert.is((await store.spam.list(f.id, 100)).length, MAX);
  });

  rule('spam.list', 'newest first, at most limit; other forms not mixed in; empty for none', async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    assert.equal(await store.spam.list(f.id, 10), []);
    const posts = [caught(f.id, -HOUR), caught(f.id, HOUR), caught(f.id, 0)];
    for (const p of posts) await store.spam.add(p, 100);
    await caughtPosts(store, g.id, 2);
    assert.equal(await store.spam.list(f.id, 10), [posts[1], posts[2], posts[0]]);
    assert.equal(
      (await store.spam.list(f.id, 2)).map((p) => p.id),
      [posts[1].id, posts[2].id],
    );
  });
  rule('spam.count', "one form's posts; 0 for none or an unknown form; follows delete", async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    assert.is(await store.spam.count(f.id), 0);
    const posts = await caughtPosts(store, f.id, 3);
    await caughtPosts(store, g.id, 1);
    assert.is(await store.spam.count(f.id), 3);
    assert.is(await store.spam.count('nope'), 0);
    await store.spam.delete(f.id, posts[0].id);
    assert.is(await store.spam.count(f.id), 2);
  });
  rule('spam.byId', 'undefined for an unknown id and for a post of another form', async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    const [post] = await caughtPosts(store, f.id, 1);
    assert.is(await store.spam.byId(f.id, 'nope'), undefined);
    assert.is(await store.spam.byId(g.id, post.id), undefined);
  });
  rule(
    'spam.delete',
    'true once, then false; a post of another form is not deleted through this one',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const [post, keep] = await caughtPosts(store, f.id, 2);
      assert.is(await store.spam.delete(g.id, post.id), false, 'asked under another form');
      assert.equal(await store.spam.byId(f.id, post.id), post);
      assert.is(await store.spam.delete(f.id, post.id), true);
      assert.is(await store.spam.delete(f.id, post.id), false, 'a second time');
      assert.is(await store.spam.delete(f.id, 'nope'), false);
      assert.equal(await store.spam.list(f.id, 10), [keep]);
    },
  );
  rule(
    'spam.sweep',
    'deletes posts made before olderThan in every form; one made exactly then stays; answers how many',
    async ({ store }) => {
      const f = await form(store, null);
      const g = await form(store, null);
      const cutoff = -30 * DAY;
      const rows: [formId: string, createdMs: number, stays: boolean][] = [
        [f.id, cutoff - DAY, false],
        [f.id, cutoff - 1, false],
        [g.id, cutoff - 1, false],
        [f.id, cutoff, true],
        [g.id, cutoff + 1, true],
        [f.id, 0, true],
      ];
      const posts = rows.map(([formId, createdMs]) => caught(formId, createdMs));
      for (const p of posts) await store.spam.add(p, 100);
      assert.is(await store.spam.sweep(at(cutoff)), 3);
      for (const [i, [formId, , stays]] of rows.entries())
        assert.is((await store.spam.byId(formId, posts[i].id)) !== undefined, stays, `row ${i}`);
      assert.is(await store.spam.sweep(at(cutoff)), 0, 'a second sweep finds nothing');
    },
  );

  rule(
    'submissions.insert',
    'fromSpam: stored as a submission with the same id, and the spam post goes in the same write',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const [post, other] = await caughtPosts(store, f.id, 2);
      const sub = newSubmission(f.id, ws.id, {
        id: post.id,
        createdAt: post.createdAt,
        values: post.values,
        fromSpam: true,
      });
      assert.equal(await store.submissions.insert(sub), { kind: 'stored', submissionCount: 1 });
      assert.is(await store.spam.byId(f.id, post.id), undefined);
      assert.equal(await store.spam.list(f.id, 10), [other]);
      assert.equal((await store.submissions.byId(f.id, post.id))?.values, post.values);
      assert.is(await store.workspaces.monthlyUsage(ws.id, '2026-11'), 1);
    },
  );
  rule(
    'submissions.insert',
    'fromSpam refused by a limit: nothing stored and the spam post stays',
    async ({ store }) => {
      const f = await form(store, null, { agentKeyId: 'agent-1' });
      await submissions(store, f.id, null, 2);
      const [post] = await caughtPosts(store, f.id, 1);
      const sub = newSubmission(f.id, null, {
        id: post.id,
        createdAt: post.createdAt,
        values: post.values,
        fromSpam: true,
        formCap: 2,
      });
      assert.equal(await store.submissions.insert(sub), { kind: 'form_cap' });
      assert.equal(await store.spam.byId(f.id, post.id), post);
      assert.is(await store.submissions.byId(f.id, post.id), undefined);
    },
  );
  rule('forms.delete', 'takes its suspected spam along; other forms keep theirs', async ({ store }) => {
    const f = await form(store, null);
    const g = await form(store, null);
    await caughtPosts(store, f.id, 2);
    const [kept] = await caughtPosts(store, g.id, 1);
    await store.forms.delete(f.id);
    assert.is(await store.spam.count(f.id), 0);
    assert.equal(await store.spam.list(g.id, 10), [kept]);
    assert.is(await store.spam.sweep(at(DAY)), 1, 'only the other form’s post was left to sweep');
  });

  run();
}
