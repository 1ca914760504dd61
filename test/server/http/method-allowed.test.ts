// 405 answers name the methods the path takes in `Allow` (RFC 9110 15.5.6), for every path of the route
// table (server/http/routes.ts), over the real bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Services } from '../../../server/core/services.ts';
import { routes } from '../../../server/http/routes.ts';
import { call } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
const allowed = suite('method-allowed');
allowed.before(async () => {
  // With a metrics token, so /metrics is one of the routes too (it is there only when metrics are on).
  server = await startServer({ env: { FORMSTEAD_METRICS_TOKEN: 'metrics-token-0123456789' } });
});
allowed.after(async () => {
  await server.stop();
});

/** Stands in for the services: the table only builds handlers, which are never called here. */
const inert: Services = new Proxy(() => {}, {
  get: (_t, p) => (p === Symbol.toPrimitive ? () => 'http://localhost' : inert),
  apply: () => inert,
  construct: () => inert,
}) as unknown as Services;

/**
 * Each path of the table with the methods its routes take (HEAD wherever GET), those answering 405 left out.
 * A path that another pattern matches too (`/v1/forms/x1/submissions/import` is also a `:submissionId`)
 * takes that pattern's methods as well, as the router answers them.
 */
function methodsByPath(): Map<string, string[]> {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes(inert)) {
    const methods = byPath.get(route.path) ?? new Set<string>();
    if (!route.refuses) methods.add(route.method);
    if (route.method === 'GET' && !route.refuses) methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`);
  return new Map(
    [...byPath.keys()].map((pattern) => {
      const path = pattern.replace(/:\w+/g, 'x1');
      const all = new Set<string>();
      for (const [other, methods] of byPath) if (matcher(other).test(path)) for (const m of methods) all.add(m);
      return [pattern, [...all].sort()];
    }),
  );
}

allowed('a method no route of the path takes: 405 with Allow listing the ones it does', async () => {
  const table = methodsByPath();
  assert.ok(table.size > 40, `${table.size} paths`);
  for (const [pattern, methods] of table) {
    const path = pattern.replace(/:\w+/g, 'x1');
    const r = await call(server.url, 'PUT', path);
    assert.is(r.status, 405, `PUT ${path}: ${r.text}`);
    assert.is(r.headers.get('allow'), methods.join(', '), `Allow of ${path}`);
    assert.equal(r.json, { error: 'method_not_allowed', details: ['method: PUT is not allowed here'] }, path);
  }
});

allowed('paths with several methods list them all; /mcp takes POST only, also when its GET refuses', async () => {
  assert.is((await call(server.url, 'DELETE', '/v1/forms')).headers.get('allow'), 'GET, HEAD, POST');
  assert.is((await call(server.url, 'GET', '/v1/f/x1')).headers.get('allow'), 'OPTIONS, POST');
  assert.is((await call(server.url, 'PUT', '/v1/forms/x1')).headers.get('allow'), 'DELETE, GET, HEAD, PATCH');
  const mcp = await call(server.url, 'PUT', '/mcp');
  assert.is(mcp.headers.get('allow'), 'POST');
  const mcpGet = await call(server.url, 'GET', '/mcp');
  assert.is(mcpGet.status, 405);
  assert.is(mcpGet.headers.get('allow'), 'POST');
});

allowed.run();
