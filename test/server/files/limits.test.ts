// File uploads against the real bundle, one row per rule of ARCHITECTURE.md "Files": the per-file and
// per-submission limits at and past the edge, `accept`, unclaimed forms, and every wrong upload id.
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminClient } from '../../helpers/admin-session.ts';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import {
  bytes,
  fileDefinition,
  multipartBody,
  ownerWithKey,
  postMultipart,
  startWithPublicUrl,
  publishFileForm,
  rawUpload,
} from '../../helpers/files.ts';
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';

const MB = 1024 * 1024;
let server: RunningServer;
let formId: string;
const three = fileDefinition([
  { key: 'a', type: 'file', label: 'A' },
  { key: 'b', type: 'file', label: 'B' },
  { key: 'c', type: 'file', label: 'C' },
]);
const filesOnDisk = async () => (await readdir(path.join(server.dataDir, 'files'))).filter((n) => !n.startsWith('.'));
const submit = (id: string, values: Record<string, unknown>) =>
  call(server.url, 'POST', `/v1/f/${id}`, { body: { values } });

const limits = suite('file limits');
limits.before(async () => {
  // 1 MB per file, 2 MB per submission: small limits so the edges are cheap to reach.
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_UPLOAD_MAX_MB: '1', FORMSTEAD_SUBMISSION_FILES_MAX_MB: '2' },
  });
  formId = await publishFileForm(server.url);
});
limits.after(() => server.stop().then(() => undefined));

limits(
  'a file of exactly the per-file limit is taken; one byte more is 413 with details, and nothing stays on disk',
  async () => {
    const before = (await filesOnDisk()).length;
    const at = await rawUpload(server.url, formId, 'cv', bytes(MB), 'at.pdf');
    assert.is(at.status, 201, at.text);
    assert.equal(Object.keys(at.json).sort(), ['name', 'size', 'type', 'upload_id']);
    assert.is(at.json.size, MB);
    const past = await rawUpload(server.url, formId, 'cv', bytes(MB + 1), 'past.pdf');
    assert.is(past.status, 413);
    assert.equal(past.json.details, ['values.cv: the file is larger than 1 MB, the most one file may be']);
    assert.is((await filesOnDisk()).length, before + 1, 'only the accepted file is stored');
  },
);

limits('a file past the limit in a multipart upload or a no-JS post is 413 too', async () => {
  const upload = await postMultipart(
    server.url,
    `/v1/f/${formId}/uploads?field=cv`,
    multipartBody([{ name: 'file', filename: 'big.pdf', type: 'application/pdf', data: bytes(MB + 1) }]),
  );
  assert.is(upload.status, 413);
  const post = await postMultipart(
    server.url,
    `/v1/f/${formId}`,
    multipartBody([
      { name: 'name', value: 'Ada' },
      { name: 'cv', filename: 'big.pdf', type: 'application/pdf', data: bytes(MB + 1) },
    ]),
  );
  assert.is(post.status, 413);
  assert.match(post.json.details[0], /^values\.cv: the file is larger than 1 MB/);
  // A browser posting without JavaScript gets a page in words, naming the field by its label.
  const page = await postMultipart(
    server.url,
    `/v1/f/${formId}`,
    multipartBody([{ name: 'cv', filename: 'big.pdf', type: 'application/pdf', data: bytes(MB + 1) }]),
    undefined,
    { accept: 'text/html' },
  );
  assert.is(page.status, 413);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  assert.ok(page.text.includes('<li>CV: the file is larger than 1 MB, the most one file may be</li>'), page.text);
});

limits(
  'per submission: files adding up to the limit are taken, past it 413 (upload ids and multipart alike)',
  async () => {
    const id = await publishFileForm(server.url, three);
    const up = async (field: string, n: number) =>
      (await rawUpload(server.url, id, field, bytes(n), `${field}.bin`, 'application/octet-stream')).json.upload_id;
    const ok = await submit(id, { a: await up('a', MB), b: await up('b', MB) });
    assert.is(ok.status, 201, ok.text);
    const over = await submit(id, { a: await up('a', MB), b: await up('b', MB), c: await up('c', 1) });
    assert.is(over.status, 413);
    assert.match(
      over.json.details[0],
      /^values: the files add up to 2097153 bytes, more than the 2097152 bytes one submission may carry$/,
    );
    const atEdge = await postMultipart(
      server.url,
      `/v1/f/${id}`,
      multipartBody([
        { name: 'a', filename: 'a.bin', data: bytes(MB) },
        { name: 'b', filename: 'b.bin', data: bytes(MB) },
      ]),
    );
    assert.is(atEdge.status, 201, atEdge.text);
    const past = await postMultipart(
      server.url,
      `/v1/f/${id}`,
      multipartBody([
        { name: 'a', filename: 'a.bin', data: bytes(MB) },
        { name: 'b', filename: 'b.bin', data: bytes(MB) },
        { name: 'c', filename: 'c.bin', data: bytes(1) },
      ]),
    );
    assert.is(past.status, 413, past.text);
    assert.match(past.json.details[0], /^values\.c: the files of this submission add up to more than 2 MB/, past.text);
  },
);

