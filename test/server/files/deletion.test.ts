// Files go with what owns them: deleting a submission or a form (REST, through DeletionService, the
// path retention also takes) removes the rows and the bytes; the sweep removes files whose row is gone;
// a post kept as spam brings its upload along when it is marked "not spam".
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminWorld } from '../../helpers/admin-world.ts';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { bytes, download, fileDefinition, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const onDisk = async () => (await readdir(path.join(server.dataDir, 'files'))).filter((n) => !n.startsWith('.'));
const answerWithFile = async (formId: string) => {
  const up = await rawUpload(server.url, formId, 'cv', bytes(2000), 'cv.pdf');
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { name: 'A', cv: up.json.upload_id } } });
  assert.is(r.status, 201, r.text);
  return { submissionId: r.json.id as string, fileId: up.json.upload_id as string };
};

const deletion = suite('files are deleted with their owners');
deletion.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
deletion.after(() => server.stop().then(() => undefined));

deletion('DELETE of a submission removes its file (bytes and download) and leaves the others', async () => {
  const formId = await publishFileForm(server.url);
  const gone = await answerWithFile(formId);
  const kept = await answerWithFile(formId);
  assert.is((await call(server.url, 'DELETE', `/v1/forms/${formId}/submissions/${gone.submissionId}`, { key: OWNER_KEY })).status, 204);
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

deletion('the deletion service (retention uses it) removes files of the submissions it deletes; the sweep removes orphans', async () => {
  const dataDir = await tempDataDir();
  const w = await adminWorld({ FORMSTEAD_DATA: dataDir });
  try {
    await w.services.files.init();
    const owner = { kind: 'user' as const, userId: w.userIds.owner, workspaceId: w.workspaceId, role: 'owner' as const };
    const { form_id } = await w.services.forms.publish(owner, { definition: fileDefinition() });
    const target = await w.services.files.target(form_id, 'cv');
    const file = await w.services.files.receive(target, Readable.from([bytes(100)]), 'a.pdf', 'application/pdf');
    const { body } = await w.services.submissions.submit({ formId: form_id, values: { cv: file.id }, formPost: false, bodyHash: '' });
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
  } finally {
    await w.services.responseMail.stop();
    await w.store.close();
  }
});

deletion('a post kept as spam keeps its upload; "Not spam" makes it the answer\'s file, or leaves the field out once the upload is gone', async () => {
  const dataDir = await tempDataDir();
  const w = await adminWorld({ FORMSTEAD_DATA: dataDir });
  try {
    await w.services.files.init();
    const owner = { kind: 'user' as const, userId: w.userIds.owner, workspaceId: w.workspaceId, role: 'owner' as const };
    const { form_id } = await w.services.forms.publish(owner, { definition: fileDefinition() });
    const target = await w.services.files.target(form_id, 'cv');
    const caught = async () => {
      const file = await w.services.files.receive(target, Readable.from([bytes(100)]), 'a.pdf', 'application/pdf');
      // A filled honeypot: kept as suspected spam, answered 201 like any post.
      const r = await w.services.submissions.submit({ formId: form_id, values: { name: 'A', cv: file.id }, formPost: false, bodyHash: '', honeypot: 'x' });
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
  } finally {
    await w.services.responseMail.stop();
    await w.store.close();
  }
});

deletion.run();
