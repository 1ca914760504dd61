// The answer schemas of the OpenAPI document (shared/api/*-responses.ts) against the running bundle's real
// answers. A schema strips keys it does not know, so "parses to exactly what was sent" also fails on a field
// the server sends and the document does not name: neither can drift from the other.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/api/api-error.ts';
import {
  formDetailSchema,
  formListSchema,
  publicDefinitionSchema,
  publishResultSchema,
  settingsSchema,
} from '../../shared/api/form-responses.ts';
import {
  submissionPageSchema,
  submissionSchema,
  submitResultSchema,
  uploadResultSchema,
} from '../../shared/api/submission-responses.ts';
import { webhookInfoSchema, webhookTestResultSchema } from '../../shared/api/webhook-responses.ts';
import { type ApiAnswer, call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.ts';
import type { RunningServer } from '../helpers/server.ts';
import { formWithWebhook, startWebhookServer, submit, waitForLog } from '../helpers/webhooks.ts';

/** The answer had `status`, and its body is exactly what `schema` describes: no field more, none missing. */
function holds(answer: ApiAnswer, status: number, schema: z.ZodType, what: string) {
  assert.is(answer.status, status, `${what}: ${answer.text}`);
  const parsed = schema.safeParse(answer.json);
  assert.ok(parsed.success, `${what}: ${parsed.error?.message}`);
  assert.equal(parsed.data, answer.json, `${what}: the server sends fields the schema does not name`);
}

const t = suite<{ server: RunningServer; receiver: HttpsReceiver; formId: string }>('openapi answers');
t.before(async (ctx) => {
  ctx.receiver = await startHttpsReceiver();
  ctx.server = await startWebhookServer(ctx.receiver);
  ctx.formId = (await formWithWebhook(ctx.server, ctx.receiver, '/status/200/answers')).id;
});
t.after(async (ctx) => {
  await ctx.server?.stop();
  await ctx.receiver?.close();
});

t('publish: with an account key, without a key, with an agent key, a new version', async ({ server }) => {
  const definition = contactDefinition();
  const account = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  holds(account, 201, publishResultSchema, 'account publish');
  const keyless = await call(server.url, 'POST', '/v1/forms', { body: { definition } });
  holds(keyless, 201, publishResultSchema, 'keyless publish');
  assert.match(keyless.json.agent_key, /^svc_agent_/);
  const agent = await call(server.url, 'POST', '/v1/forms', { key: keyless.json.agent_key, body: { definition } });
  holds(agent, 201, publishResultSchema, 'agent publish');
  assert.ok(agent.json.claim_url && agent.json.expires_at);
  const version = await call(server.url, 'POST', '/v1/forms', {
    key: keyless.json.agent_key,
    body: { definition, form_id: keyless.json.form_id },
  });
  holds(version, 201, publishResultSchema, 'new version');
  assert.is(version.json.version, 2);
  const agentList = await call(server.url, 'GET', '/v1/forms', { key: keyless.json.agent_key });
  holds(agentList, 200, formListSchema, 'agent list');
  assert.is(agentList.json.forms.length, 2);
});

t('list forms, settings and the public definition', async ({ server, formId }) => {
  const list = await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY });
  holds(list, 200, formListSchema, 'list');
  assert.ok(list.json.forms.some((f: { form_id: string }) => f.form_id === formId));
  const settings = await call(server.url, 'PATCH', `/v1/forms/${formId}`, {
    key: OWNER_KEY,
    body: { success_message: 'Thanks!', retention_days: 30, theme: { accent: '#2f5bea' } },
  });
  holds(settings, 200, settingsSchema, 'settings');
  const detail = await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY });
  holds(detail, 200, formDetailSchema, 'one form');
  const view = await call(server.url, 'GET', `/v1/f/${formId}/definition`);
  holds(view, 200, publicDefinitionSchema, 'public definition');
  assert.is(view.json.success_message, 'Thanks!');
});

t('submit, a page of submissions with its cursor, one submission', async ({ server, formId }) => {
  const first = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com', topic: 'sales' } },
  });
  holds(first, 201, submitResultSchema, 'submit');
  await submit(server, formId, { name: 'Grace', email: 'grace@example.com' });
  const page = await call(server.url, 'GET', `/v1/forms/${formId}/submissions?limit=1`, { key: OWNER_KEY });
  holds(page, 200, submissionPageSchema, 'first page');
  assert.ok(page.json.next_cursor, 'a next page');
  const rest = await call(
    server.url,
    'GET',
    `/v1/forms/${formId}/submissions?limit=100&cursor=${encodeURIComponent(page.json.next_cursor)}`,
    { key: OWNER_KEY },
  );
  holds(rest, 200, submissionPageSchema, 'last page');
  const one = await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${first.json.id}`, { key: OWNER_KEY });
  holds(one, 200, submissionSchema, 'one submission');
  assert.equal(one.json.values, { name: 'Ada', email: 'ada@example.com', topic: 'sales' });
});

t('the webhook with its delivery log, and a test send', async ({ server, formId }) => {
  await waitForLog(server, formId, (log) => log.length > 0, 'a delivery');
  const info = await call(server.url, 'GET', `/v1/forms/${formId}/webhook`, { key: OWNER_KEY });
  holds(info, 200, webhookInfoSchema, 'webhook info');
  assert.ok(info.json.deliveries.length > 0);
  const test = await call(server.url, 'POST', `/v1/forms/${formId}/webhook/test`, { key: OWNER_KEY });
  holds(test, 200, webhookTestResultSchema, 'webhook test');
  assert.is(test.json.ok, true);
});

t('an upload for a file field', async ({ server }) => {
  const definition = contactDefinition({ fields: [{ key: 'cv', type: 'file', label: 'CV' }] });
  const form = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  const upload = await call(server.url, 'POST', `/v1/f/${form.json.form_id}/uploads?field=cv`, {
    rawBody: 'hello',
    headers: { 'content-type': 'text/plain', 'x-file-name': 'cv.txt' },
  });
  holds(upload, 201, uploadResultSchema, 'upload');
});

t('errors: 400, 401, 404 and 422 are {error, details}', async ({ server, formId }) => {
  holds(await call(server.url, 'POST', '/v1/forms', { rawBody: '[', key: OWNER_KEY }), 400, apiErrorSchema, '400');
  holds(await call(server.url, 'GET', '/v1/forms'), 401, apiErrorSchema, '401');
  holds(await call(server.url, 'GET', '/v1/forms/nope/webhook', { key: OWNER_KEY }), 404, apiErrorSchema, '404');
  const invalid = await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: { theme: 1 } });
  holds(invalid, 422, apiErrorSchema, '422');
});

t.run();
