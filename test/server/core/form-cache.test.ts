// The form cache in front of the store serves exactly what the store holds after every kind of write.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cachedForm, withFormCache } from '../../../server/core/store/form-cache.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { FormRecord, Store } from '../../../server/core/store/types.ts';
import { tempDataDir } from '../../helpers/server.ts';
import { formRecord } from '../../store/contract/fixtures.ts';

const cache = suite<{ raw: Store; cached: Store }>('form cache');
cache.before(async (ctx) => {
  ctx.raw = await openSqlJsStore(await tempDataDir());
  ctx.cached = withFormCache(ctx.raw);
});
cache.after(async (ctx) => {
  await ctx.raw.close();
});

const form = (id: string): FormRecord => formRecord({ id, agentKeyId: 'k', title: 'T' });

cache('every write through the wrapper is visible to the next cached read', async ({ raw, cached }) => {
  await cached.forms.create(form('f1'), '{}');
  const same = async () => assert.equal(await cached.forms.byId('f1'), await raw.forms.byId('f1'));
  await same();
  await cached.forms.update('f1', { status: 'paused', successMessage: 'hi' });
  await same();
  await cached.forms.addVersion('f1', 2, '{}', 'T2', { allowAnotherResponse: true }, new Date().toISOString());
  await same();
  const ws = { id: 'w1', name: 'W', createdAt: new Date().toISOString() };
  await cached.workspaces.create(ws);
  assert.ok(await cached.forms.claim('f1', 'w1'));
  await same();
  for (let i = 0; i < 3; i++) {
    const outcome = await cached.submissions.insert({
      id: `s${i}`,
      formId: 'f1',
      workspaceId: 'w1',
      formVersion: 2,
      createdAt: new Date().toISOString(),
      values: {},
      hiddenChars: false,
    });
    assert.is(outcome.kind, 'stored');
  }
  await same();
  assert.is((await cached.forms.byId('f1'))!.submissionCount, 3);
  assert.equal(await cached.submissions.delete('f1', ['s0', 'nope'], new Date().toISOString()), ['s0']);
  await same();
  assert.is((await cached.forms.byId('f1'))!.submissionCount, 2);
  assert.is(await cached.forms.delete('f1'), 2, 'the submissions that went with it');
  assert.is(await cached.forms.byId('f1'), undefined);
});

cache('a cached record cannot be changed by its reader', async ({ cached }) => {
  await cached.forms.create(form('f2'), '{}');
  const a = (await cached.forms.byId('f2'))!;
  a.title = 'changed by a caller';
  assert.is((await cached.forms.byId('f2'))!.title, 'T');
});

cache(
  "hints report other instances' writes: one form, or every form; a read that overlapped a hint is not cached",
  async ({ raw }) => {
    let forget!: (formId?: string) => void;
    const hinted = withFormCache(raw, 1000, (f, live) => {
      forget = f;
      live(true);
    });
    await raw.forms.create(form('h1'), '{}');
    await raw.forms.create(form('h2'), '{}');
    assert.is((await hinted.forms.byId('h1'))!.title, 'T');
    assert.is((await hinted.forms.byId('h2'))!.title, 'T');
    // Written past the cache, as another instance writes: unseen until its hint.
    await raw.forms.addVersion('h1', 2, '{}', 'T2', {}, new Date().toISOString());
    await raw.forms.addVersion('h2', 2, '{}', 'T2', {}, new Date().toISOString());
    assert.is((await hinted.forms.byId('h1'))!.title, 'T', 'served from the cache');
    forget('h1');
    assert.is((await hinted.forms.byId('h1'))!.title, 'T2');
    assert.is((await hinted.forms.byId('h2'))!.title, 'T', 'another form stays cached');
    forget();
    assert.is((await hinted.forms.byId('h2'))!.title, 'T2', 'a reset drops every form');
    // A hint while a read is under way: the read may hold the row from before that write.
    await raw.forms.addVersion('h2', 3, '{}', 'T3', {}, new Date().toISOString());
    forget('h2');
    const reading = hinted.forms.byId('h2');
    forget('h2');
    assert.is((await reading)!.title, 'T3');
    await raw.forms.addVersion('h2', 4, '{}', 'T4', {}, new Date().toISOString());
    assert.is((await hinted.forms.byId('h2'))!.title, 'T4', 'the overlapping read was not cached');
  },
);

