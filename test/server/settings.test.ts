// PATCH /v1/forms/{id} over the real bundle (spec 4.4, 2.11, 3.1).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const newForm = async () =>
  (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;
const patch = (id: string, body: unknown, key = OWNER_KEY) => api('PATCH', `/v1/forms/${id}`, { key, body });

const settings = suite('settings');
settings.before(async () => {
  // The receiver host below resolves to loopback, which only the development switch allows.
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1' } });
});
settings.after(async () => {
  await server.stop();
});

settings('answers the whole settings object; omitted fields stay unchanged', async () => {
  const id = await newForm();
  const r = await patch(id, { success_message: 'Thanks!' });
  assert.is(r.status, 200, r.text);
  assert.equal(r.json, {
    form_id: id,
    status: 'active',
    success_message: 'Thanks!',
    redirect_url: '',
    allow_another_response: false,
    notify_mode: 'off',
    notify_email: false,
    webhook_url: '',
    webhook_secret: '',
    notify_each_response: true,
    confirmation_email_field: '',
    confirmation_message: '',
    retention_days: null,
    theme: {},
    close_at: '',
    response_limit: null,
    closed_message: '',
    slug: '',

    slack_webhook_url: '',
    discord_webhook_url: '',
    redirect_origins: [],
    notify_rules: [],
    accept_undeclared: false,
    allow_edit_days: 0,
    webhook_events: ['submission.created'],
    encryption: null,
    keep_partial: false,
  });
  const r2 = await patch(id, { allow_another_response: true, redirect_url: 'http://example.com/done' });
  assert.is(r2.json.success_message, 'Thanks!');
  assert.is(r2.json.redirect_url, 'http://example.com/done');
  const unicode = await patch(id, { redirect_url: 'https://例え.example/日本?q=é' });
  assert.is(
    unicode.json.redirect_url,
    'https://xn--r8jz45g.example/%E6%97%A5%E6%9C%AC?q=%C3%A9',
    'stored normalised, safe for a Location header',
  );
  const r3 = await patch(id, { success_message: '', redirect_url: '' });
  assert.is(r3.json.success_message, '');
  assert.is(r3.json.redirect_url, '');
  assert.is(r3.json.allow_another_response, true);
});

settings('notify_email is the deprecated view of notify_mode; a conflicting pair answers 422', async () => {
  const id = await newForm();
  assert.is((await patch(id, { notify_email: true })).json.notify_mode, 'milestones');
  assert.is((await patch(id, { notify_mode: 'off' })).json.notify_email, false);
  assert.is((await patch(id, { notify_mode: 'milestones', notify_email: true })).status, 200);
  const conflict = await patch(id, { notify_mode: 'off', notify_email: true });
  assert.is(conflict.status, 422);
  assert.match(conflict.json.details[0], /^notify_email: conflicts with notify_mode/);
});

settings('a webhook URL gets a whsec_ secret, masked as whsec_… and the last 4', async () => {
  const id = await newForm();
  const r = await patch(id, { webhook_url: 'https://127.0.0.1:443/hook' });
  assert.is(r.status, 200, r.text);
  assert.match(r.json.webhook_secret, /^whsec_…[0-9a-f]{4}$/);
  const again = await patch(id, { webhook_url: 'https://127.0.0.1/other' });
  assert.is(again.json.webhook_secret, r.json.webhook_secret, 'the secret is kept when a URL is replaced');
  const removed = await patch(id, { webhook_url: '' });
  assert.is(removed.json.webhook_url, '');
});

settings('every bad field is listed in one 422, and nothing changes', async () => {
  const id = await newForm();
  const before = await patch(id, {});
  const rows: [string, Record<string, unknown>, RegExp][] = [
    ['webhook ftp', { webhook_url: 'ftp://example.com/hook' }, /^webhook_url: invalid url/],
    ['webhook credentials', { webhook_url: 'https://user:pw@example.com/hook' }, /^webhook_url: invalid url/],
    ['redirect ftp', { redirect_url: 'ftp://example.com' }, /^redirect_url: must be an http or https URL/],
    ['success_message 501', { success_message: 'x'.repeat(501) }, /^success_message:/],
    ['status unknown', { status: 'archived' }, /^status:/],
    ['notify_mode unknown', { notify_mode: 'always' }, /^notify_mode:/],
    ['allow_another_response not boolean', { allow_another_response: 'yes' }, /^allow_another_response:/],
    ['unknown field', { colour: 'red' }, /^colour: unknown field/],
  ];
  for (const [name, body, expected] of rows) {
    const r = await patch(id, body);
    assert.is(r.status, 422, name);
    assert.ok(
      r.json.details.some((d: string) => expected.test(d)),
      `${name}: ${r.json.details.join(' | ')}`,
    );
  }
  const all = await patch(id, { redirect_url: 'nope', success_message: 'x'.repeat(501), status: 'x', success: 1 });
  assert.is(all.json.details.length, 4, all.json.details.join(' | '));
  assert.is((await patch(id, { success_message: 'x'.repeat(500) })).status, 200, '500 characters are fine');
  await patch(id, { success_message: before.json.success_message });
  assert.equal((await patch(id, {})).json, before.json);
});

settings('keys: none 401, agent 403 owner_key_required (also after a claim), other workspace 404', async () => {
  const id = await newForm();
  assert.is((await api('PATCH', `/v1/forms/${id}`, { body: {} })).status, 401);
  const agentForm = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const own = await patch(agentForm.json.form_id, { success_message: 'x' }, agentForm.json.agent_key);
  assert.is(own.status, 403);
  assert.is(own.json.error, 'owner_key_required');
  const other = await patch(id, { success_message: 'x' }, agentForm.json.agent_key);
  assert.is(other.status, 404, 'a form outside the agent key is not found');
});

// Formstead's additive settings (docs/api.md): each limit at and past its edge, every problem at once.
const edges: [string, Record<string, unknown>, string | null][] = [
  ['retention 1 day', { retention_days: 1 }, null],
  ['retention 3650 days', { retention_days: 3650 }, null],
  ['retention forever', { retention_days: null }, null],
  ['retention 0', { retention_days: 0 }, 'retention_days: must be 1 to 3650 days, or null to keep submissions forever'],
  [
    'retention 3651',
    { retention_days: 3651 },
    'retention_days: must be 1 to 3650 days, or null to keep submissions forever',
  ],
  ['retention 1.5', { retention_days: 1.5 }, 'retention_days: must be a whole number of days'],
  ['confirmation message of 1000', { confirmation_message: 'x'.repeat(1000) }, null],
  [
    'confirmation message of 1001',
    { confirmation_message: 'x'.repeat(1001) },
    'confirmation_message: must be at most 1000 characters',
  ],
  ['theme at its edges', { theme: { accent: '#A0B1C2', radius: 24, font: 'serif', mode: 'dark' } }, null],
  ['theme radius 0', { theme: { radius: 0 } }, null],
  ['theme radius 25', { theme: { radius: 25 } }, 'theme.radius: must be 0 to 24'],
  ['theme radius -1', { theme: { radius: -1 } }, 'theme.radius: must be 0 to 24'],
  ['theme accent short form', { theme: { accent: '#abc' } }, 'theme.accent: must be a colour like #2f5bea'],
  [
    'theme accent raw CSS',
    { theme: { accent: 'red; background: url(x)' } },
    'theme.accent: must be a colour like #2f5bea',
  ],
  [
    'theme font outside the list',
    { theme: { font: 'Comic Sans MS' } },
    'theme.font: must be one of system, serif, rounded, mono',
  ],
  ['theme mode', { theme: { mode: 'sepia' } }, 'theme.mode: must be auto, light or dark'],
  ['theme unknown part', { theme: { css: 'body{}' } }, 'theme.css: unknown field'],
  [
    'confirmation without an email field of that name',
    { confirmation_email_field: 'nope' },
    'confirmation_email_field: no field "nope" in the form; its email fields are email',
  ],
  ['confirmation off', { confirmation_email_field: '' }, null],
  [
    'notify_each_response not a boolean',
    { notify_each_response: 'yes' },
    'notify_each_response: Invalid input: expected boolean, received string',
  ],
];
for (const [name, body, problem] of edges) {
  settings(`additive setting: ${name} ${problem ? 'is refused' : 'is taken'}`, async () => {
    const id = await newForm();
    const before = (await patch(id, {})).json;
    const r = await patch(id, body);
    if (problem === null) {
      assert.is(r.status, 200, r.text);
      for (const [k, v] of Object.entries(body)) assert.equal(r.json[k], k === 'theme' ? v : v, k);
    } else {
      assert.is(r.status, 422, r.text);
      assert.equal(r.json.details, [problem]);
      assert.equal((await patch(id, {})).json, before, 'nothing changed');
    }
  });
}

settings('the additive settings report every problem of one patch together, with the spec fields', async () => {
  const id = await newForm();
  const r = await patch(id, { retention_days: 0, theme: { accent: 'blue', radius: 99 }, redirect_url: 'ftp://x' });
  assert.is(r.status, 422);
  assert.equal(r.json.details.sort(), [
    'redirect_url: must be an http or https URL',
    'retention_days: must be 1 to 3650 days, or null to keep submissions forever',
    'theme.accent: must be a colour like #2f5bea',
    'theme.radius: must be 0 to 24',
  ]);
});

settings.run();
