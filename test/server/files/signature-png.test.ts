// A signature upload must be a PNG by its bytes (issue 32: the PDF of an answer and the panel draw it as one):
// the same sniffer as the images endpoint (server/core/images/sniff.ts) reads its first 24 bytes. A PNG's whole
// header (24 bytes) is taken, one byte less is 422, and so are an SVG or a JPEG named .png; a refused upload
// leaves nothing on disk and nothing a submission could use.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, OWNER_KEY } from '../../helpers/api.ts';
import { fileDefinition, multipartBody, postMultipart, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { signaturePng } from '../../helpers/png.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let formId: string;
const filesOnDisk = async () => (await readdir(path.join(server.dataDir, 'files'))).filter((n) => !n.startsWith('.'));
const NOT_PNG = ['values.sign: a signature must be a PNG image'];
const upload = (body: Buffer, name = 'signature.png') => rawUpload(server.url, formId, 'sign', body, name, 'image/png');

const sig = suite('signature uploads are PNGs by their bytes');
sig.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  formId = await publishFileForm(server.url, fileDefinition([{ key: 'sign', type: 'signature', label: 'Sign' }]));
});
sig.after(() => server.stop().then(() => undefined));

sig('a drawn PNG is taken and used by a submission', async () => {
  const png = signaturePng();
  const r = await upload(png);
  assert.is(r.status, 201, r.text);
  assert.is(r.json.size, png.length);
  const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Ada', sign: r.json.upload_id } },
  });
  assert.is(sent.status, 201, sent.text);
});

sig("a PNG's whole 24-byte header is taken; 23 bytes of it are 422 and nothing is stored", async () => {
  const head = signaturePng().subarray(0, 24);
  const before = (await filesOnDisk()).length;
  assert.is((await upload(Buffer.from(head))).status, 201);
  const short = await upload(Buffer.from(head.subarray(0, 23)));
  assert.is(short.status, 422);
  assert.equal(short.json.details, NOT_PNG);
  assert.is((await filesOnDisk()).length, before + 1, 'only the whole header is on disk');
});

sig('an SVG, HTML or a JPEG named signature.png is 422; so is one sent in a no-JS multipart post', async () => {
  const before = (await filesOnDisk()).length;
  const jpeg = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    0x00,
    0x10,
    0x00,
    0x10,
    0x03,
    ...Array(20).fill(0),
  ]);
  for (const body of [
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.from('<!doctype html><p>not a picture</p>'),
    jpeg,
    Buffer.alloc(0),
  ]) {
    const r = await upload(body);
    assert.is(r.status, 422, body.subarray(0, 12).toString());
    assert.equal(r.json.details, NOT_PNG);
  }
  const post = await postMultipart(
    server.url,
    `/v1/f/${formId}`,
    multipartBody([
      { name: 'name', value: 'Bo' },
      { name: 'sign', filename: 'signature.png', type: 'image/png', data: Buffer.from('<svg/>') },
    ]),
    undefined,
    { accept: 'application/json' },
  );
  assert.is(post.status, 422, post.text);
  assert.equal(post.json.details, NOT_PNG);
  assert.is((await filesOnDisk()).length, before, 'nothing refused is on disk');
  const stored = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  assert.is(stored.json.submissions.length, 1, 'only the first test answer is stored');
});

sig.run();
