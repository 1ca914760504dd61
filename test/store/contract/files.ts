// Contract of file metadata (the bytes live outside the store): rows by id, by form and by submission,
// unused uploads by age, deletes in one write; a submission attaches its uploads in its own write and
// stores nothing when one is gone or already used; a form's deletion takes its files' rows.
import * as assert from 'uvu/assert';
import type { FileRecord, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, form, HOUR, newSubmission, uuid, workspace } from './fixtures.ts';

/** An upload row of `formId` (not used by a submission), made `createdMs` after T0. */
async function upload(store: Store, formId: string, createdMs = 0, over: Partial<FileRecord> = {}): Promise<FileRecord> {
  const f: FileRecord = { id: uuid(), formId, fieldKey: 'cv', submissionId: null, name: 'cv.pdf', size: 1234, type: 'application/pdf', createdAt: at(createdMs), ...over };
  await store.files.insert(f);
  return f;
}

const sorted = (ids: string[]) => [...ids].sort();

/** Rows for the files part of the store and the file side of submissions.insert. */
export function filesContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'files', factory);

  rule('files.insert', 'stores the row as given; byId reads it back, undefined for an unknown id', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const row = await upload(store, f.id, 0, { name: 'Lebenslauf März.pdf' });
    assert.equal(await store.files.byId(row.id), row);
    assert.is(await store.files.byId(uuid()), undefined);
  });
  rule('files.byId', 'a used file carries its submission id', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const row = await upload(store, f.id);
    const sub = newSubmission(f.id, ws.id, { files: [row.id] });
    assert.equal(await store.submissions.insert(sub), { kind: 'stored', submissionCount: 1 });
    assert.is((await store.files.byId(row.id))?.submissionId, sub.id);
  });
  rule('files.byIds', 'the rows of the ids that exist; none for an empty list', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const [a, b] = [await upload(store, f.id), await upload(store, f.id)];
    assert.equal(sorted((await store.files.byIds([a.id, uuid(), b.id])).map((r) => r.id)), sorted([a.id, b.id]));
    assert.equal(await store.files.byIds([]), []);
  });
  rule('files.idsOfForm', "every file of the form, used or not, never another form's", async ({ store }) => {
    const ws = await workspace(store);
    const [f, g] = [await form(store, ws.id), await form(store, ws.id)];
    const [a, b] = [await upload(store, f.id), await upload(store, f.id)];
    await store.submissions.insert(newSubmission(f.id, ws.id, { files: [a.id] }));
    await upload(store, g.id);
    assert.equal(sorted(await store.files.idsOfForm(f.id)), sorted([a.id, b.id]));
  });
  rule('files.idsOfSubmissions', 'the files those submissions use; none for an empty list', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const [a, b, c] = [await upload(store, f.id, 0, { fieldKey: 'a' }), await upload(store, f.id, 0, { fieldKey: 'b' }), await upload(store, f.id)];
    const one = newSubmission(f.id, ws.id, { files: [a.id, b.id] });
    await store.submissions.insert(one);
    await store.submissions.insert(newSubmission(f.id, ws.id, { files: [c.id] }));
    assert.equal(sorted(await store.files.idsOfSubmissions([one.id, uuid()])), sorted([a.id, b.id]));
    assert.equal(await store.files.idsOfSubmissions([]), []);
  });
  rule('files.unusedBefore', 'uploads no submission used, made strictly before the time, oldest first, at most limit', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const old2 = await upload(store, f.id, -3 * HOUR);
    const old1 = await upload(store, f.id, -4 * HOUR);
    const used = await upload(store, f.id, -5 * HOUR);
    await store.submissions.insert(newSubmission(f.id, ws.id, { files: [used.id] }));
    await upload(store, f.id, -HOUR); // exactly at the cut: kept
    assert.equal(await store.files.unusedBefore(at(-HOUR), 10), [old1.id, old2.id]);
    assert.equal(await store.files.unusedBefore(at(-HOUR), 1), [old1.id]);
  });
  rule('files.delete', 'removes those rows in one write and nothing else; an empty list does nothing', async (world) => {
    const { store } = world;
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const [a, b, c] = [await upload(store, f.id), await upload(store, f.id), await upload(store, f.id)];
    await store.files.delete([a.id, c.id, uuid()]);
    await store.files.delete([]);
    if (world.canReopen) await world.reopen();
    assert.equal(await world.store.files.idsOfForm(f.id), [b.id]);
  });
  rule('submissions.insert', 'with files: an upload used or gone refuses the whole insert (nothing stored, nothing attached)', async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const [a, b] = [await upload(store, f.id), await upload(store, f.id)];
    assert.is((await store.submissions.insert(newSubmission(f.id, ws.id, { files: [a.id] }))).kind, 'stored');
    const refused = newSubmission(f.id, ws.id, { files: [b.id, a.id] });
    assert.equal(await store.submissions.insert(refused), { kind: 'files_gone' });
    assert.equal(await store.submissions.insert(newSubmission(f.id, ws.id, { files: [uuid()] })), { kind: 'files_gone' });
    assert.is((await store.files.byId(b.id))?.submissionId, null, 'b stays unused');
    assert.is((await store.forms.byId(f.id))?.submissionCount, 1);
    assert.is(await store.submissions.byId(f.id, refused.id), undefined);
  });
  rule('forms.delete', "takes the form's file rows with it", async ({ store }) => {
    const ws = await workspace(store);
    const f = await form(store, ws.id);
    const a = await upload(store, f.id);
    await store.forms.delete(f.id);
    assert.is(await store.files.byId(a.id), undefined);
  });

  run();
}
