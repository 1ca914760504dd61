// GET /v1/openapi.json from the real bundle: a real validator accepts it, every /v1 route of routes.ts has
// an operation and every operation a route, and each operation's callers are what the server enforces.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const PUBLIC_URL = 'https://forms.example.test';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};
type Operation = { security: Record<string, string[]>[]; responses: Record<string, unknown> };

/** `METHOD /v1/...` of each /v1 route in routes.ts, parameters written `{}` (their names are the handler's). */
function routeTable(): string[] {
  const text = readFileSync(path.join(root, 'server/http/routes.ts'), 'utf8');
  const found = [...text.matchAll(/method:\s*'(\w+)',\s*path:\s*'(\/v1\/[^']*)'/g)];
  return found.map(([, method, p]) => `${method} ${p.replace(/:\w+/g, '{}')}`).sort();
}

function documented(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p.replace(/\{\w+\}/g, '{}')}`))
    .sort();
}

/** Each operation with a sample address: `{id}` a real form of the agent key, other parameters made up. */
function operations(doc: Doc, formId: string) {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${p}`,
      method: method.toUpperCase(),
      url: p.replace('{id}', formId).replace(/\{\w+\}/g, 'nosuchid'),
      callers: op.security.map((s) => Object.keys(s)[0] ?? 'none'),
      op,
    })),
  );
}

const t = suite<{ server: RunningServer; doc: Doc; res: Response; agentKey: string; agentForm: string }>('openapi');
t.before(async (ctx) => {
  ctx.server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_PUBLIC_URL: PUBLIC_URL } });
  ctx.res = await fetch(`${ctx.server.url}/v1/openapi.json`);
  ctx.doc = await ctx.res.clone().json();
  const keyless = await call(ctx.server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  ctx.agentKey = keyless.json.agent_key;
  ctx.agentForm = keyless.json.form_id;
});
t.after(async (ctx) => {
  await ctx.server?.stop();
});

t('is served without a key as JSON, CORS open, naming this instance as its server', ({ res, doc }) => {
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  assert.is(doc.openapi, '3.1.0');
  assert.equal(doc.servers, [{ url: PUBLIC_URL }]);
});

t('a real OpenAPI validator accepts it', async ({ doc }) => {
  const result = await validate(structuredClone(doc) as never);
  assert.ok(result.valid, JSON.stringify(result));
  assert.equal(result.warnings, []);
});

t('every /v1 route of routes.ts has an operation, and every operation a route', ({ doc }) => {
  const routes = routeTable();
  const ops = documented(doc);
  assert.ok(routes.length >= 15, `routes.ts read: ${routes.length} /v1 routes`);
  assert.equal(
    routes.filter((r) => !ops.includes(r)),
    [],
    'routes without an operation (add one to server/http/openapi/)',
  );
  assert.equal(
    ops.filter((o) => !routes.includes(o)),
    [],
    'operations without a route',
  );
});

t('the bundle routes every documented operation (no 404 "no route", no 405)', async ({ doc, server, agentForm }) => {
  for (const o of operations(doc, agentForm)) {
    const r = await call(server.url, o.method, o.url);
    assert.ok(r.status !== 405, `${o.name}: 405`);
    assert.ok(!(r.status === 404 && /no route/.test(r.text)), `${o.name}: no route`);
  }
});

t('both keys are bearer schemes; every operation says who may call it', ({ doc }) => {
  const schemes = doc.components.securitySchemes;
  assert.equal([schemes.accountKey.type, schemes.accountKey.scheme], ['http', 'bearer']);
  assert.equal([schemes.agentKey.type, schemes.agentKey.scheme], ['http', 'bearer']);
  for (const [p, item] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(item)) assert.ok(op.security.length > 0, `${m} ${p}: no security`);
});

t('an operation that needs a key answers 401 with WWW-Authenticate: Bearer without one', async (ctx) => {
  const keyed = operations(ctx.doc, ctx.agentForm).filter((o) => !o.callers.includes('none'));
  assert.ok(keyed.length >= 8, `${keyed.length} keyed operations`);
  for (const o of keyed) {
    assert.ok(o.op.responses['401'], `${o.name}: 401 not documented`);
    const r = await call(ctx.server.url, o.method, o.url);
    assert.is(r.status, 401, `${o.name}: ${r.status} ${r.text}`);
    assert.is(r.headers.get('www-authenticate'), 'Bearer', o.name);
    assert.equal(Object.keys(r.json), ['error', 'details'], o.name);
  }
});

t('an operation for account keys only answers an agent key 403 owner_key_required', async (ctx) => {
  const accountOnly = operations(ctx.doc, ctx.agentForm).filter(
    (o) => o.callers.includes('accountKey') && !o.callers.includes('agentKey'),
  );
  assert.ok(accountOnly.length >= 4, `${accountOnly.length} account-only operations`);
  for (const o of accountOnly) {
    assert.ok(o.op.responses['403'], `${o.name}: 403 not documented`);
    const r = await call(ctx.server.url, o.method, o.url, {
      key: ctx.agentKey,
      ...(o.method === 'GET' ? {} : { body: {} }),
    });
    assert.is(r.status, 403, `${o.name}: ${r.status} ${r.text}`);
    assert.is(r.json.error, 'owner_key_required', o.name);
  }
});

t('an operation open to agent keys lets one in', async (ctx) => {
  const agentOps = operations(ctx.doc, ctx.agentForm).filter(
    (o) => o.callers.includes('agentKey') && o.method === 'GET' && !o.url.includes('nosuchid'),
  );
  assert.ok(agentOps.length >= 2, `${agentOps.length} agent reads`);
  for (const o of agentOps) {
    const r = await call(ctx.server.url, o.method, o.url, { key: ctx.agentKey });
    assert.is(r.status, 200, `${o.name}: ${r.status} ${r.text}`);
  }
  const wrong = await call(ctx.server.url, 'GET', '/v1/forms', { key: 'svc_live_not_a_real_key_000000' });
  assert.is(wrong.status, 401);
  assert.is(wrong.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
});

t.run();
