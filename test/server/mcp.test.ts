// The MCP endpoint over the real bundle, driven by the SDK's own client (issue "MCP tools for agents",
// spec 4.7): every tool, its annotations, and errors carrying the REST API's codes and details.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { settingsPatchSchema } from '../../shared/api/forms.ts';
import { builtInFieldTypes } from '../../shared/engine/index.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let receiver: HttpsReceiver;
const clients: Client[] = [];
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

/** A connected SDK client, with `Authorization: Bearer <key>` on every request when a key is given. */
async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'formstead-test', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

/** Calls a tool; `json` is its structured answer (the parsed text for a plain-text tool is `text`). */
async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  return { isError: result.isError === true, json: result.structuredContent as any, text };
}

/** Asserts a tool error with the REST status and code. */
function assertToolError(r: Awaited<ReturnType<typeof tool>>, status: number, code: string, label = '') {
  assert.ok(r.isError, `${label} is a tool error: ${r.text}`);
  assert.is(r.json.status, status, `${label}: ${r.text}`);
  assert.is(r.json.error, code, label);
  assert.ok(Array.isArray(r.json.details), `${label}: details is a list`);
  assert.equal(JSON.parse(r.text), r.json, `${label}: the text holds the same JSON`);
}

const setUp = async () => {
  receiver = await startHttpsReceiver();
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: receiver.caFile },
  });
};
const tearDown = async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.stop();
  await receiver.close();
};

const tools = suite('mcp: tools');
tools.before(setUp);
tools.after(tearDown);

const allTools = [
  'definition_reference',
  'validate_definition',
  'publish_form',
  'list_forms',
  'get_submissions',
  'get_form_stats',
  'get_form_summary',
  'update_form_settings',
  'add_form_image',
  'get_webhook',
  'send_test_webhook',
];

tools('list_tools shows every tool with a description, annotations and an input schema', async () => {
  const { tools: listed } = await (await connect()).listTools();
  assert.equal(listed.map((t) => t.name).sort(), [...allTools].sort());
  // name: [readOnlyHint, destructiveHint, idempotentHint]
  const hints: Record<string, [boolean, boolean, boolean]> = {
    definition_reference: [true, false, true],
    validate_definition: [true, false, true],
    publish_form: [false, false, false],
    list_forms: [true, false, true],
    get_submissions: [true, false, true],
    get_form_stats: [true, false, true],
    get_form_summary: [true, false, true],
    update_form_settings: [false, true, true],
    add_form_image: [false, false, false],
    get_webhook: [true, false, true],
    send_test_webhook: [false, false, false],
  };
  for (const t of listed) {
    assert.ok((t.description ?? '').length > 80, `${t.name} says when to call it and what it returns`);
    const a = t.annotations!;
    assert.equal([a.readOnlyHint, a.destructiveHint, a.idempotentHint], hints[t.name], t.name);
    assert.is(t.inputSchema.type, 'object', t.name);
    assert.is((t.inputSchema as any).additionalProperties, false, `${t.name} refuses unknown arguments`);
  }
  const publish = listed.find((t) => t.name === 'publish_form')!.inputSchema as any;
  assert.equal(publish.required, ['definition']);
  assert.is(publish.properties.success_message.maxLength, 500, 'the REST body schema is reused');
  assert.is(publish.properties.definition.type, 'object', 'a definition is an object, not a string of JSON');
  const settings = listed.find((t) => t.name === 'update_form_settings')!.inputSchema as any;
  assert.equal(
    Object.keys(settings.properties).sort(),
    [...Object.keys(settingsPatchSchema.shape), 'form_id', 'reveal_secret'].sort(),
  );
  assert.equal(settings.required, ['form_id']);
});