limits('accept: by extension and by MIME type; a wrong one is 422', async () => {
  const rows: [string, string, number][] = [
    ['cv.pdf', 'application/pdf', 201],
    ['CV.PDF', 'application/octet-stream', 201], // listed extension, any declared type
    ['photo.png', 'image/png', 201], // image/* by type and extension
    ['cv.docx', 'application/pdf', 422], // neither the extension nor a matching pair
    ['photo.html', 'image/png', 422], // the type says image, the name says HTML
    ['photo', 'image/png', 422], // no extension to agree with the type
    ['run.exe', 'application/x-msdownload', 422],
  ];
  for (const [name, type, status] of rows) {
    const r = await rawUpload(server.url, formId, 'cv', bytes(10), name, type);
    assert.is(r.status, status, `${name} as ${type}: ${r.text}`);
    if (status === 422)
      assert.equal(r.json.details, ['values.cv: files of this type are not accepted here (accepted: .pdf, image/*)']);
  }
  const post = await postMultipart(
    server.url,
    `/v1/f/${formId}`,
    multipartBody([{ name: 'cv', filename: 'x.exe', data: bytes(10) }]),
  );
  assert.is(post.status, 422);
});

limits(
  'unclaimed forms refuse files (no anonymous file hosting), by upload, multipart post and upload id',
  async () => {
    const id = await publishFileForm(server.url, fileDefinition(), true);
    const before = (await filesOnDisk()).length;
    const up = await rawUpload(server.url, id, 'cv', bytes(10), 'cv.pdf');
    assert.is(up.status, 422);
    assert.equal(up.json.details, ['values.cv: this form does not accept files until its owner claims it']);
    const post = await postMultipart(
      server.url,
      `/v1/f/${id}`,
      multipartBody([
        { name: 'name', value: 'A' },
        { name: 'cv', filename: 'cv.pdf', data: bytes(10) },
      ]),
    );
    assert.is(post.status, 422);
    const json = await submit(id, { cv: '7d1f0a8e-0000-4000-8000-000000000000' });
    assert.is(json.status, 422);
    assert.equal(json.json.details, ['values.cv: this form does not accept files until its owner claims it']);
    assert.is((await filesOnDisk()).length, before, 'nothing was written');
    // A form without file fields still takes answers when unclaimed.
    assert.is((await submit(id, { name: 'A' })).status, 201);
  },
);

limits('wrong upload ids: missing, not an id, another form, another field, used twice, twice in one post', async () => {
  const other = await publishFileForm(server.url);
  const multi = await publishFileForm(server.url, three);
  const mine = (await rawUpload(server.url, formId, 'cv', bytes(10), 'a.pdf')).json.upload_id;
  const theirs = (await rawUpload(server.url, other, 'cv', bytes(10), 'a.pdf')).json.upload_id;
  const fieldA = (await rawUpload(server.url, multi, 'a', bytes(10), 'a.bin')).json.upload_id;
  const rows: [string, Record<string, unknown>, string][] = [
    [
      formId,
      { cv: '00000000-0000-4000-8000-000000000000' },
      'values.cv: no upload with this id for this form; upload the file again',
    ],
    [formId, { cv: 'not-an-id' }, 'values.cv: no upload with this id for this form; upload the file again'],
    [formId, { cv: 42 }, 'values.cv: expected the upload_id of an uploaded file'],
    [formId, { cv: theirs }, 'values.cv: no upload with this id for this form; upload the file again'],
    [multi, { b: fieldA }, 'values.b: this upload was made for the field "a", not this one'],
  ];
  for (const [id, values, detail] of rows) {
    const r = await submit(id, values);
    assert.is(r.status, 422, JSON.stringify(values));
    assert.equal(r.json.details, [detail]);
  }
  assert.is((await submit(formId, { cv: mine })).status, 201);
  const again = await submit(formId, { cv: mine });
  assert.is(again.status, 422);
  assert.equal(again.json.details, [
    'values.cv: this upload is already part of another response; upload the file again',
  ]);
  const b = (await rawUpload(server.url, multi, 'b', bytes(10), 'b.bin')).json.upload_id;
  assert.is((await submit(multi, { a: fieldA, b })).status, 201, 'the field-a upload still works for field a');
});

