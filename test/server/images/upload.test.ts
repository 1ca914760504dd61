// POST /v1/forms/{id}/images and GET /i/{id} on the real bundle: the type read from the bytes (never the
// name or the declared type), the 2 MB and 100-per-form limits at and past their edges, who may upload,
// the public serving headers, and images going with their form.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_FORM } from '../../../server/core/images/image-service.ts';
import { createServices } from '../../../server/core/services.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { multipartBody, postMultipart } from '../../helpers/files.ts';
import { fixture, gif1x1, pngOfSize, publishPlainForm, uploadImage } from '../../helpers/images.ts';
import { startServer, tempDataDir, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const imagesOnDisk = async () => readdir(path.join(server.dataDir, 'files', 'images')).catch(() => [] as string[]);

const uploads = suite('image uploads');
uploads.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
uploads.after(() => server.stop().then(() => undefined));

uploads('PNG, JPEG, WebP and GIF: 201 with the type and size read from the bytes', async () => {
  const formId = await publishPlainForm(server.url);
  const cases: [Buffer, string, number, number][] = [
    [fixture('png'), 'image/png', 12, 7],
    [fixture('jpg'), 'image/jpeg', 12, 7],
    [fixture('webp'), 'image/webp', 12, 7],
    [gif1x1, 'image/gif', 1, 1],
  ];
  for (const [data, type, width, height] of cases) {
    // Every one is named and declared a PNG: only the bytes count.
    const r = await uploadImage(server.url, formId, data, 'x.png', 'image/png');
    assert.is(r.status, 201, r.text);
    assert.equal(Object.keys(r.json).sort(), ['height', 'image_id', 'type', 'url', 'width']);
    assert.equal({ type: r.json.type, width: r.json.width, height: r.json.height }, { type, width, height });
    assert.is(r.json.url, `/i/${r.json.image_id}`);
    const served = await fetch(server.url + r.json.url);
    assert.is(served.headers.get('content-type'), type);
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(data), 'the bytes come back as sent');
  }
});

uploads('SVG, HTML named .png and text are refused with 422 naming the part; nothing is stored', async () => {
  const formId = await publishPlainForm(server.url);
  const before = (await imagesOnDisk()).length;
  const refused: [string, Buffer, string, string][] = [
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'logo.svg', 'image/svg+xml'],
    ['SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png', 'image/png'],
    ['HTML named .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'cat.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'a.pdf', 'application/pdf'],
  ];
  for (const [name, data, filename, type] of refused) {
    const r = await uploadImage(server.url, formId, data, filename, type);
    assert.is(r.status, 422, `${name}: ${r.text}`);
    assert.match(r.json.details[0], /^image: is not a PNG, JPEG, WebP or GIF image/, name);
  }
  const logo = await postMultipart(
    server.url,
    `/v1/forms/${formId}/images`,
    multipartBody([{ name: 'logo', filename: 'l.png', data: Buffer.from('<svg/>') }]),
    undefined,
    { authorization: `Bearer ${OWNER_KEY}` },
  );
  assert.match(logo.json.details[0], /^logo: /, 'the detail names the part as sent');
  assert.is((await imagesOnDisk()).length, before, 'no bytes were kept');
});

uploads('2 MB exactly is taken; 2 MB and one byte is 413', async () => {
  const formId = await publishPlainForm(server.url);
  const exact = await uploadImage(server.url, formId, pngOfSize(MAX_IMAGE_BYTES));
  assert.is(exact.status, 201, exact.text);
  assert.is(MAX_IMAGE_BYTES, 2 * 1024 * 1024);
  const over = await uploadImage(server.url, formId, pngOfSize(MAX_IMAGE_BYTES + 1));
  assert.is(over.status, 413, over.text);
  assert.equal(over.json.details, ['image: the image is larger than 2 MB, the most one image may be']);
  assert.is(over.json.max_bytes, MAX_IMAGE_BYTES);
});

uploads('the 100th image of a form is taken, the 101st refused with 422; another form is not affected', async () => {
  const formId = await publishPlainForm(server.url);
  for (let n = 1; n <= MAX_IMAGES_PER_FORM; n++) {
    const r = await uploadImage(server.url, formId, gif1x1, `${n}.gif`, 'image/gif');
    assert.is(r.status, 201, `image ${n}: ${r.text}`);
  }
  const over = await uploadImage(server.url, formId, gif1x1);
  assert.is(over.status, 422, over.text);
  assert.equal(over.json.details, ['form: already holds 100 images, the most one form may hold']);
  const other = await publishPlainForm(server.url);
  assert.is((await uploadImage(server.url, other, gif1x1)).status, 201);
});