tools('keyless publish_form returns the agent key and claim link, as the REST publish does', async () => {
  const r = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  assert.not.ok(r.isError, r.text);
  assert.match(r.json.form_id, /^[A-Za-z0-9_-]{10}$/);
  assert.match(r.json.agent_key, /^svc_agent_/);
  assert.match(r.json.claim_url, new RegExp(`^http://localhost:${server.port}/claim/`));
  assert.is(r.json.hosted_url, `http://localhost:${server.port}/f/${r.json.form_id}`);
  assert.type(r.json.expires_at, 'string');
  assert.type(r.json.agent_key_notice, 'string');
  const rest = await api('POST', '/v1/forms', { body: { definition: contactDefinition() } });
  assert.equal(Object.keys(r.json).sort(), Object.keys(rest.json).sort(), 'the same fields as POST /v1/forms');

  const agent = await connect(r.json.agent_key);
  const listed = await tool(agent, 'list_forms');
  assert.equal(
    listed.json.forms.map((f: any) => f.form_id),
    [r.json.form_id],
    'the agent key sees its form',
  );
  const v2 = await tool(agent, 'publish_form', {
    definition: contactDefinition({ title: 'Contact v2' }),
    form_id: r.json.form_id,
  });
  assert.is(v2.json.version, 2, v2.text);
  assert.is(v2.json.agent_key, undefined, 'a keyed publish makes no new agent key');
});

