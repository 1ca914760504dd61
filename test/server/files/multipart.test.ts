// Malformed multipart bodies against the real bundle (busboy underneath): each is a clear 400/413/422
// in spec 7 shape and stores nothing; `__proto__` and repeated names read as they do in JSON posts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { multipartBody } from '../../helpers/files.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let formId: string;
const count = async () =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions.length;
const post = (body: Buffer, contentType = 'multipart/form-data; boundary=fsboundary1234') =>
  call(server.url, 'POST', `/v1/f/${formId}`, { rawBody: body, headers: { 'content-type': contentType } });

const multipart = suite('malformed multipart');
multipart.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json.form_id;
});
multipart.after(() => server.stop().then(() => undefined));

multipart('a well-formed post is stored (the baseline the rows below break)', async () => {
  const r = await post(
    multipartBody([
      { name: 'name', value: 'Ada' },
      { name: 'email', value: 'ada@example.com' },
    ]),
  );
  assert.is(r.status, 201, r.text);
  assert.equal(r.json.values, { name: 'Ada', email: 'ada@example.com' });
});

multipart('broken bodies: a clear 400 or 413 each, nothing stored', async () => {
  const good = multipartBody([
    { name: 'name', value: 'Ada' },
    { name: 'email', value: 'ada@example.com' },
  ]);
  const hugeHeader = Buffer.concat([
    Buffer.from(
      `--fsboundary1234\r\nContent-Disposition: form-data; name="name"\r\nX-Padding: ` +
        `${'a'.repeat(20_000)}\r\n\r\nAda\r\n`,
    ),
    Buffer.from('--fsboundary1234--\r\n'),
  ]);
  const rows: [string, Buffer, string, number, string][] = [
    [
      'missing boundary',
      good,
      'multipart/form-data',
      400,
      'content-type: multipart/form-data needs a boundary parameter',
    ],
    [
      'truncated part',
      good.subarray(0, good.length - 40),
      'multipart/form-data; boundary=fsboundary1234',
      400,
      'body: the multipart body ends in the middle of a part',
    ],
    [
      'another boundary than announced',
      good,
      'multipart/form-data; boundary=other',
      400,
      'body: the multipart body ends in the middle of a part',
    ],
    [
      'huge part headers',
      hugeHeader,
      'multipart/form-data; boundary=fsboundary1234',
      400,
      'body: a part has malformed headers or headers over 16 KB',
    ],
    [
      'text parts over 64 KB',
      multipartBody([
        { name: 'name', value: 'Ada' },
        { name: 'message', value: 'x'.repeat(64 * 1024) },
      ]),
      'multipart/form-data; boundary=fsboundary1234',
      413,
      'body: larger than 65536 bytes',
    ],
  ];
  for (const [what, body, type, status, detail] of rows) {
    const r = await post(body, type);
    assert.is(r.status, status, `${what}: ${r.text}`);
    assert.equal(r.json.details, [detail], what);
  }
  assert.is(await count(), 1, 'only the baseline is stored');
});

multipart('repeated names become a list, refused for a one-value field as in JSON', async () => {
  const form = await post(
    multipartBody([
      { name: 'name', value: 'Ada' },
      { name: 'name', value: 'Bob' },
      { name: 'email', value: 'a@example.com' },
    ]),
  );
  const json = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: ['Ada', 'Bob'], email: 'a@example.com' } },
  });
  assert.is(form.status, 422);
  assert.equal(form.json, json.json);
});

multipart(
  '__proto__ and constructor names are plain names: left out of a form post, unknown keys in JSON',
  async () => {
    for (const name of ['__proto__', 'constructor']) {
      const form = await post(
        multipartBody([
          { name: 'name', value: 'Ada' },
          { name: 'email', value: 'a@example.com' },
          { name, value: 'x' },
        ]),
      );
      // A form post's inputs named like no field are left out (docs/api.md "HTML form posts").
      assert.is(form.status, 201, form.text);
      assert.equal(form.json.values, { name: 'Ada', email: 'a@example.com' }, name);
      assert.is(Object.getPrototypeOf(form.json.values), Object.prototype);
      const encoded = await call(server.url, 'POST', `/v1/f/${formId}`, {
        rawBody: `name=Ada&email=a%40example.com&${name}=x`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.is(encoded.status, 201, `${name} urlencoded`);
      assert.equal(encoded.json.values, { name: 'Ada', email: 'a@example.com' }, `${name} urlencoded`);
      const json = await call(server.url, 'POST', `/v1/f/${formId}`, {
        rawBody: `{"values": {"name": "Ada", "email": "a@example.com", "${name}": "x"}}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.is(json.status, 422);
      assert.equal(json.json.details, [`values.${name}: unknown field`]);
    }
  },
);

multipart('a file for a field that is not a file field is refused before it is stored', async () => {
  const r = await post(
    multipartBody([
      { name: 'name', value: 'Ada' },
      { name: 'message', filename: 'a.txt', data: Buffer.from('hi') },
    ]),
  );
  assert.is(r.status, 422);
  assert.equal(r.json.details, ['values.message: is not a file or signature field']);
});

multipart.run();
