// Contract of the builder's drafts: at most one per form (a new one replaces it), any number for new
// forms, listed per workspace, and gone with their form.
import * as assert from 'uvu/assert';
import type { DraftRecord } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, HOUR, MINUTE, uid, workspace } from './fixtures.ts';

/** A draft record (not stored); a new form's draft unless `formId` is given. */
function draftRecord(workspaceId: string, over: Partial<DraftRecord> = {}): DraftRecord {
  return {
    id: uid('draft'),
    workspaceId,
    formId: null,
    text: '{"id":"contact", "title": "typed as is"',
    baseVersion: null,
    updatedAt: at(),
    updatedBy: 'user-1',
    settings: {},
    newFormId: over.formId ? null : uid('new-form'),
    ...over,
  };
}

/** Rows for drafts. */
export function draftsContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'drafts', factory);

  rule(
    'drafts.put',
    'a draft reads back field for field, its text exactly as typed (even when it does not parse)',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const ofForm = draftRecord(ws.id, {
        formId: f.id,
        baseVersion: 1,
        text: '{\n  "id": "contact",\n  "title": "Zoë’s form"\n',
      });
      const ofNew = draftRecord(ws.id, { settings: { slug: 'zoës-form', response_limit: 10, close_at: '' } });
      await store.drafts.put(ofForm);
      await store.drafts.put(ofNew);
      assert.equal(await store.drafts.byId(ofForm.id), ofForm);
      assert.equal(await store.drafts.byId(ofNew.id), ofNew);
    },
  );
  rule('drafts.put', "a form's new draft replaces the one it had; new forms may have many", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const first = draftRecord(ws.id, { formId: f.id, baseVersion: 1 });
    const second = draftRecord(ws.id, { formId: f.id, baseVersion: 2, updatedAt: at(MINUTE) });
    await store.drafts.put(first);
    await store.drafts.put(second);
    assert.is(await store.drafts.byId(first.id), undefined);
    assert.equal(await store.drafts.byForm(f.id), second);
    const news = [draftRecord(ws.id), draftRecord(ws.id)];
    for (const d of news) await store.drafts.put(d);
    assert.is((await store.drafts.listNew(ws.id)).length, 2);
  });
  rule(
    'drafts.put',
    'two drafts put for one form at once: both resolve and one of them is the draft',
    async ({ store }) => {
      const ws = await workspace(store);
      const f = await form(store, ws.id);
      const drafts = [draftRecord(ws.id, { formId: f.id }), draftRecord(ws.id, { formId: f.id })];
      await Promise.all(drafts.map((d) => store.drafts.put(d)));
      const kept = await store.drafts.byForm(f.id);
      assert.ok(kept && drafts.some((d) => d.id === kept.id));
      const others = drafts.filter((d) => d.id !== kept!.id);
      for (const d of others) assert.is(await store.drafts.byId(d.id), undefined, 'the other one is gone');
    },
  );
  rule('drafts.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.drafts.byId('nope'), undefined);
  });
  rule('drafts.byForm', "the form's draft; undefined for a form without one", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const g = await form(store, ws.id);
    const d = draftRecord(ws.id, { formId: f.id });
    await store.drafts.put(d);
    assert.equal(await store.drafts.byForm(f.id), d);
    assert.is(await store.drafts.byForm(g.id), undefined);
  });
  rule(
    'drafts.listNew',
    "the workspace's drafts of new forms, most recently saved first; form drafts and other workspaces' not",
    async ({ store }) => {
      const ws = await workspace(store);
      const other = await workspace(store);
      const f = await form(store, ws.id);
      const old = draftRecord(ws.id, { updatedAt: at(-HOUR) });
      const recent = draftRecord(ws.id, { updatedAt: at(HOUR) });
      const mid = draftRecord(ws.id, { updatedAt: at() });
      for (const d of [
        old,
        recent,
        mid,
        draftRecord(ws.id, { formId: f.id, updatedAt: at(2 * HOUR) }),
        draftRecord(other.id, { updatedAt: at(3 * HOUR) }),
      ]) {
        await store.drafts.put(d);
      }
      assert.equal(
        (await store.drafts.listNew(ws.id)).map((d) => d.id),
        [recent.id, mid.id, old.id],
      );
      await store.drafts.update(old.id, { text: '{}', updatedAt: at(4 * HOUR), updatedBy: 'user-2' });
      assert.equal(
        (await store.drafts.listNew(ws.id)).map((d) => d.id),
        [old.id, recent.id, mid.id],
        'saving moves it to the top',
      );
      assert.equal(await store.drafts.listNew('empty'), []);
    },
  );
  rule('drafts.formsWithDraft', "ids of the workspace's forms that have a draft, nothing else", async ({ store }) => {
    const ws = await workspace(store);
    const other = await workspace(store);
    const [f, g, h] = [await form(store, ws.id), await form(store, ws.id), await form(store, ws.id)];
    const elsewhere = await form(store, other.id);
    for (const d of [
      draftRecord(ws.id, { formId: f.id }),
      draftRecord(ws.id, { formId: h.id }),
      draftRecord(ws.id),
      draftRecord(other.id, { formId: elsewhere.id }),
    ]) {
      await store.drafts.put(d);
    }
    const ids = await store.drafts.formsWithDraft(ws.id);
    assert.ok(ids instanceof Set);
    assert.equal([...ids].sort(), [f.id, h.id].sort());
    assert.not.ok(ids.has(g.id));
    assert.equal([...(await store.drafts.formsWithDraft('empty'))], []);
  });
  rule('drafts.update', 'changes text, time and author only; false for a draft that is gone', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const d = draftRecord(ws.id, { formId: f.id, baseVersion: 1 });
    await store.drafts.put(d);
    assert.is(
      await store.drafts.update(d.id, { text: 'not json {', updatedAt: at(MINUTE), updatedBy: 'user-2' }),
      true,
    );
    assert.equal(await store.drafts.byId(d.id), {
      ...d,
      text: 'not json {',
      updatedAt: at(MINUTE),
      updatedBy: 'user-2',
    });
    await store.drafts.delete(d.id);
    assert.is(await store.drafts.update(d.id, { text: 'x', updatedAt: at(HOUR), updatedBy: 'user-2' }), false);
    assert.is(await store.drafts.byId(d.id), undefined, 'an update does not bring it back');
  });
  rule(
    'drafts.update',
    'settings alone: replaced whole, the text kept; the text alone keeps the settings',
    async ({ store }) => {
      const ws = await workspace(store);
      const d = draftRecord(ws.id, { settings: { slug: 'first' } });
      await store.drafts.put(d);
      const settings = { success_message: 'Thanks, **{{name}}**', response_limit: null };
      assert.is(await store.drafts.update(d.id, { settings, updatedAt: at(MINUTE), updatedBy: 'user-2' }), true);
      assert.equal(await store.drafts.byId(d.id), { ...d, settings, updatedAt: at(MINUTE), updatedBy: 'user-2' });
      await store.drafts.update(d.id, { text: '{}', updatedAt: at(HOUR), updatedBy: 'user-1' });
      assert.equal(await store.drafts.byId(d.id), { ...d, settings, text: '{}', updatedAt: at(HOUR) });
    },
  );
  rule('drafts.delete', 'true once, then false; other drafts stay', async ({ store }) => {
    const ws = await workspace(store);
    const [a, b] = [draftRecord(ws.id), draftRecord(ws.id)];
    for (const d of [a, b]) await store.drafts.put(d);
    assert.is(await store.drafts.delete(a.id), true);
    assert.is(await store.drafts.delete(a.id), false);
    assert.is(await store.drafts.delete('never-was'), false);
    assert.ok(await store.drafts.byId(b.id));
  });

  run();
}
