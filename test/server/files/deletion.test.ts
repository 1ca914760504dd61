// Files go with what owns them: deleting a submission or a form (REST, through DeletionService, the
// path retention also takes) removes the rows and the bytes; the sweep removes files whose row is gone;
// a post kept as spam brings its upload along when it is marked "not spam".
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminWorld, type AdminWorld } from '../../helpers/admin-world.ts';
import type { UserPrincipal } from '../../../server/core/principal.ts';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { bytes, download, fileDefinition, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const onDisk = async () => (await readdir(path.join(server.dataDir, 'files'))).filter((n) => !n.startsWith('.'));
const answerWithFile = async (formId: string) => {
  const up = await rawUpload(server.url, formId, 'cv', bytes(2000), 'cv.pdf');
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'A', cv: up.json.upload_id } },
  });
  assert.is(r.status, 201, r.text);
  return { submissionId: r.json.id as string, fileId: up.json.upload_id as string };
};

/** Runs `body` over the services (no server) with a real files folder, the owner acting; closes them after. */
async function inServices(body: (w: AdminWorld, owner: UserPrincipal, dataDir: string) => Promise<void>) {
  const dataDir = await tempDataDir();
  const w = await adminWorld({ FORMSTEAD_DATA: dataDir });
  try {
    await w.services.files.init();
    await body(w, { kind: 'user', userId: w.userIds.owner, workspaceId: w.workspaceId, role: 'owner' }, dataDir);
  } finally {
    await w.services.responseMail.stop();
    await w.store.close();
  }
}

const deletion = suite('files are deleted with their owners');
deletion.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
deletion.after(() => server.stop().then(() => undefined));

deletion('DELETE of a submission removes its file (bytes and download) and leaves the others', async () => {
  const formId = await publishFileForm(server.url);
  const gone = await answerWithFile(formId);
  const kept = await answerWithFile(formId);
  assert.is(
    (await call(server.url, 'DELETE', `/v1/forms/${formId}/submissions/${gone.submissionId}`, { key: OWNER_KEY }))
      .status,
    204,
  );
  const files = await onDisk();
  assert.not.ok(files.includes(gone.fileId), 'the bytes are gone');
  assert.ok(files.includes(kept.fileId), 'the other answer keeps its file');
  assert.is((await download(`${server.url}/v1/files/${gone.fileId}`)).status, 404);
  assert.is((await download(`${server.url}/v1/files/${kept.fileId}`)).status, 200);
});

deletion('DELETE of a form removes every file of it, unused uploads included', async () => {
  const formId = await publishFileForm(server.url);
  const other = await publishFileForm(server.url);
  const a = await answerWithFile(formId);
  const b = await answerWithFile(formId);
  const unused = (await rawUpload(server.url, formId, 'cv', bytes(10), 'later.pdf')).json.upload_id as string;
  const elsewhere = await answerWithFile(other);
  assert.is((await call(server.url, 'DELETE', `/v1/forms/${formId}`, { key: OWNER_KEY })).status, 204);
  const files = await onDisk();
  for (const id of [a.fileId, b.fileId, unused]) assert.not.ok(files.includes(id), `${id} is gone`);
  assert.ok(files.includes(elsewhere.fileId), "another form's file stays");
});

