// Deeply nested JSON (security review "Who gets in", finding 3): 10,000 nested arrays overflowed the stack
// in whatever walked the value and answered 500. Every entry point found answers 400 invalid_json now,
// and a body at the limit (64 levels) still goes through.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);

/** `levels` arrays inside one another, as JSON text. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const DEEP = nested(10_000);
const tooDeep = {
  error: 'invalid_json',
  details: ['body: nested more than 64 levels deep (arrays and objects inside one another)'],
};

/** A definition (as JSON text) whose text field's defaultValue is `value` (JSON text). */
const definitionWith = (value: string) =>
  JSON.stringify(
    contactDefinition({ fields: [{ key: 'a', type: 'text', label: 'A', defaultValue: 'PLACEHOLDER' }] }),
  ).replace('"PLACEHOLDER"', () => value);
const mcpHeaders = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const toolCall = (name: string, args: string) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`;

const deep = suite('deep JSON');
deep.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
deep.after(async () => {
  await server.stop();
});

deep('keyless publish: 400 invalid_json, and no form is made', async () => {
  const r = await api('POST', '/v1/forms', {
    rawBody: `{"definition":${definitionWith(DEEP)}}`,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(r.status, 400, r.text);
  assert.equal(r.json, tooDeep);
  const listed = await api('GET', '/v1/forms', { key: OWNER_KEY });
  assert.is(listed.json.forms.length, 0);
});

for (const name of ['validate_definition', 'publish_form']) {
  deep(`MCP ${name}: 400 invalid_json`, async () => {
    const r = await api('POST', '/mcp', {
      key: OWNER_KEY,
      headers: mcpHeaders,
      rawBody: toolCall(name, `{"definition":${definitionWith(DEEP)}}`),
    });
    assert.is(r.status, 400, r.text);
    assert.equal(r.json, tooDeep);
  });
}

deep('an answer to a custom-type field: 400 past 64 levels, accepted at 64', async () => {
  const definition = contactDefinition({ fields: [{ key: 'gadget', type: 'custom', label: 'Gadget' }] });
  const formId = (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  const post = (value: string) =>
    api('POST', `/v1/f/${formId}`, {
      rawBody: `{"values":{"gadget":${value}}}`,
      headers: { 'content-type': 'application/json' },
    });
  const refused = await post(DEEP);
  assert.is(refused.status, 400, refused.text);
  assert.equal(refused.json, tooDeep);
  // The body object and `values` are two levels: 62 arrays make 64 in all, 63 make 65.
  assert.is((await post(nested(62))).status, 201, 'at the limit');
  const past = await post(nested(63));
  assert.is(past.status, 400, 'one past the limit');
  assert.equal(past.json, tooDeep);
  const stored = await api('GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  assert.is(stored.json.submissions.length, 1, 'only the answer at the limit was kept');
});

deep('brackets inside strings do not count', async () => {
  const r = await api('POST', '/v1/forms', {
    key: OWNER_KEY,
    rawBody: `{"definition":${definitionWith(JSON.stringify(DEEP))}}`,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(r.status, 201, r.text);
});

deep.run();