tools('get_form_stats answers what GET /v1/forms/{id}/stats answers; a bad date names its argument', async () => {
  const published = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  const agent = await connect(published.json.agent_key);
  const id = published.json.form_id;
  const counted = await api('POST', `/v1/f/${id}/events`, {
    rawBody: JSON.stringify({
      session: 'mcp-session',
      events: [{ type: 'view' }, { type: 'reached', key: 'name' }, { type: 'reached', key: 'email' }],
      referrer: 'news.example',
    }),
  });
  assert.is(counted.status, 204);
  assert.is(
    (await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada', email: 'a@example.com' } } })).status,
    201,
  );
  const mcp = await tool(agent, 'get_form_stats', { form_id: id });
  const rest = await api('GET', `/v1/forms/${id}/stats`, { key: published.json.agent_key });
  assert.equal(mcp.json, rest.json);
  assert.equal([mcp.json.views, mcp.json.completions], [1, 1]);
  assert.equal(mcp.json.sources, [{ source: 'news.example', views: 1, completions: 0 }]);
  // The funnel per question and the completion no page measured (posted by the API).
  assert.equal(
    mcp.json.questions.map((q: { key: string; reached: number; stopped: number }) => [q.key, q.reached, q.stopped]),
    [
      ['name', 1, 1],
      ['email', 1, 1],
      ['topic', 0, 0],
      ['message', 0, 0],
    ],
  );
  assert.is(mcp.json.completions_without_visit, 1);
  const bad = await tool(agent, 'get_form_stats', { form_id: id, from: '2026-02-30' });
  assertToolError(bad, 400, 'invalid_query', 'a day that does not exist');
  assert.equal(bad.json.details, ['from: must be a date as YYYY-MM-DD, like 2026-11-24']);
  assertToolError(await tool(agent, 'get_form_stats', { form_id: 'nosuchform' }), 404, 'not_found');
  // `from` alone on the calendar's last day is one day (it used to loop without end: issue 38).
  const last = await tool(agent, 'get_form_stats', { form_id: id, from: '9999-12-31' });
  assert.equal(
    last.json.daily.map((d: { date: string }) => d.date),
    ['9999-12-31'],
  );
  assert.is((await api('GET', '/healthz')).status, 200);
});

tools('get_form_summary answers what GET /v1/forms/{id}/summary answers; a bad range names its argument', async () => {
  const published = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  const agent = await connect(published.json.agent_key);
  const id = published.json.form_id;
  assert.is(
    (await api('POST', `/v1/f/${id}`, { body: { values: { name: 'Ada', email: 'a@example.com' } } })).status,
    201,
  );
  const mcp = await tool(agent, 'get_form_summary', { form_id: id });
  const rest = await api('GET', `/v1/forms/${id}/summary`, { key: published.json.agent_key });
  assert.is(rest.status, 200, rest.text);
  assert.equal(mcp.json, rest.json);
  assert.is(mcp.json.total, 1);
  assert.equal(mcp.json.questions[0], { key: 'name', label: 'Name', type: 'text', answered: 1, latest: ['Ada'] });
  const bad = await tool(agent, 'get_form_summary', { form_id: id, from: '2026-11-02', to: '2026-11-01' });
  assertToolError(bad, 400, 'invalid_query', 'from after to');
  assert.equal(bad.json.details, ['from: must not be after to (2026-11-01)']);
  assertToolError(await tool(agent, 'get_form_summary', { form_id: 'nosuchform' }), 404, 'not_found');
});

tools('get_submissions pages like GET /v1/forms/{id}/submissions', async () => {
  const published = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  const agent = await connect(published.json.agent_key);
  const id = published.json.form_id;
  for (const name of ['Ada', 'Ben', 'Cy']) {
    const posted = await api('POST', `/v1/f/${id}`, {
      body: { values: { name, email: `${name.toLowerCase()}@example.com` } },
    });
    assert.is(posted.status, 201, posted.text);
  }
  const first = await tool(agent, 'get_submissions', { form_id: id, limit: 2 });
  assert.equal(
    first.json.submissions.map((s: any) => s.values.name),
    ['Cy', 'Ben'],
    'newest first',
  );
  assert.equal(Object.keys(first.json.submissions[0]).sort(), [
    'created_at',
    'form_version',
    'id',
    'note',
    'status',
    'tags',
    'values',
    'values_contain_hidden_characters',
  ]);
  assert.type(first.json.next_cursor, 'string');
  const last = await tool(agent, 'get_submissions', { form_id: id, limit: 2, cursor: first.json.next_cursor });
  assert.equal(
    last.json.submissions.map((s: any) => s.values.name),
    ['Ada'],
  );
  assert.is(last.json.next_cursor, undefined, 'no next_cursor on the last page');
  const capped = await tool(agent, 'get_submissions', { form_id: id, limit: 1000 });
  assert.is(capped.json.submissions.length, 3, 'a limit over 100 is capped, not refused');
  const rows: [string, Record<string, unknown>, number, string][] = [
    ['non-integer limit', { form_id: id, limit: 2.5 }, 400, 'invalid_limit'],
    ['limit 0', { form_id: id, limit: 0 }, 400, 'invalid_limit'],
    ['foreign cursor', { form_id: id, cursor: 'nope' }, 400, 'invalid_cursor'],
    ['unknown form', { form_id: 'nosuchform' }, 404, 'not_found'],
    ['unknown argument', { form_id: id, format: 'csv' }, 422, 'invalid_request'],
  ];
  for (const [label, args, status, code] of rows)
    assertToolError(await tool(agent, 'get_submissions', args), status, code, label);
  const rest = await api('GET', `/v1/forms/${id}/submissions?limit=2.5`, { key: published.json.agent_key });
  const mcp = await tool(agent, 'get_submissions', { form_id: id, limit: 2.5 });
  assert.equal(mcp.json.details, rest.json.details, 'the same details as REST');
});

tools('get_submissions filters by tag, status and text like the REST list', async () => {
  const form = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json;
  const ids: Record<string, string> = {};
  for (const name of ['Ada', 'Ben', 'Cy']) {
    const values = { name, email: `${name.toLowerCase()}@example.com` };
    ids[name] = (await api('POST', `/v1/f/${form.form_id}`, { body: { values } })).json.id;
  }
  const patch = (name: string, body: unknown) =>
    api('PATCH', `/v1/forms/${form.form_id}/submissions/${ids[name]}`, { key: OWNER_KEY, body });
  assert.is((await patch('Ada', { tags: ['vip'], status: 'done' })).status, 200);
  assert.is((await patch('Cy', { tags: ['VIP'] })).status, 200);
  const owner = await connect(OWNER_KEY);
  const names = async (args: Record<string, unknown>) =>
    (await tool(owner, 'get_submissions', { form_id: form.form_id, ...args })).json.submissions.map(
      (s: any) => s.values.name,
    );
  assert.equal(await names({ tag: 'Vip' }), ['Cy', 'Ada']);
  assert.equal(await names({ status: 'done' }), ['Ada']);
  assert.equal(await names({ tag: 'vip', status: 'new', q: 'cy@' }), ['Cy']);
  const bad = await tool(owner, 'get_submissions', { form_id: form.form_id, status: 'archived' });
  assertToolError(bad, 400, 'invalid_filter', 'unknown status');
  assert.equal(bad.json.details, ['status: must be one of new, seen, done']);
});

tools('an agent key gets owner_key_required from the settings and webhook tools', async () => {
  const published = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  const agent = await connect(published.json.agent_key);
  const id = published.json.form_id;
  const rest = await api('PATCH', `/v1/forms/${id}`, {
    key: published.json.agent_key,
    body: { success_message: 'hi' },
  });
  const rows: [string, Record<string, unknown>][] = [
    ['update_form_settings', { form_id: id, success_message: 'hi' }],
    ['get_webhook', { form_id: id }],
    ['send_test_webhook', { form_id: id }],
  ];
  for (const [name, args] of rows) {
    const r = await tool(agent, name, args);
    assertToolError(r, 403, 'owner_key_required', name);
    assert.equal(r.json.details, rest.json.details, `${name}: the same details as REST`);
  }
});

tools('without a key, the tools that need one answer 401 unauthorized', async () => {
  const anonymous = await connect();
  for (const name of ['list_forms', 'get_submissions', 'update_form_settings', 'get_webhook', 'send_test_webhook']) {
    assertToolError(await tool(anonymous, name, { form_id: 'abc' }), 401, 'unauthorized', name);
  }
});

tools('publish_form errors carry the REST codes and every detail', async () => {
  const owner = await connect(OWNER_KEY);
  const body = {
    definition: { id: 'x', submit: { label: 'Go' }, fields: [{ key: 'a', type: 'text' }] },
    colour: 'red',
    success_message: 'x'.repeat(501),
  };
  const mcp = await tool(owner, 'publish_form', body);
  const rest = await api('POST', '/v1/forms', { key: OWNER_KEY, body });
  assert.is(rest.status, 422);
  assertToolError(mcp, 422, 'invalid_request');
  assert.equal(mcp.json.details, rest.json.details);
  assert.ok(mcp.json.details.includes('colour: unknown field'), mcp.text);
  assert.ok(
    mcp.json.details.some((d: string) => d.startsWith('definition.fields[0].label:')),
    mcp.text,
  );
  const unclaimed = await tool(await connect(), 'publish_form', { definition: contactDefinition() });
  assertToolError(
    await tool(owner, 'publish_form', { definition: contactDefinition(), form_id: unclaimed.json.form_id }),
    404,
    'not_found',
    'unclaimed form of another key',
  );
});

tools('validate_definition lists the problems publish would, with no key', async () => {
  const anonymous = await connect();
  const bad = {
    id: 'x',
    title: 'X',
    submit: { label: 'Go' },
    fields: [
      { key: 'a', type: 'text' },
      { key: 'a', type: 'select', label: 'A' },
    ],
  };
  const r = await tool(anonymous, 'validate_definition', { definition: bad });
  assert.not.ok(r.isError, 'problems are an answer, not a failure');
  assert.is(r.json.valid, false);
  const rest = await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: bad } });
  assert.equal(r.json.problems, rest.json.details, 'the same problems as a publish');
  assert.ok(r.json.problems.length >= 3, r.text);
  const good = await tool(anonymous, 'validate_definition', { definition: contactDefinition() });
  assert.equal(good.json, { valid: true, problems: [] });
  assertToolError(await tool(anonymous, 'validate_definition', {}), 422, 'invalid_request', 'missing definition');
});

