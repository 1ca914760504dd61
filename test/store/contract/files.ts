// Contract of stored files' rows (the bytes live beside the store): an upload is free until one
// submission takes it inside its insert, found by form, submission and age, and deleted by id.
import * as assert from 'uvu/assert';
import type { FileRecord, NewSubmission, Store } from '../../../server/core/store/types.ts';
import { contractSuite, type StoreFactory } from './harness.ts';
import { at, DAY, form, HOUR, newSubmission, SECOND, uuid, workspace } from './fixtures.ts';
import { idem } from './idempotency.ts';

/** An upload of `formId` made `createdMs` after T0, used by no submission (not stored). */
const upload = (formId: string, createdMs = 0, over: Partial<FileRecord> = {}): FileRecord => ({
  id: uuid(),
  formId,
  fieldKey: 'cv',
  submissionId: null,
  name: 'Lebenslauf Zoë.pdf',
  size: 12345,
  type: 'application/pdf',
  createdAt: at(createdMs),
  ...over,
});

/** Stores uploads of `formId`, one per entry of `createdMs`; returns them in order. */
async function uploads(store: Store, formId: string, ...createdMs: number[]) {
  const files = createdMs.map((ms) => upload(formId, ms));
  for (const f of files) await store.files.insert(f);
  return files;
}

/** A claimed form, stored. */
async function claimed(store: Store) {
  const ws = await workspace(store);
  return form(store, ws.id);
}

/** A submission of `f` that uses `files` (not stored). */
const using = (f: { id: string; workspaceId: string | null }, files: string[], over: Partial<NewSubmission> = {}) =>
  newSubmission(f.id, f.workspaceId, { files, ...over });

const sorted = (ids: string[]) => [...ids].sort();

