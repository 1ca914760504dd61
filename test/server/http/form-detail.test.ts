// GET /v1/forms/{id} over the real bundle (ARCHITECTURE.md "Running it as a service"): the form as listed,
// its settings as PATCH answers them (secret masked) and its current version; keys see only their forms.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

const detail = suite('form-detail');
detail.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' } });
});
detail.after(async () => {
  await server.stop();
});

detail('an account key reads its form: listed fields, the settings PATCH answers, the current version', async () => {
  const id = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;
  const second = contactDefinition({ title: 'Contact us, again' });
  assert.is(
    (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: second, form_id: id } })).status,
    201,
  );
  const patched = await api('PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { success_message: 'Thanks!', webhook_url: 'http://127.0.0.1:9/hook' },
  });
  assert.is(patched.status, 200, patched.text);
  const r = await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY });
  assert.is(r.status, 200, r.text);
  assert.equal(r.json.settings, patched.json);
  assert.match(r.json.settings.webhook_secret, /^whsec_…/);
  const listed = (await api('GET', '/v1/forms', { key: OWNER_KEY })).json.forms.find(
    (f: { form_id: string }) => f.form_id === id,
  );
  const { settings: _settings, current_version: current, ...form } = r.json;
  assert.equal(form, listed);
  assert.is(form.version, 2);
  assert.is(current.version, 2);
  assert.match(current.created_at, /^\d{4}-\d\d-\d\dT/);
  assert.is(current.definition.title, 'Contact us, again');
  assert.equal(
    current.definition.fields.map((f: { key: string }) => f.key),
    second.fields.map((f: { key: string }) => f.key),
  );
});

detail('an agent key reads its own form only; no key or a bad key is 401; unknown or foreign ids are 404', async () => {
  const published = (await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).json;
  const agentKey = published.agent_key as string;
  const agentForm = published.form_id as string;
  const own = await api('GET', `/v1/forms/${agentForm}`, { key: agentKey });
  assert.is(own.status, 200, own.text);
  assert.is(own.json.form_id, agentForm);
  assert.is(own.json.current_version.version, 1);
  assert.ok(own.json.expires_at, 'an unclaimed form says when it goes');

  const accountForm = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json.form_id as string;
  // Another key's form is not found, never "forbidden": ids do not leak.
  const foreign = await api('GET', `/v1/forms/${accountForm}`, { key: agentKey });
  assert.is(foreign.status, 404, foreign.text);
  assert.is(foreign.json.error, 'not_found');
  const unclaimed = await api('GET', `/v1/forms/${agentForm}`, { key: OWNER_KEY });
  assert.is(unclaimed.status, 404, unclaimed.text);
  const unknown = await api('GET', '/v1/forms/frm_doesnotexist000000', { key: OWNER_KEY });
  assert.is(unknown.status, 404, unknown.text);

  const none = await api('GET', `/v1/forms/${accountForm}`);
  assert.is(none.status, 401, none.text);
  assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
  const bad = await api('GET', `/v1/forms/${accountForm}`, { key: 'svc_live_not_a_real_key_0000000000' });
  assert.is(bad.status, 401, bad.text);
});

detail.run();
