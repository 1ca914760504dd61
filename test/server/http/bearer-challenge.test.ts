// RFC 6750 on the REST API: every 401 of /v1 carries `WWW-Authenticate: Bearer`, with
// `error="invalid_token"` when a key was sent and refused and `error="invalid_request"` for a Bearer
// header without one key; /mcp's key refusals say the same; answers that are not 401 carry none.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let formId: string;

const challenge = suite('WWW-Authenticate on 401');
challenge.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json.form_id;
});
challenge.after(async () => {
  await server.stop();
});

/** The routes that need a key, one per kind of handler. */
const routes = (): [string, string, unknown?][] => [
  ['GET', '/v1/forms'],
  ['PATCH', `/v1/forms/${formId}`, { success_message: 'Hi' }],
  ['DELETE', `/v1/forms/${formId}`],
  ['GET', `/v1/forms/${formId}/submissions`],
  ['GET', `/v1/forms/${formId}/submissions/nope`],
  ['GET', `/v1/forms/${formId}/webhook`],
  ['POST', `/v1/forms/${formId}/webhook/test`],
];

/** What was sent as Authorization (undefined: nothing) → the challenge expected. */
const rows: [string | undefined, string][] = [
  [undefined, 'Bearer'],
  ['Bearer svc_live_not_a_real_key_0000000000000000', 'Bearer error="invalid_token"'],
  ['Bearer something-else', 'Bearer error="invalid_token"'],
  ['Bearer', 'Bearer error="invalid_request"'],
  ['Bearer two words', 'Bearer error="invalid_request"'],
  ['Basic dXNlcjpwYXNz', 'Bearer'],
];

challenge('every 401 of a keyed /v1 route names the Bearer scheme, and the error when a key was refused', async () => {
  for (const [method, path, body] of routes())
    for (const [authorization, expected] of rows) {
      const r = await call(server.url, method, path, {
        body,
        headers: authorization === undefined ? {} : { authorization },
      });
      const row = `${method} ${path} with ${authorization ?? 'no key'}`;
      assert.is(r.status, 401, row);
      assert.is(r.json.error, 'unauthorized', row);
      assert.is(r.headers.get('www-authenticate'), expected, row);
    }
});

challenge('answers that are not 401 carry no challenge', async () => {
  const answers = [
    await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY }),
    await call(server.url, 'GET', `/v1/forms/nope/submissions`, { key: OWNER_KEY }),
    await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { name: 'Ada', email: 'ada@example.com' } } }),
    await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: {} } }),
  ];
  assert.equal(
    answers.map((a) => a.status),
    [200, 404, 201, 422],
  );
  for (const a of answers) assert.is(a.headers.get('www-authenticate'), null);
});

challenge('/mcp refuses a wrong key with the same challenge', async () => {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  const headers = { accept: 'application/json, text/event-stream' };
  const wrong = await call(server.url, 'POST', '/mcp', {
    body,
    headers: { ...headers, authorization: 'Bearer svc_live_not_a_real_key_0000000000000000' },
  });
  assert.is(wrong.status, 401);
  assert.is(wrong.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
});

challenge.run();