limits("one 422 lists every problem: a bad file field together with the other fields' problems", async () => {
  const alone = await submit(formId, { cv: {} });
  assert.equal(alone.json.details, ['values.cv: expected the upload_id of an uploaded file']);
  const together = await submit(formId, { name: 42, cv: {}, ghost: 1 });
  assert.is(together.status, 422);
  assert.equal(together.json.details, [
    'values.ghost: unknown field',
    'values.name: Enter text',
    'values.cv: expected the upload_id of an uploaded file',
  ]);
  // A good upload next to a refused answer is not used up: it still goes with the corrected post.
  const upload = (await rawUpload(server.url, formId, 'cv', bytes(10), 'ok.pdf')).json.upload_id;
  const refused = await submit(formId, { name: 42, cv: upload });
  assert.equal(refused.json.details, ['values.name: Enter text']);
  assert.is((await submit(formId, { name: 'Ada', cv: upload })).status, 201);
});

limits('the upload query must name a file field of the form', async () => {
  const rows: [string, number, string][] = [
    ['', 422, 'field: the query must name the file field (?field=<key>)'],
    ['?field=nope', 422, 'field: the form has no field "nope"'],
    ['?field=name', 422, 'values.name: is not a file or signature field'],
  ];
  for (const [query, status, detail] of rows) {
    const r = await call(server.url, 'POST', `/v1/f/${formId}/uploads${query}`, {
      rawBody: bytes(5),
      headers: { 'content-type': 'application/pdf' },
    });
    assert.is(r.status, status);
    assert.equal(r.json.details, [detail]);
  }
  assert.is((await rawUpload(server.url, 'nosuchform', 'cv', bytes(5), 'a.pdf')).status, 404);
  const two = await postMultipart(
    server.url,
    `/v1/f/${formId}/uploads?field=cv`,
    multipartBody([
      { name: 'f', filename: 'a.pdf', data: bytes(5) },
      { name: 'g', filename: 'b.pdf', data: bytes(5) },
    ]),
  );
  assert.is(two.status, 422);
  assert.equal(two.json.details, ['body: send one file per upload']);
  const none = await postMultipart(
    server.url,
    `/v1/f/${formId}/uploads?field=cv`,
    multipartBody([{ name: 'f', value: 'text' }]),
  );
  assert.equal(none.json.details, ['body: the multipart body holds no file part']);
});

limits('an expired upload is refused before the sweep, and gone (row and bytes) after it', async () => {
  // Without FORMSTEAD_OWNER_KEY, so the owner signs up and can run the job from the panel.
  const own = await startWithPublicUrl({ FORMSTEAD_UPLOAD_TTL_SECONDS: '1' });
  try {
    const { cookie, key } = await ownerWithKey(own);
    const id = await publishFileForm(own.url, fileDefinition(), false, key);
    const up = await rawUpload(own.url, id, 'cv', bytes(10), 'late.pdf');
    assert.is(up.status, 201);
    const uploadId = up.json.upload_id as string;
    const onDisk = async () => readdir(path.join(own.dataDir, 'files'));
    assert.ok((await onDisk()).includes(uploadId));
    // The test runs with a 1 s lifetime for uploads: wait it out.
    await new Promise((r) => setTimeout(r, 1200));
    const late = await call(own.url, 'POST', `/v1/f/${id}`, { body: { values: { cv: uploadId } } });
    assert.is(late.status, 422);
    assert.match(late.json.details[0], /^values\.cv: this upload expired/);
    const { client, close } = adminClient(own, cookie);
    const status = await client.jobs.run.mutate({ name: 'sweep-uploads' });
    close();
    assert.is(status.lastResult, '1 unused uploads deleted, 0 orphaned files deleted');
    assert.not.ok((await onDisk()).includes(uploadId), 'the bytes are gone');
    const swept = await call(own.url, 'POST', `/v1/f/${id}`, { body: { values: { cv: uploadId } } });
    assert.equal(swept.json.details, ['values.cv: no upload with this id for this form; upload the file again']);
  } finally {
    await own.stop();
  }
});

