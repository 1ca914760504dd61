import http from 'node:http';
// Publish and list over the real bundle (spec 4.1, 4.2, 2.10, 2.14, 3.2, 5, 7, 8).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { refusedBounds } from '../shared/compare-cases.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

const publish = suite('publish');
publish.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
publish.after(async () => {
  await server.stop();
});

publish('keyless publish creates an unclaimed form, an agent key and a claim link', async () => {
  const r = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
  assert.is(r.status, 201, r.text);
  assert.match(r.json.form_id, /^[A-Za-z0-9_-]{10}$/);
  assert.is(r.json.version, 1);
  assert.is(r.json.status, 'active');
  assert.is(r.json.endpoint, `http://localhost:${server.port}/v1/f/${r.json.form_id}`);
  assert.is(r.json.hosted_url, `http://localhost:${server.port}/f/${r.json.form_id}`);
  assert.match(r.json.agent_key, /^svc_agent_/);
  assert.type(r.json.agent_key_notice, 'string');
  assert.match(r.json.claim_url, new RegExp(`^http://localhost:${server.port}/claim/`));
  const ttl = Date.parse(r.json.expires_at) - Date.parse(r.json.created_at);
  assert.is(ttl, 168 * 3600_000);
});

publish('an account key publishes a claimed form with no agent key or expiry', async () => {
  const r = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } });
  assert.is(r.status, 201, r.text);
  assert.is(r.json.agent_key, undefined);
  assert.is(r.json.expires_at, undefined);
  assert.is(r.json.claim_url, undefined);
});

publish('publishing with form_id adds a version and keeps allow_another_response unless set', async () => {
  const first = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), allow_another_response: true },
  });
  const second = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ title: 'Contact v2' }), form_id: first.json.form_id },
  });
  assert.is(second.status, 201, second.text);
  assert.is(second.json.form_id, first.json.form_id);
  assert.is(second.json.version, 2);
  const def = await api('GET', `/v1/f/${first.json.form_id}/definition`);
  assert.is(def.json.allow_another_response, true);
  assert.is(def.json.definition.title, 'Contact v2');
  const third = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), form_id: first.json.form_id, allow_another_response: false },
  });
  assert.is(third.json.version, 3);
  assert.is((await api('GET', `/v1/f/${first.json.form_id}/definition`)).json.allow_another_response, false);
});

publish('an agent key publishes up to 3 unclaimed forms, the 4th answers 409', async () => {
  const first = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const key = first.json.agent_key;
  for (let i = 2; i <= 3; i++) {
    const r = await api('POST', '/v1/forms', { key, body: { definition: contactDefinition() } });
    assert.is(r.status, 201, `form ${i}: ${r.text}`);
    assert.ok(r.json.claim_url, 'a new unclaimed form gets its own claim link');
  }
  const fourth = await api('POST', '/v1/forms', { key, body: { definition: contactDefinition() } });
  assert.is(fourth.status, 409);
  assert.is(fourth.json.error, 'unclaimed_limit');
  // A new version of an existing unclaimed form is still fine.
  const version = await api('POST', '/v1/forms', {
    key,
    body: { definition: contactDefinition(), form_id: first.json.form_id },
  });
  assert.is(version.status, 201, version.text);
  assert.is(version.json.version, 2);
});

publish('list: each key sees its own forms, newest first, with every field of spec 2.10', async () => {
  const a = await api('POST', '/v1/forms', { body: { definition: contactDefinition({ title: 'A' }) } });
  const b = await api('POST', '/v1/forms', {
    key: a.json.agent_key,
    body: { definition: contactDefinition({ title: 'B' }) },
  });
  const agentList = await api('GET', '/v1/forms', { key: a.json.agent_key });
  assert.is(agentList.status, 200);
  assert.equal(
    agentList.json.forms.map((f: any) => f.form_id),
    [b.json.form_id, a.json.form_id],
  );
  const item = agentList.json.forms[1];
  assert.equal(Object.keys(item).sort(), [
    'created_at',
    'endpoint',
    'expires_at',
    'form_id',
    'hosted_url',
    'status',
    'submissions',
    'title',
    'version',
  ]);
  assert.is(item.submissions, 0);
  const accountList = await api('GET', '/v1/forms', { key: OWNER_KEY });
  const ids = accountList.json.forms.map((f: any) => f.form_id);
  assert.not.ok(ids.includes(a.json.form_id), 'an account key does not see unclaimed forms');
  assert.ok(accountList.json.forms.every((f: any) => f.expires_at === undefined));
  const created = accountList.json.forms.map((f: any) => f.created_at);
  assert.equal(created, [...created].sort().reverse());
});

publish.run();

const bodies = suite('request bodies');
bodies.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
bodies.after(async () => {
  await server.stop();
});

bodies('a body that is not one JSON object answers 400', async () => {
  for (const raw of ['', 'not json', '[1,2]', '"text"', 'null', '{"definition":']) {
    const r = await api('POST', '/v1/forms', {
      key: OWNER_KEY,
      rawBody: raw,
      headers: { 'content-type': 'application/json' },
    });
    assert.is(r.status, 400, `body ${JSON.stringify(raw)}`);
    assert.is(r.json.error, 'invalid_json');
  }
});