deletion(
  'the deletion service (retention uses it) removes files of the submissions it deletes; the sweep removes orphans',
  async () => {
    await inServices(async (w, owner, dataDir) => {
      const { form_id } = await w.services.forms.publish(owner, { definition: fileDefinition() });
      const target = await w.services.files.target(form_id, 'cv');
      const file = await w.services.files.receive(target, Readable.from([bytes(100)]), 'a.pdf', 'application/pdf');
      const { body } = await w.services.submissions.submit({
        formId: form_id,
        values: { cv: file.id },
        formPost: false,
        bodyHash: '',
      });
      const dir = path.join(dataDir, 'files');
      assert.equal(await readdir(dir), [file.id]);
      const form = (await w.store.forms.byId(form_id))!;
      assert.equal(await w.services.deletion.deleteSubmissions(form, [body.id]), [body.id]);
      assert.equal(await readdir(dir), [], 'the bytes went with the submission');
      assert.is(await w.store.files.byId(file.id), undefined, 'and the row');
      // A file without a row (a crash between the row's delete and the unlink) goes once it is an hour old.
      const orphan = path.join(dir, '2b1c4d1e-0000-4000-8000-000000000000');
      await writeFile(orphan, 'x');
      assert.match(await w.services.files.sweep(), /0 orphaned files deleted$/, 'a young file is left alone');
      await utimes(orphan, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
      assert.match(await w.services.files.sweep(), /1 orphaned files deleted$/);
      assert.equal(await readdir(dir), []);
    });
  },
);

deletion(
  'files go before their submissions: a failed write leaves no downloadable file of a deleted answer; another ' +
    "form's ids touch nothing",
  async () => {
    await inServices(async (w, owner, dataDir) => {
      const answer = async (formId: string) => {
        const file = await w.services.files.receive(
          await w.services.files.target(formId, 'cv'),
          Readable.from([bytes(100)]),
          'a.pdf',
          'application/pdf',
        );
        const { body } = await w.services.submissions.submit({
          formId,
          values: { cv: file.id },
          formPost: false,
          bodyHash: '',
        });
        return { fileId: file.id, submissionId: body.id as string };
      };
      const a = (await w.services.forms.publish(owner, { definition: fileDefinition() })).form_id;
      const b = (await w.services.forms.publish(owner, { definition: fileDefinition() })).form_id;
      const mine = await answer(a);
      const theirs = await answer(b);
      const formA = (await w.store.forms.byId(a))!;

      // Form A asked to delete form B's submission: nothing of B goes, its file included.
      assert.equal(await w.services.deletion.deleteSubmissions(formA, [theirs.submissionId]), []);
      assert.ok(await w.store.files.byId(theirs.fileId), "the other form's file row stays");
      assert.ok((await readdir(path.join(dataDir, 'files'))).includes(theirs.fileId), 'and its bytes');

      // The files' write fails (a full disk): the submission must not be gone while its file stays readable.
      const files = w.store.files;
      const realDelete = files.delete;
      files.delete = async () => {
        throw new Error('disk full');
      };
      try {
        await w.services.deletion.deleteSubmissions(formA, [mine.submissionId]).then(
          () => assert.unreachable('the failed write is reported'),
          (err: Error) => assert.is(err.message, 'disk full'),
        );
      } finally {
        files.delete = realDelete;
      }
      assert.ok(
        await w.store.submissions.byId(a, mine.submissionId),
        'the submission is still there: the delete can be tried again',
      );
      assert.equal(await w.services.deletion.deleteSubmissions(formA, [mine.submissionId]), [mine.submissionId]);
      assert.is(await w.services.files.readable(mine.fileId), undefined, 'the retry removed the file');
      assert.is(await w.store.files.byId(mine.fileId), undefined);
    });
  },
);

deletion(
  'a post kept as spam keeps its upload; "Not spam" makes it the answer\'s file, or leaves the field out once ' +
    'the upload is gone',
  async () => {
    await inServices(async (w, owner) => {
      const { form_id } = await w.services.forms.publish(owner, { definition: fileDefinition() });
      const target = await w.services.files.target(form_id, 'cv');
      const caught = async () => {
        const file = await w.services.files.receive(target, Readable.from([bytes(100)]), 'a.pdf', 'application/pdf');
        // A filled honeypot: kept as suspected spam, answered 201 like any post.
        const r = await w.services.submissions.submit({
          formId: form_id,
          values: { name: 'A', cv: file.id },
          formPost: false,
          bodyHash: '',
          honeypot: 'x',
        });
        return { file, spamId: r.body.id };
      };
      const form = (await w.store.forms.byId(form_id))!;
      const kept = await caught();
      const restored = await w.services.spam.notSpam(form, kept.spamId);
      assert.equal(restored.values.cv, w.services.files.value(kept.file));
      assert.is((await w.store.files.byId(kept.file.id))?.submissionId, kept.spamId);

      const lost = await caught();
      await w.services.files.delete([lost.file.id]); // as the 24 h sweep would
      const without = await w.services.spam.notSpam((await w.store.forms.byId(form_id))!, lost.spamId);
      assert.equal(without.values, { name: 'A' });
    });
  },
);

deletion(
  "the Spam view names a caught post's file with its size, as the Submissions view does; once the upload is " +
    'gone it says so',
  async () => {
    await inServices(async (w, owner) => {
      const { form_id } = await w.services.forms.publish(owner, { definition: fileDefinition() });
      const other = await w.services.forms.publish(owner, { definition: fileDefinition() });
      const file = await w.services.files.receive(
        await w.services.files.target(form_id, 'cv'),
        Readable.from([bytes(2500)]),
        'résumé.pdf',
        'application/pdf',
      );
      const foreign = await w.services.files.receive(
        await w.services.files.target(other.form_id, 'cv'),
        Readable.from([bytes(10)]),
        'theirs.pdf',
        'application/pdf',
      );
      const catch_ = (cv: string) =>
        w.services.submissions.submit({
          formId: form_id,
          values: { name: 'A', cv },
          formPost: false,
          bodyHash: '',
          honeypot: 'x',
        });
      await catch_(file.id);
      await catch_(foreign.id);
      const form = (await w.store.forms.byId(form_id))!;
      const answers = async () =>
        (await w.services.spam.list(form)).items.map((i) => i.answers.find((a) => a.startsWith('CV: ')));
      assert.equal(
        await answers(),
        [
          'CV: a file no longer kept (files of posts caught as spam are deleted after 24 hours)',
          'CV: résumé.pdf (2 KB)',
        ],
        "another form's upload is not named",
      );
      for (const a of await answers())
        assert.not.ok(a!.includes(file.id) || a!.includes(foreign.id), 'no upload id shown');
      await w.services.files.delete([file.id]); // as the 24 h sweep would
      assert.equal(
        await answers(),
        Array(2).fill('CV: a file no longer kept (files of posts caught as spam are deleted after 24 hours)'),
      );
    });
  },
);

deletion.run();
