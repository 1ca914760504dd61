// GET /v1/forms/{id}/webhook and POST /v1/forms/{id}/webhook/test over the real bundle (spec 4.5,
// 4.6, 6.7): who may call them, the masked and revealed secret, and the test send.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../../helpers/https-receiver.ts';
import type { RunningServer } from '../../helpers/server.ts';
import { deliveryLog, FAST_RETRIES, formWithWebhook, settle, startWebhookServer } from '../../helpers/webhooks.ts';

const CAP_MS = Number(FAST_RETRIES.FORMSTEAD_WEBHOOK_RETRY_CAP_MS);
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
let server: RunningServer;
let receiver: HttpsReceiver;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

/** A two-step definition: the test send names every field of every step. */
const stepsDefinition = {
  id: 'signup',
  title: 'Signup',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'a',
      title: 'A',
      fields: [
        { key: 'name', type: 'text', label: 'Name' },
        { key: 'age', type: 'number', label: 'Age' },
      ],
    },
    { id: 'b', title: 'B', fields: [{ key: 'agree', type: 'checkbox', label: 'Agree' }] },
  ],
};

const endpoints = suite('webhooks: endpoints');
endpoints.before(async () => {
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver);
});
endpoints.after(async () => {
  await server.stop();
  await receiver.close();
});

endpoints('GET webhook: url, the secret masked unless reveal=true, and an empty log for a new form', async () => {
  const bare = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id;
  assert.equal((await api('GET', `/v1/forms/${bare}/webhook`, { key: OWNER_KEY })).json, {
    url: '',
    secret: '',
    deliveries: [],
  });

  const { id, secret } = await formWithWebhook(server, receiver, '/status/200/view');
  assert.match(secret, /^whsec_[0-9a-f]{64}$/);
  const masked = await api('GET', `/v1/forms/${id}/webhook`, { key: OWNER_KEY });
  assert.is(masked.status, 200);
  assert.equal(masked.json, {
    url: receiver.url('/status/200/view'),
    secret: `whsec_…${secret.slice(-4)}`,
    deliveries: [],
  });
  assert.is(
    (await api('GET', `/v1/forms/${id}/webhook?reveal=false`, { key: OWNER_KEY })).json.secret,
    masked.json.secret,
  );
  assert.is((await api('GET', `/v1/forms/${id}/webhook?reveal=true`, { key: OWNER_KEY })).json.secret, secret);
  const bad = await api('GET', `/v1/forms/${id}/webhook?reveal=yes`, { key: OWNER_KEY });
  assert.is(bad.status, 400);
  assert.equal(bad.json.details, ['reveal: must be true or false']);
});

endpoints(
  'keys: none 401, agent key 403 owner_key_required on its own form, out of scope 404, for both endpoints',
  async () => {
    const { id } = await formWithWebhook(server, receiver, '/status/200/keys');
    const agent = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
    const rows: [string, string, string | undefined, number, string | undefined][] = [
      ['GET', `/v1/forms/${id}/webhook`, undefined, 401, 'unauthorized'],
      ['POST', `/v1/forms/${id}/webhook/test`, undefined, 401, 'unauthorized'],
      ['GET', `/v1/forms/${agent.json.form_id}/webhook`, agent.json.agent_key, 403, 'owner_key_required'],
      ['POST', `/v1/forms/${agent.json.form_id}/webhook/test`, agent.json.agent_key, 403, 'owner_key_required'],
      ['GET', `/v1/forms/${id}/webhook?reveal=true`, agent.json.agent_key, 404, 'not_found'],
      ['POST', `/v1/forms/${id}/webhook/test`, agent.json.agent_key, 404, 'not_found'],
      ['GET', `/v1/forms/${agent.json.form_id}/webhook`, OWNER_KEY, 404, 'not_found'],
      ['GET', '/v1/forms/nope/webhook', OWNER_KEY, 404, 'not_found'],
    ];
    for (const [method, path, key, status, error] of rows) {
      const r = await api(method, path, { key });
      assert.is(r.status, status, `${method} ${path}`);
      assert.is(r.json.error, error, `${method} ${path}`);
      assert.not.ok(r.text.includes('whsec_'), 'no secret in a refusal');
    }
    assert.is(receiver.to('/status/200/keys').length, 0, 'no refused call sent anything');
  },
);

endpoints(
  'test send: one signed payload, all-zero id, `test` for every field of the latest version; not logged',
  async () => {
    const { id } = await formWithWebhook(server, receiver, '/status/200/test', stepsDefinition);
    // A second version with one more field: the test send uses the latest.
    const v2 = {
      ...stepsDefinition,
      steps: [
        ...stepsDefinition.steps,
        { id: 'c', title: 'C', fields: [{ key: 'note', type: 'textarea', label: 'Note' }] },
      ],
    };
    assert.is((await api('POST', '/v1/forms', { key: OWNER_KEY, body: { form_id: id, definition: v2 } })).status, 201);
    const r = await api('POST', `/v1/forms/${id}/webhook/test`, { key: OWNER_KEY });
    assert.is(r.status, 200, r.text);
    assert.equal(Object.keys(r.json).sort(), ['duration_ms', 'ok', 'status_code']);
    assert.is(r.json.ok, true);
    assert.is(r.json.status_code, 200);
    assert.ok(Number.isInteger(r.json.duration_ms) && r.json.duration_ms >= 0);
    const [got] = receiver.to('/status/200/test');
    assert.is(got.verified, true);
    assert.is(got.headers['service-submission-id'], ZERO_ID);
    assert.is(got.json.type, 'submission.created');
    assert.is(got.json.submission_id, ZERO_ID);
    assert.is(got.json.form_version, 2);
    assert.is(got.json.version, 2);
    assert.equal(got.json.values, { name: 'test', age: 'test', agree: 'test', note: 'test' });
    assert.match(got.json.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assert.equal(await deliveryLog(server, id), [], 'a test send is not logged');
  },
);

endpoints(
  'test send to a failing receiver: ok false with the spec 7.4 text, not retried, not logged, no failing state',
  async () => {
    const path = '/status/500/test';
    const { id } = await formWithWebhook(server, receiver, path);
    for (let i = 0; i < 6; i++) {
      const r = await api('POST', `/v1/forms/${id}/webhook/test`, { key: OWNER_KEY });
      assert.is(r.status, 200);
      assert.equal(
        { ok: r.json.ok, status_code: r.json.status_code, error: r.json.error },
        { ok: false, status_code: 500, error: 'http 500' },
      );
    }
    await settle(CAP_MS * 2);
    assert.is(receiver.to(path).length, 6, 'one request per call, no retries');
    assert.equal(await deliveryLog(server, id), []);
    const listed = (await api('GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find((f: any) => f.form_id === id);
    assert.not.ok('webhook_failing' in listed, 'test sends do not count as failures');
  },
);

endpoints('test send without a webhook_url answers 422', async () => {
  const id = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id;
  const r = await api('POST', `/v1/forms/${id}/webhook/test`, { key: OWNER_KEY });
  assert.is(r.status, 422);
  assert.match(r.json.details[0], /^webhook_url: no webhook is configured/);
});

endpoints.run();