bodies('a comparing condition with a bound of the wrong kind answers 422 at its path and stores nothing', async () => {
  const before = await api('GET', '/v1/forms', { key: OWNER_KEY });
  for (const { type, condition, detail } of refusedBounds) {
    const definition = {
      id: 'cmp',
      title: 'Compare',
      submit: { label: 'Send' },
      fields: [
        { key: 'x', type, label: 'X' },
        { key: 'y', type: 'text', label: 'Y', show: [{ field: 'x', ...condition }] },
      ],
    };
    const r = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
    assert.is(r.status, 422, r.text);
    assert.equal(r.json.details, [`definition.${detail}`]);
  }
  const after = await api('GET', '/v1/forms', { key: OWNER_KEY });
  assert.equal(after.json.forms, before.json.forms);
});

bodies('unknown body fields and definition problems answer 422 listing every problem', async () => {
  const r = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: {
      definition: { id: 'x', submit: { label: 'Go' }, fields: [{ key: 'a', type: 'text' }] },
      colour: 'red',
      success_message: 'x'.repeat(501),
    },
  });
  assert.is(r.status, 422, r.text);
  const d: string[] = r.json.details;
  assert.ok(d.includes('colour: unknown field'), d.join('\n'));
  assert.ok(
    d.some((p) => p.startsWith('success_message:')),
    d.join('\n'),
  );
  assert.ok(
    d.some((p) => p.startsWith('definition.title:')),
    d.join('\n'),
  );
  assert.ok(
    d.some((p) => p.startsWith('definition.fields[0].label:')),
    d.join('\n'),
  );
  const missing = await api('POST', '/v1/forms', { key: OWNER_KEY, body: {} });
  assert.is(missing.status, 422);
  assert.equal(missing.json.details, ['definition: required']);
});

bodies('success_message: 500 characters pass, 501 are refused', async () => {
  const ok = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), success_message: 'x'.repeat(500) },
  });
  assert.is(ok.status, 201, ok.text);
  const over = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), success_message: 'x'.repeat(501) },
  });
  assert.is(over.status, 422);
});

/** A body of exactly `size` bytes: a definition whose helperText pads it out. */
function bodyOfSize(size: number): string {
  const make = (pad: number) =>
    JSON.stringify({
      definition: contactDefinition(),
      success_message: '',
      redirect_url: '',
      email: `${'a'.repeat(pad)}@example.com`,
    });
  return make(size - make(0).length);
}

bodies('a body of 64 KB is read; one byte more answers 413', async () => {
  const atLimit = bodyOfSize(64 * 1024);
  assert.is(Buffer.byteLength(atLimit), 65536);
  const r = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    rawBody: atLimit,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(r.status, 422, 'read and judged on its content (the email is too long), not refused for size');
  const over = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    rawBody: bodyOfSize(64 * 1024 + 1),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(over.status, 413);
  assert.is(over.json.error, 'payload_too_large');
});

bodies(
  'a chunked body past 64 KB (no content-length) answers 413, closes that connection, and the server carries on',
  async () => {
    const { form_id } = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
      .json;
    const outcome = await new Promise<{ status: number; connection?: string; closed: Promise<void> }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: `/v1/f/${form_id}`,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve({
              status: res.statusCode!,
              connection: res.headers.connection,
              closed: new Promise((r) => res.socket.once('close', () => r())),
            });
          },
        );
        req.on('error', reject);
        // One byte past the limit in 4 KB chunks, and the request left open: the server must answer
        // without waiting for the end. (Sending more than it reads would make its close a reset that
        // can swallow the answer; that is TCP, not what this test is about.)
        for (let sent = 0; sent < 64 * 1024; sent += 4096) req.write(Buffer.alloc(4096, 0x20));
        req.write('x');
      },
    );
    assert.is(outcome.status, 413);
    assert.is(outcome.connection, 'close');
    await outcome.closed;
    assert.is((await api('GET', '/healthz')).status, 200, 'the server is still up');
  },
);

bodies('definitions: 32 KB and 100 fields pass, past either answers 422', async () => {
  const fields = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ key: `f${i}`, type: 'text', label: `Field ${i}` }));
  const hundred = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ fields: fields(100) }) },
  });
  assert.is(hundred.status, 201, hundred.text);
  const more = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ fields: fields(101) }) },
  });
  assert.is(more.status, 422);
  assert.match(more.json.details.join(), /101 fields/);
  const sized = (bytes: number) => {
    const base = contactDefinition({ fields: [{ key: 'a', type: 'text', label: 'A', helperText: '' }] });
    const pad = bytes - JSON.stringify(base).length;
    return contactDefinition({ fields: [{ key: 'a', type: 'text', label: 'A', helperText: 'h'.repeat(pad) }] });
  };
  const at = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: sized(32 * 1024) } });
  assert.is(at.status, 201, at.text);
  const past = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: sized(32 * 1024 + 1) } });
  assert.is(past.status, 422);
  assert.match(past.json.details[0], /^definition: larger than 32768 bytes/);
});

bodies('the definition JSON Schema is served', async () => {
  const r = await api('GET', '/v1/schema/form-definition.json');
  assert.is(r.status, 200);
  assert.is(r.json.$id, `http://localhost:${server.port}/v1/schema/form-definition.json`);
  assert.ok(r.json.properties?.fields || r.json.$defs, 'it is a schema of the definition');
});

bodies('security headers are on every answer', async () => {
  const r = await api('GET', '/v1/forms', { key: OWNER_KEY });
  assert.is(r.headers.get('x-content-type-options'), 'nosniff');
  const missing = await api('GET', '/nowhere');
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('x-content-type-options'), 'nosniff');
  const wrongMethod = await api('DELETE', '/v1/forms');
  assert.is(wrongMethod.status, 405);
});

bodies.run();