/** Rows for files and for insert's `files`. */
export function filesContract(backend: string, factory: StoreFactory) {
  const { rule, run } = contractSuite(backend, 'files', factory);

  rule('files.insert', 'an upload reads back field for field, used by no submission', async ({ store }) => {
    const f = await claimed(store);
    const file = upload(f.id, 0, { size: 0, type: '', name: 'é 😀 "quotes".txt' });
    await store.files.insert(file);
    assert.equal(await store.files.byId(file.id), file);
  });
  rule('files.byId', 'an unknown id reads undefined', async ({ store }) => {
    assert.is(await store.files.byId(uuid()), undefined);
  });
  rule(
    'files.byIds',
    'the rows of the ids that exist, unknown ids left out; none asked, none read',
    async ({ store }) => {
      const f = await claimed(store);
      const [a, b, c] = await uploads(store, f.id, 0, SECOND, 2 * SECOND);
      const read = await store.files.byIds([c.id, uuid(), a.id]);
      assert.equal(
        read.sort((x, y) => x.id.localeCompare(y.id)),
        [a, c].sort((x, y) => x.id.localeCompare(y.id)),
      );
      assert.equal(await store.files.byIds([]), []);
      assert.equal(await store.files.byIds([uuid()]), []);
      assert.equal(await store.files.byIds([b.id]), [b]);
    },
  );
  rule(
    'files.byIds',
    'a long list (the orphan sweep asks 500 at a time; here 2000) reads the known ones',
    async ({ store }) => {
      const f = await claimed(store);
      const known = await uploads(store, f.id, 0, 0, 0);
      const ids = [...Array.from({ length: 1997 }, () => uuid()), ...known.map((x) => x.id)];
      assert.equal(sorted((await store.files.byIds(ids)).map((x) => x.id)), sorted(known.map((x) => x.id)));
    },
  );

  rule(
    'submissions.insert',
    'files: the uploads are attached to the submission in the same write',
    async ({ store }) => {
      const f = await claimed(store);
      const [a, b, free] = await uploads(store, f.id, 0, 0, 0);
      const sub = using(f, [a.id, b.id]);
      assert.equal(await store.submissions.insert(sub), { kind: 'stored', submissionCount: 1 });
      assert.is((await store.files.byId(a.id))?.submissionId, sub.id);
      assert.is((await store.files.byId(b.id))?.submissionId, sub.id);
      assert.is((await store.files.byId(free.id))?.submissionId, null);
    },
  );
  for (const [title, prepare] of [
    ['one upload is gone', async (store: Store, files: FileRecord[]) => store.files.delete([files[1].id])],
    [
      'one upload was never stored',
      async (_store: Store, files: FileRecord[]) => {
        files[1] = upload(files[0].formId);
      },
    ],
    [
      'one upload is taken by another submission',
      async (store: Store, files: FileRecord[]) => {
        const f = (await store.forms.byId(files[0].formId))!;
        assert.is((await store.submissions.insert(using(f, [files[1].id]))).kind, 'stored');
      },
    ],
  ] as const) {
    rule('submissions.insert', `files: ${title}: files_gone, and nothing is stored or attached`, async ({ store }) => {
      const f = await claimed(store);
      const files = await uploads(store, f.id, 0, 0);
      await prepare(store, files);
      const before = await store.submissions.count(f.id);
      const sub = using(
        f,
        files.map((x) => x.id),
        { idempotency: idem('k'), delivery: { id: uuid(), payload: '{}', nextAttemptAt: at() } },
      );
      assert.equal(await store.submissions.insert(sub), { kind: 'files_gone' });
      assert.is(await store.submissions.byId(f.id, sub.id), undefined);
      assert.is(await store.submissions.count(f.id), before);
      assert.is((await store.forms.byId(f.id))?.submissionCount, before);
      assert.is(await store.idempotency.get(f.id, 'k'), undefined);
      assert.is(await store.webhooks.byId(sub.delivery!.id), undefined);
      assert.is((await store.files.byId(files[0].id))?.submissionId, null, 'the free upload stays free');
      assert.is(await store.workspaces.monthlyUsage(f.workspaceId!, '2026-11'), before);
    });
  }
  rule(
    'submissions.insert',
    'files: two submissions using one upload at once: one stored, the other files_gone',
    async ({ store }) => {
      const f = await claimed(store);
      const [file] = await uploads(store, f.id, 0);
      const subs = [using(f, [file.id]), using(f, [file.id]), using(f, [file.id])];
      const outcomes = await Promise.all(subs.map((s) => store.submissions.insert(s)));
      assert.equal(outcomes.map((o) => o.kind).sort(), ['files_gone', 'files_gone', 'stored']);
      const winner = subs[outcomes.findIndex((o) => o.kind === 'stored')];
      assert.is((await store.files.byId(file.id))?.submissionId, winner.id);
      assert.is(await store.submissions.count(f.id), 1);
    },
  );
  rule('submissions.insert', 'files: an empty list stores like no files', async ({ store }) => {
    const f = await claimed(store);
    assert.equal(await store.submissions.insert(using(f, [])), { kind: 'stored', submissionCount: 1 });
  });

  rule('files.idsOfForm', 'every file of the form, used or not; other forms not mixed in', async ({ store }) => {
    const f = await claimed(store);
    const g = await claimed(store);
    const [used, free] = await uploads(store, f.id, 0, 0);
    await uploads(store, g.id, 0);
    await store.submissions.insert(using(f, [used.id]));
    assert.equal(sorted(await store.files.idsOfForm(f.id)), sorted([used.id, free.id]));
    assert.equal(await store.files.idsOfForm('nope'), []);
  });
  rule(
    'files.idsOfSubmissions',
    'the files those submissions use, not free uploads or other submissions’; none asked, none read',
    async ({ store }) => {
      const f = await claimed(store);
      const g = await claimed(store);
      const [a1, a2, b1, free, other] = [
        ...(await uploads(store, f.id, 0, 0, 0, 0)),
        ...(await uploads(store, g.id, 0)),
      ];
      const a = using(f, [a1.id, a2.id]);
      const b = using(f, [b1.id]);
      const c = using(g, [other.id]);
      for (const s of [a, b, c]) await store.submissions.insert(s);
      assert.equal(sorted(await store.files.idsOfSubmissions([a.id])), sorted([a1.id, a2.id]));
      assert.equal(sorted(await store.files.idsOfSubmissions([a.id, c.id, 'nope'])), sorted([a1.id, a2.id, other.id]));
      assert.equal(await store.files.idsOfSubmissions([]), []);
      assert.ok(!(await store.files.idsOfSubmissions([a.id, b.id, c.id])).includes(free.id));
    },
  );
  rule(
    'files.unusedBefore',
    'free uploads made strictly before the time, oldest first, at most limit; used ones never',
    async ({ store }) => {
      const f = await claimed(store);
      const g = await claimed(store);
      const cutoff = -DAY;
      // Made exactly at the cutoff and a millisecond after it: not before it, so never listed.
      const [older, justBefore] = await uploads(store, f.id, cutoff - HOUR, cutoff - 1, cutoff, cutoff + 1);
      const [otherForm] = await uploads(store, g.id, cutoff - 2 * HOUR);
      const [used] = await uploads(store, f.id, cutoff - 3 * HOUR);
      await store.submissions.insert(using(f, [used.id]));
      assert.equal(await store.files.unusedBefore(at(cutoff), 10), [otherForm.id, older.id, justBefore.id]);
      assert.equal(
        await store.files.unusedBefore(at(cutoff), 3),
        [otherForm.id, older.id, justBefore.id],
        'limit exactly the number',
      );
      assert.equal(await store.files.unusedBefore(at(cutoff), 2), [otherForm.id, older.id]);
      assert.equal(
        await store.files.unusedBefore(at(cutoff - 2 * HOUR), 10),
        [],
        'exactly at the oldest free one: none',
      );
    },
  );
  rule(
    'files.delete',
    'deletes those rows, leaves the others; unknown ids and an empty list change nothing',
    async ({ store }) => {
      const f = await claimed(store);
      const [a, b, c] = await uploads(store, f.id, 0, 0, 0);
      const sub = using(f, [b.id]);
      await store.submissions.insert(sub);
      await store.files.delete([a.id, b.id, uuid()]);
      assert.equal(await store.files.idsOfForm(f.id), [c.id]);
      assert.is(await store.files.byId(b.id), undefined, 'a used one too');
      assert.ok(await store.submissions.byId(f.id, sub.id), 'the submission that used it stays');
      await store.files.delete([]);
      assert.equal(await store.files.byIds([c.id]), [c]);
    },
  );
  rule('forms.delete', 'takes the rows of its files along; other forms keep theirs', async ({ store }) => {
    const f = await claimed(store);
    const g = await claimed(store);
    const [used, free] = await uploads(store, f.id, -2 * DAY, -2 * DAY);
    const [kept] = await uploads(store, g.id, 0);
    await store.submissions.insert(using(f, [used.id]));
    await store.forms.delete(f.id);
    assert.equal(await store.files.idsOfForm(f.id), []);
    assert.equal(await store.files.byIds([used.id, free.id]), []);
    assert.equal(await store.files.unusedBefore(at(-DAY), 10), []);
    assert.equal(await store.files.byIds([kept.id]), [kept]);
  });

  run();
}
