// End-to-end encrypted forms over the real bundle (docs/api.md "Encrypted forms"), on the embedded store and
// on PostgreSQL: the `encryption` setting and its refusals, the public definition's key, posts that carry
// only an envelope (every plaintext or malformed post a 422 that stores nothing, the 64 KB limit at and
// past its edge), JSON/JSONL/CSV/xlsx exports and webhook bodies with the envelope only, what is switched
// off (summary 409, uploads refused), and turning it off again.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encryptAnswer, type Envelope } from '../../shared/crypto/envelope.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { e2eKeyPair, openEnvelope } from '../helpers/e2e-keys.ts';
import { startHttpsReceiver } from '../helpers/https-receiver.ts';
import { sharedDatabase } from '../helpers/pg-instances.ts';
import type { RunningServer } from '../helpers/server.ts';
import { startWebhookServer } from '../helpers/webhooks.ts';

// Started before any suite runs: uvu runs the queued suites as soon as the module's first turn ends.
const shared = await sharedDatabase();
const receiver = await startHttpsReceiver();

const MAX_BODY = 64 * 1024;
const values = { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'sales', message: 'first encrypted answer' };

async function scenario(server: RunningServer) {
  const api = (method: string, path: string, body?: unknown, opts: Record<string, unknown> = {}) =>
    call(server.url, method, path, { key: OWNER_KEY, body, ...opts });
  const published = await api('POST', '/v1/forms', { definition: contactDefinition() });
  assert.is(published.status, 201, published.text);
  const formId = published.json.form_id as string;
  const count = async () => (await api('GET', `/v1/forms/${formId}/submissions`)).json.submissions.length;
  const { publicJwk, privateJwk } = await e2eKeyPair('EC');
  const rsa = await e2eKeyPair('RSA');
  const small = await e2eKeyPair('RSA', 1024);

  // The setting's refusals, each naming its problem, changing nothing.
  const refusals: [unknown, RegExp][] = [
    [{ public_key: privateJwk }, /^encryption\.public_key: is a private key/],
    [{ public_key: small.publicJwk }, /^encryption\.public_key: an RSA modulus must have at least 2048 bits/],
    [{ public_key: { ...publicJwk, x: publicJwk.y, y: publicJwk.x } }, /^encryption\.public_key: is not a usable/],
    [{ public_key: publicJwk, key_id: 'AAAAAAAAAAAAAAAAAAAAAA' }, /^encryption\.key_id: is computed by the server/],
    [
      {
        public_key: publicJwk,
        wrapped_private_key: { kdf: 'PBKDF2-SHA256', iterations: 309_999, salt: 'AA', iv: 'AA', ciphertext: 'AA' },
      },
      /^encryption\.wrapped_private_key\.iterations: must be at least 310000/,
    ],
  ];
  for (const [encryption, expected] of refusals) {
    const r = await api('PATCH', `/v1/forms/${formId}`, { encryption });
    assert.is(r.status, 422, r.text);
    assert.is(r.json.error, 'invalid_request');
    assert.ok(
      r.json.details.some((d: string) => expected.test(d)),
      `${expected} in ${r.text}`,
    );
  }
  assert.is((await call(server.url, 'GET', `/v1/f/${formId}/definition`)).json.encryption, undefined);

  // A form with an upload cannot be encrypted (the field is named).
  const withFile = await api('POST', '/v1/forms', {
    definition: contactDefinition({
      fields: [...contactDefinition().fields, { key: 'cv', type: 'file', label: 'CV' }],
    }),
  });
  const fileRefused = await api('PATCH', `/v1/forms/${withFile.json.form_id}`, {
    encryption: { public_key: publicJwk },
  });
  assert.is(fileRefused.status, 422, fileRefused.text);
  assert.match(fileRefused.json.details.join('\n'), /encryption: field "cv" is a file field/);

  const wrapped = {
    kdf: 'PBKDF2-SHA256',
    iterations: 310_000,
    salt: 'c2FsdA',
    iv: 'aXZpdml2aXZpdml2',
    ciphertext: 'Y2lwaGVy',
  };
  const set = await api('PATCH', `/v1/forms/${formId}`, {
    encryption: { public_key: { ...publicJwk, key_ops: [], ext: true }, wrapped_private_key: wrapped },
  });
  assert.is(set.status, 200, set.text);
  const keyId = set.json.encryption.key_id as string;
  assert.match(keyId, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(set.json.encryption.public_key, { kty: 'EC', crv: 'P-256', x: publicJwk.x, y: publicJwk.y });
  assert.equal(set.json.encryption.wrapped_private_key, wrapped);
  assert.equal((await api('GET', `/v1/forms/${formId}`)).json.settings.encryption, set.json.encryption);

  // The public definition carries the key and its id, never the wrapped private key.
  const view = await call(server.url, 'GET', `/v1/f/${formId}/definition`);
  assert.equal(view.json.encryption, { public_key: set.json.encryption.public_key, key_id: keyId });
  assert.not.match(view.text, /wrapped_private_key|Y2lwaGVy/);

  // Publishing a file field into the encrypted form is refused.
  const fileVersion = await api('POST', '/v1/forms', {
    form_id: formId,
    definition: contactDefinition({
      fields: [...contactDefinition().fields, { key: 'sig', type: 'signature', label: 'Sign' }],
    }),
  });
  assert.is(fileVersion.status, 422, fileVersion.text);
  assert.match(fileVersion.json.details.join('\n'), /definition: field "sig" is a signature field/);

  // Posts the server must refuse, each a 422 that stores nothing.
  const good = await encryptAnswer({ values }, publicJwk, formId);
  const other = await encryptAnswer({ values }, rsa.publicJwk, formId);
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    call(server.url, 'POST', `/v1/f/${formId}`, { body, headers });
  const bad: [string, () => Promise<{ status: number; json: any; text: string }>, RegExp][] = [
    ['values in the clear', () => post({ values }), /^encrypted: this form takes encrypted answers only$/],
    [
      'values beside the envelope',
      () => post({ values, encrypted: good }),
      /^encrypted: this form takes encrypted answers only$/,
    ],
    [
      'skippedSteps beside it',
      () => post({ encrypted: good, skippedSteps: [] }),
      /^encrypted: this form takes encrypted answers only$/,
    ],
    [
      'an HTML form post',
      () =>
        call(server.url, 'POST', `/v1/f/${formId}`, {
          rawBody: 'name=Ada&email=a%40b.c',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      /^encrypted: this form takes encrypted answers only$/,
    ],
    [
      'a truncated ciphertext',
      () => post({ encrypted: { ...good, ciphertext: good.ciphertext.slice(0, 10) } }),
      /^encrypted\.ciphertext: must be at least 16 bytes/,
    ],
    ['a missing iv', () => post({ encrypted: { ...good, iv: undefined } }), /^encrypted\.iv: must be 12 bytes/],
    ['an unknown member', () => post({ encrypted: { ...good, name: 'Ada' } }), /^encrypted\.name: unknown member/],
    [
      'another key',
      () => post({ encrypted: other }),
      new RegExp(`^encrypted\\.kid: was made for key ${other.kid}, but the form's key is now ${keyId}`),
    ],
  ];
  for (const [what, send, expected] of bad) {
    const r = await send();
    assert.is(r.status, 422, `${what}: ${r.text}`);
    assert.ok(
      r.json.details.some((d: string) => expected.test(d)),
      `${what}: ${r.text}`,
    );
  }
  const imported = await call(server.url, 'POST', `/v1/forms/${formId}/submissions/import`, {
    key: OWNER_KEY,
    rawBody: `${JSON.stringify({ id: 'row-1', values })}\n`,
    headers: { 'content-type': 'application/x-ndjson' },
  });
  assert.is(imported.status, 422, imported.text);
  assert.match(imported.json.details[0], /^encrypted: this form takes encrypted answers only; rows in the clear/);
  assert.is(await count(), 0, 'nothing stored');
  // Without JavaScript, the hosted page says why the form cannot be answered.
  const hosted = await fetch(`${server.url}/f/${formId}`).then((r) => r.text());
  assert.match(hosted, /<noscript><p class="fs-notice" role="status">This form encrypts your answers in your browser/);

  // An envelope is taken; the 64 KB limit applies to the whole post, at and past its edge.
  const first = await post({ encrypted: good });
  assert.is(first.status, 201, first.text);
  const bigPlain = { values: { ...values, message: 'x'.repeat(40_000) } };
  const big = await encryptAnswer(bigPlain, publicJwk, formId);
  const text = JSON.stringify({ encrypted: big });
  const atEdge = text.replace(/^\{/, `{${' '.repeat(MAX_BODY - Buffer.byteLength(text))}`);
  assert.is(Buffer.byteLength(atEdge), MAX_BODY);
  const edge = await call(server.url, 'POST', `/v1/f/${formId}`, {
    rawBody: atEdge,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(edge.status, 201, edge.text);
  const past = await call(server.url, 'POST', `/v1/f/${formId}`, {
    rawBody: ` ${atEdge}`,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(past.status, 413, past.text);
  assert.is(past.json.error, 'payload_too_large');
  assert.is(await count(), 2);

  // JSON pages and the JSONL export carry the envelope and no values; it opens with the private key.
  const page = await api('GET', `/v1/forms/${formId}/submissions`);
  const listed = page.json.submissions.find((s: any) => s.id === first.json.id);
  assert.equal(listed.values, {});
  assert.equal(await openEnvelope(listed.encrypted as Envelope, privateJwk, formId), values);
  const jsonl = await api('GET', `/v1/forms/${formId}/submissions?format=jsonl`);
  assert.is(jsonl.status, 200, jsonl.text);
  const lines = jsonl.text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(await openEnvelope(lines[1].encrypted, privateJwk, formId), bigPlain.values);
  for (const body of [page.text, jsonl.text]) assert.not.ok(body.includes('Lovelace'));
  // CSV and xlsx: one `encrypted` column holding the envelope's JSON.
  const csv = await api('GET', `/v1/forms/${formId}/submissions?format=csv`);
  assert.is(csv.status, 200, csv.text);
  const header = csv.text.replace(/^\uFEFF/, '').split('\r\n')[0];
  assert.match(header, /^id,created_at,name,email,topic,message,encrypted$/);
  assert.ok(csv.text.includes(`""kid"":""${keyId}""`), 'the envelope JSON in its cell');
  assert.not.ok(csv.text.includes('Lovelace'));
  const xlsx = await fetch(`${server.url}/v1/forms/${formId}/submissions?format=xlsx`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  assert.is(xlsx.status, 200);
  assert.ok((await xlsx.arrayBuffer()).byteLength > 0);

  // The summary needs values: 409 naming why.
  const summary = await api('GET', `/v1/forms/${formId}/summary`);
  assert.is(summary.status, 409, summary.text);
  assert.is(summary.json.error, 'encrypted');

  // The webhook body carries the envelope instead of the values.
  const path = `/status/200/e2e-${formId}`;
  assert.is((await api('PATCH', `/v1/forms/${formId}`, { webhook_url: receiver.url(path) })).status, 200);
  const hooked = await post({
    encrypted: await encryptAnswer({ values: { ...values, name: 'Webhook Hopper' } }, publicJwk, formId),
  });
  assert.is(hooked.status, 201, hooked.text);
  await receiver.waitFor(() => receiver.to(path).length > 0, 'the webhook');
  const delivered = receiver.to(path)[0];
  assert.is(delivered.json.submission_id, hooked.json.id);
  assert.is(delivered.json.values, undefined);
  assert.not.ok(delivered.raw.toString().includes('Hopper'));
  assert.is((await openEnvelope(delivered.json.encrypted, privateJwk, formId)).name, 'Webhook Hopper');

  // Turned off: plaintext is taken again; the encrypted answers stay as they were.
  const off = await api('PATCH', `/v1/forms/${formId}`, { encryption: null });
  assert.is(off.status, 200, off.text);
  assert.is(off.json.encryption, null);
  assert.is((await post({ encrypted: good })).status, 422);
  assert.is((await post({ values })).status, 201);
  const after = (await api('GET', `/v1/forms/${formId}/submissions`)).json.submissions;
  assert.is(after.length, 4);
  assert.is(after.filter((s: any) => s.encrypted).length, 3);
  assert.is((await api('GET', `/v1/forms/${formId}/summary`)).status, 200);

  // An RSA-OAEP key works the same way.
  const rsaForm = (await api('POST', '/v1/forms', { definition: contactDefinition() })).json.form_id as string;
  assert.is((await api('PATCH', `/v1/forms/${rsaForm}`, { encryption: { public_key: rsa.publicJwk } })).status, 200);
  const rsaPost = await call(server.url, 'POST', `/v1/f/${rsaForm}`, {
    body: { encrypted: await encryptAnswer({ values }, rsa.publicJwk, rsaForm) },
  });
  assert.is(rsaPost.status, 201, rsaPost.text);
  const rsaStored = (await api('GET', `/v1/forms/${rsaForm}/submissions/${rsaPost.json.id}`)).json;
  assert.is(rsaStored.encrypted.alg, 'RSA-OAEP-256');
  assert.equal(await openEnvelope(rsaStored.encrypted, rsa.privateJwk, rsaForm), values);
}

const embedded = suite('encrypted forms: embedded store');
embedded('setting, posts, exports, webhook and switches', async () => {
  const server = await startWebhookServer(receiver);
  try {
    await scenario(server);
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
});
embedded.run();

const postgres = suite('encrypted forms: PostgreSQL');
postgres('setting, posts, exports, webhook and switches', async () => {
  const server = await startWebhookServer(receiver, shared.env);
  try {
    await scenario(server);
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
    await receiver.close();
  }
});
postgres.run();
shared.stopLast();