limits(
  'uploads are rate limited: 20 per address, and per form a bucket of their own (240, 4 a second) that ' +
    'submissions do not share',
  async () => {
    // One trusted proxy, so each upload can come from its own address (X-Forwarded-For).
    const limited = await startServer({
      env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
    });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    try {
      const id = await publishFileForm(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await rawUpload(limited.url, id, 'cv', bytes(5), 'a.pdf', 'application/pdf', from('203.0.113.9'))).status,
        );
      assert.equal(statuses.slice(0, 20), Array(20).fill(201), 'a burst of 20 per address');
      assert.is(statuses[20], 429);

      // Per form, across addresses: more uploads than the 60 submissions' burst pass; the edge is 240.
      const form = await publishFileForm(limited.url);
      const started = Date.now();
      let passed = 0;
      let refused: Awaited<ReturnType<typeof rawUpload>> | undefined;
      let firstUpload = '';
      for (let i = 0; i < 400 && !refused; i++) {
        const r = await rawUpload(
          limited.url,
          form,
          'cv',
          bytes(5),
          'a.pdf',
          'application/pdf',
          from(`198.51.${100 + (i % 4)}.${Math.floor(i / 4) % 250}`),
        );
        if (r.status === 201) {
          passed++;
          firstUpload ||= r.json.upload_id;
        } else refused = r;
      }
      // Four tokens a second come back while the burst is sent.
      const allowance = 240 + 4 * Math.ceil((Date.now() - started) / 1000);
      assert.ok(passed >= 240 && passed <= allowance, `${passed} uploads passed, at most ${allowance} allowed`);
      assert.is(refused?.status, 429);
      assert.is(refused?.json.error, 'rate_limited');
      assert.ok(Number(refused?.headers.get('retry-after')) >= 1);
      // The submission bucket was not touched: the answer using an upload goes in at once.
      const answer = await call(limited.url, 'POST', `/v1/f/${form}`, {
        body: { values: { name: 'Ada', cv: firstUpload } },
        headers: from('192.0.2.50'),
      });
      assert.is(answer.status, 201, answer.text);
    } finally {
      await limited.stop();
    }
  },
);

limits(
  'a client that goes away mid-upload leaves no file behind, raw or multipart, and the server goes on',
  async () => {
    const before = await filesOnDisk();
    const abandon = (pathname: string, headers: Record<string, string>, firstPart: Buffer) =>
      new Promise<void>((resolve) => {
        const req = http.request(`${server.url}${pathname}`, {
          method: 'POST',
          headers: { ...headers, 'content-length': String(MB) },
        });
        req.on('error', () => resolve());
        req.write(firstPart, () =>
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 100),
        );
      });
    await abandon(
      `/v1/f/${formId}/uploads?field=cv`,
      { 'content-type': 'application/pdf', 'x-file-name': 'half.pdf' },
      bytes(200_000),
    );
    const head = multipartBody([{ name: 'cv', filename: 'half.pdf', type: 'application/pdf', data: bytes(200_000) }]);
    await abandon(
      `/v1/f/${formId}`,
      { 'content-type': 'multipart/form-data; boundary=fsboundary1234' },
      head.subarray(0, head.length - 50),
    );
    // The server notices the closed sockets on its own schedule: wait (bounded) for the temp files to go.
    const deadline = Date.now() + 10_000;
    let all = await readdir(path.join(server.dataDir, 'files'));
    while (all.some((n) => n.startsWith('.tmp-')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      all = await readdir(path.join(server.dataDir, 'files'));
    }
    assert.equal(
      all.filter((n) => n.startsWith('.tmp-')),
      [],
      'no partial file',
    );
    assert.equal(await filesOnDisk(), before, 'no new file');
    assert.is((await rawUpload(server.url, formId, 'cv', bytes(10), 'next.pdf')).status, 201);
  },
);

limits('FORMSTEAD_FILES_DIR puts the files elsewhere (a folder every instance mounts)', async () => {
  const dir = await tempDataDir();
  const elsewhere = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_FILES_DIR: dir } });
  try {
    const id = await publishFileForm(elsewhere.url);
    const up = await rawUpload(elsewhere.url, id, 'cv', bytes(10), 'a.pdf');
    assert.equal(await readdir(dir), [up.json.upload_id]);
  } finally {
    await elsewhere.stop();
  }
});

limits.run();