uploads('one file part only; a body without one, or not multipart, is refused', async () => {
  const formId = await publishPlainForm(server.url);
  const two = await postMultipart(
    server.url,
    `/v1/forms/${formId}/images`,
    multipartBody([
      { name: 'a', filename: 'a.gif', data: gif1x1 },
      { name: 'b', filename: 'b.gif', data: gif1x1 },
    ]),
    undefined,
    { authorization: `Bearer ${OWNER_KEY}` },
  );
  assert.is(two.status, 422, two.text);
  assert.equal(two.json.details, ['b: send one image per upload']);
  const none = await postMultipart(
    server.url,
    `/v1/forms/${formId}/images`,
    multipartBody([{ name: 'x', value: 'y' }]),
    undefined,
    {
      authorization: `Bearer ${OWNER_KEY}`,
    },
  );
  assert.equal([none.status, none.json.details], [422, ['body: the multipart body holds no file part']]);
  const raw = await call(server.url, 'POST', `/v1/forms/${formId}/images`, {
    key: OWNER_KEY,
    rawBody: gif1x1,
    headers: { 'content-type': 'image/gif' },
  });
  assert.is(raw.status, 422, raw.text);
});

uploads('who may upload: no key 401, another agent key 404, the agent key of its own form 201', async () => {
  const formId = await publishPlainForm(server.url);
  const anonymous = await postMultipart(
    server.url,
    `/v1/forms/${formId}/images`,
    multipartBody([{ name: 'image', filename: 'a.gif', data: gif1x1 }]),
  );
  assert.is(anonymous.status, 401, anonymous.text);
  const mine = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const theirs = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const agentKey = mine.json.agent_key as string;
  assert.is((await uploadImage(server.url, mine.json.form_id, gif1x1, 'a.gif', 'image/gif', agentKey)).status, 201);
  assert.is((await uploadImage(server.url, theirs.json.form_id, gif1x1, 'a.gif', 'image/gif', agentKey)).status, 404);
  assert.is((await uploadImage(server.url, formId, gif1x1, 'a.gif', 'image/gif', agentKey)).status, 404);
});

uploads(
  'GET /i/{id}: public, cached for good, nosniff; HEAD has the headers and no body; unknown ids 404',
  async () => {
    const formId = await publishPlainForm(server.url);
    const up = await uploadImage(server.url, formId, fixture('jpg'), 'photo.png', 'image/png');
    for (const method of ['GET', 'HEAD']) {
      const r = await fetch(server.url + up.json.url, { method });
      assert.is(r.status, 200, method);
      assert.is(r.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.is(r.headers.get('x-content-type-options'), 'nosniff');
      assert.is(r.headers.get('content-type'), 'image/jpeg');
      assert.is(r.headers.get('content-length'), String(fixture('jpg').length));
      assert.is((await r.arrayBuffer()).byteLength, method === 'HEAD' ? 0 : fixture('jpg').length);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '..%2F..%2Fsnapshot']) {
      const r = await fetch(`${server.url}/i/${id}`);
      assert.is(r.status, 404, id);
      assert.is((await fetch(`${server.url}/i/${id}`, { method: 'HEAD' })).status, 404, `HEAD ${id}`);
    }
  },
);

uploads("deleting the form removes its images (rows and bytes); another form's stay", async () => {
  const formId = await publishPlainForm(server.url);
  const other = await publishPlainForm(server.url);
  const gone = await uploadImage(server.url, formId, fixture('png'));
  const kept = await uploadImage(server.url, other, fixture('png'));
  assert.ok((await imagesOnDisk()).includes(gone.json.image_id));
  assert.is((await call(server.url, 'DELETE', `/v1/forms/${formId}`, { key: OWNER_KEY })).status, 204);
  assert.is((await fetch(server.url + gone.json.url)).status, 404);
  assert.not.ok((await imagesOnDisk()).includes(gone.json.image_id), 'the bytes are gone');
  assert.is((await fetch(server.url + kept.json.url)).status, 200);
});

uploads.run();

const expiry = suite('images of unclaimed forms');

expiry('the expiry sweep of unclaimed forms removes their images', async () => {
  const dataDir = await tempDataDir();
  const store = await openSqlJsStore(dataDir);
  const config = loadConfig([], { FORMSTEAD_DATA: dataDir });
  const services = createServices(store, config, await instanceSecret(store));
  try {
    const published = await services.forms.publish(null, { definition: contactDefinition() });
    const form = (await store.forms.byId(published.form_id))!;
    const image = await services.images.receive(form, 'image', Readable.from([fixture('png')]));
    assert.ok(await services.images.find(image.id));
    assert.ok((await readdir(path.join(config.filesDir, 'images'))).includes(image.id));
    const later = new Date(Date.now() + 169 * 3600_000).toISOString();
    assert.ok((await services.deletion.sweepExpired(later)) >= 1);
    assert.is(await services.images.find(image.id), undefined);
    assert.is(await store.images.byId(image.id), undefined);
    assert.not.ok((await readdir(path.join(config.filesDir, 'images'))).includes(image.id), 'the bytes are gone');
  } finally {
    await services.responseMail.stop();
    await store.close();
  }
});

expiry.run();