cache('with hints, nothing is served from memory before they are live or while they are down', async ({ raw }) => {
  let live!: (on: boolean) => void;
  const hinted = withFormCache(raw, 1000, (_forget, l) => (live = l));
  await raw.forms.create(form('l1'), '{}');
  assert.is((await hinted.forms.byId('l1'))!.title, 'T');
  await raw.forms.addVersion('l1', 2, '{}', 'T2', {}, new Date().toISOString());
  assert.is((await hinted.forms.byId('l1'))!.title, 'T2', 'not live yet: read from the store, not cached');
  live(true);
  assert.is((await hinted.forms.byId('l1'))!.title, 'T2');
  await raw.forms.addVersion('l1', 3, '{}', 'T3', {}, new Date().toISOString());
  assert.is((await hinted.forms.byId('l1'))!.title, 'T2', 'live: served from the cache');
  live(false);
  assert.is((await hinted.forms.byId('l1'))!.title, 'T3', 'hints down: the cache was dropped');
  await raw.forms.addVersion('l1', 4, '{}', 'T4', {}, new Date().toISOString());
  assert.is((await hinted.forms.byId('l1'))!.title, 'T4', 'and is not used while they are down');
  live(true);
  assert.is((await hinted.forms.byId('l1'))!.title, 'T4');
});

cache(
  "cancelPending passes its channel through (removing a Slack address left the webhook's deliveries alone)",
  async ({ raw }) => {
    const asked: unknown[] = [];
    const spied: Store = {
      ...raw,
      webhooks: {
        ...raw.webhooks,
        cancelPending: (formId, at, channel) => {
          asked.push(channel);
          return raw.webhooks.cancelPending(formId, at, channel);
        },
      },
    };
    const cached = withFormCache(spied);
    await cached.webhooks.cancelPending('f1', new Date().toISOString(), 'slack');
    await cached.webhooks.cancelPending('f1', new Date().toISOString());
    assert.equal(asked, ['slack', undefined]);
  },
);

cache('cachedForm answers what byId would, only while the cache holds the row and can serve it', async ({ raw }) => {
  let live!: (on: boolean) => void;
  const hinted = withFormCache(raw, 1000, (_forget, l) => (live = l));
  const plain = withFormCache(raw);
  await plain.forms.create(form('c1'), '{}');
  assert.is(cachedForm(plain, 'c1'), undefined, 'not read yet');
  await plain.forms.byId('c1');
  assert.equal(cachedForm(plain, 'c1'), await raw.forms.byId('c1'));
  assert.equal(cachedForm({ ...plain }, 'c1'), await raw.forms.byId('c1'), 'a spread of the store finds it too');
  await plain.forms.update('c1', { status: 'paused' });
  assert.is(cachedForm(plain, 'c1'), undefined, 'a write through the wrapper forgets it');
  assert.is((await plain.forms.byId('c1'))!.status, 'paused');
  assert.is(cachedForm(plain, 'c1')!.status, 'paused');
  assert.is(cachedForm(raw, 'c1'), undefined, 'a store without the cache has none');
  assert.is(cachedForm(plain, 'nope'), undefined);
  // Hints: nothing before they are live, nothing while they are down.
  await hinted.forms.byId('c1');
  assert.is(cachedForm(hinted, 'c1'), undefined, 'hints not live yet');
  live(true);
  await hinted.forms.byId('c1');
  assert.is(cachedForm(hinted, 'c1')!.id, 'c1');
  live(false);
  assert.is(cachedForm(hinted, 'c1'), undefined, 'hints down');
});

cache.run();