tools('definition_reference names every built-in field type and object, with examples that publish', async () => {
  const r = await tool(await connect(), 'definition_reference');
  assert.not.ok(r.isError);
  const typesLine = r.text.split('\n')[r.text.split('\n').indexOf('## Built-in field types') + 1];
  for (const type of builtInFieldTypes) assert.ok(typesLine.split(/[ ,.]+/).includes(type), `field type ${type}`);
  for (const name of [
    'FormDefinition',
    'FormField',
    'FieldValidation',
    'FieldOption',
    'ShowCondition',
    'FormStep',
    'StepRoute',
    'FormAction',
    'Calculation',
  ]) {
    assert.ok(r.text.includes(`## ${name}`), name);
  }
  const examples = [...r.text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
  assert.is(examples.length, 3);
  assert.ok(
    examples.some((e) => e.calculations?.length),
    'one example has calculations',
  );
  assert.ok(
    examples.some((e) => e.steps?.some((s: any) => s.routes)),
    'one example routes between steps',
  );
  const owner = await connect(OWNER_KEY);
  for (const definition of examples) {
    const checked = await tool(owner, 'validate_definition', { definition });
    assert.equal(checked.json, { valid: true, problems: [] }, `${definition.id}: ${checked.text}`);
    const published = await tool(owner, 'publish_form', { definition });
    assert.not.ok(published.isError, published.text);
  }
});

tools('update_form_settings applies settings and masks the secret unless reveal_secret', async () => {
  const owner = await connect(OWNER_KEY);
  const { json: form } = await tool(owner, 'publish_form', { definition: contactDefinition() });
  const url = receiver.url('/status/200/settings');
  const r = await tool(owner, 'update_form_settings', {
    form_id: form.form_id,
    webhook_url: url,
    success_message: 'Thanks!',
    status: 'paused',
  });
  assert.not.ok(r.isError, r.text);
  assert.is(r.json.webhook_url, url);
  assert.is(r.json.success_message, 'Thanks!');
  assert.is(r.json.status, 'paused');
  assert.match(r.json.webhook_secret, /^whsec_…[0-9a-f]{4}$/);
  const revealed = await tool(owner, 'update_form_settings', { form_id: form.form_id, reveal_secret: true });
  assert.match(revealed.json.webhook_secret, /^whsec_[0-9a-f]{64}$/);
  assert.ok(revealed.json.webhook_secret.endsWith(r.json.webhook_secret.slice(-4)), 'the same secret, in full');
  assert.is(revealed.json.status, 'paused', 'omitted settings stay as they are');

  const body = { notify_mode: 'sometimes', success_message: 'x'.repeat(501), colour: 'red' };
  const bad = await tool(owner, 'update_form_settings', { form_id: form.form_id, ...body });
  const rest = await api('PATCH', `/v1/forms/${form.form_id}`, { key: OWNER_KEY, body });
  assertToolError(bad, 422, 'invalid_request');
  assert.equal(bad.json.details, rest.json.details, 'the same details as PATCH');
  assertToolError(
    await tool(owner, 'update_form_settings', { form_id: form.form_id, reveal_secret: 'yes' }),
    422,
    'invalid_request',
    'reveal_secret not a boolean',
  );
  assertToolError(
    await tool(owner, 'update_form_settings', { form_id: 'nosuchform', status: 'active' }),
    404,
    'not_found',
    'unknown form',
  );
});

tools('get_webhook shows the delivery log; send_test_webhook sends one signed test', async () => {
  const owner = await connect(OWNER_KEY);
  const { json: form } = await tool(owner, 'publish_form', { definition: contactDefinition() });
  assertToolError(
    await tool(owner, 'send_test_webhook', { form_id: form.form_id }),
    422,
    'invalid_request',
    'no webhook_url yet',
  );
  const path = '/status/200/webhook-tools';
  await tool(owner, 'update_form_settings', { form_id: form.form_id, webhook_url: receiver.url(path) });
  const masked = await tool(owner, 'get_webhook', { form_id: form.form_id });
  assert.equal(masked.json, { url: receiver.url(path), secret: masked.json.secret, deliveries: [] });
  assert.match(masked.json.secret, /^whsec_…/);
  const { json: hook } = await tool(owner, 'get_webhook', { form_id: form.form_id, reveal_secret: true });
  receiver.secrets.set(path, hook.secret);

  const test = await tool(owner, 'send_test_webhook', { form_id: form.form_id });
  assert.not.ok(test.isError, test.text);
  assert.is(test.json.ok, true);
  assert.is(test.json.status_code, 200);
  assert.type(test.json.duration_ms, 'number');
  const [sent] = receiver.to(path);
  assert.is(sent.verified, true, 'signed with the form secret');
  assert.is(sent.json.submission_id, '00000000-0000-0000-0000-000000000000');

  const posted = await api('POST', `/v1/f/${form.form_id}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com' } },
  });
  await receiver.waitFor(() => receiver.to(path).length === 2, 'the submission webhook');
  let log = await tool(owner, 'get_webhook', { form_id: form.form_id });
  // The attempt is logged right after the receiver answers; poll until the row is there (a liveness
  // bound as long as the other suites' waits, not 200 polls that a busy machine can use up in 2-3 s).
  for (const deadline = Date.now() + 20_000; log.json.deliveries.length === 0 && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 10));
    log = await tool(owner, 'get_webhook', { form_id: form.form_id });
  }
  assert.is(log.json.deliveries.length, 1, 'the test send is not logged; the submission is');
  assert.is(log.json.deliveries[0].submission_id, posted.json.id);
  assert.is(log.json.deliveries[0].status_code, 200);
  assert.is(log.json.deliveries[0].attempt, 1);
});

tools('HTTP: a bad key is 401 before MCP; GET and DELETE 405; over 64 KB 413; not JSON 400', async () => {
  let refused: unknown;
  try {
    await connect('svc_live_doesnotexist000000000000');
  } catch (err) {
    refused = err;
  }
  assert.ok(refused, 'the SDK client cannot connect with an unknown key');
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  const bad = await api('POST', '/mcp', { key: 'svc_live_doesnotexist000000000000', headers, body: ping });
  assert.is(bad.status, 401);
  assert.is(bad.json.error, 'unauthorized');
  for (const method of ['GET', 'DELETE']) {
    const r = await api(method, '/mcp', { headers });
    assert.is(r.status, 405, method);
    assert.is(r.json.error.code, -32000, `${method}: a JSON-RPC error body`);
  }
  const huge = JSON.stringify({ ...ping, params: { pad: 'x'.repeat(64 * 1024) } });
  assert.is((await api('POST', '/mcp', { headers, rawBody: huge })).status, 413);
  const notJson = await api('POST', '/mcp', { headers, rawBody: '{"jsonrpc":' });
  assert.is(notJson.status, 400);
  assert.is(notJson.json.error, 'invalid_json');
  const pong = await api('POST', '/mcp', { headers, body: ping });
  assert.is(pong.status, 200, pong.text);
  assert.equal(pong.json, { jsonrpc: '2.0', id: 1, result: {} }, 'a plain JSON answer, no SSE stream');
});

tools.run();

const limits = suite('mcp: keyless publishing limits');
limits.before(async () => {
  server = await startServer({ env: { FORMSTEAD_RATE_LIMIT: 'on' } });
});
limits.after(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.stop();
});

limits('keyless publish_form draws on the same per-address budget as POST /v1/forms', async () => {
  // 5 new unclaimed forms per address per hour: 3 over REST and 2 over MCP use it up.
  for (let i = 0; i < 3; i++)
    assert.is((await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).status, 201);
  const anonymous = await connect();
  for (let i = 0; i < 2; i++)
    assert.not.ok((await tool(anonymous, 'publish_form', { definition: contactDefinition() })).isError);
  assertToolError(
    await tool(anonymous, 'publish_form', { definition: contactDefinition() }),
    429,
    'rate_limited',
    'the 6th form',
  );
  assert.is(
    (await api('POST', '/v1/forms', { body: { definition: contactDefinition() } })).status,
    429,
    'REST is refused too',
  );
  const checked = await tool(anonymous, 'validate_definition', { definition: contactDefinition() });
  assert.is(checked.json.valid, true, 'checking a definition is not a publish');
});

limits.run();
