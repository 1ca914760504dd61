// GET /metrics: the registry in the Prometheus text format, behind a Bearer token on the main listener,
// open on the private metrics listener (--metrics-port), which serves nothing else.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { unauthorized } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import { registry } from './registry.ts';

/** The path Prometheus scrapes by default. */
export const METRICS_PATH = '/metrics';

/** Answers the scrape once `token` (when given) matches the request's Bearer token. */
export function metricsHandler(token: string | undefined) {
  return async ({ req, res }: RouteContext) => {
    if (token !== undefined) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (given === undefined) throw unauthorized(['authorization: a Bearer token is needed for /metrics']);
      // Compared as digests of equal length, in constant time: the token's length leaks nothing either.
      if (!timingSafeEqual(digest(given), digest(token))) throw unauthorized(['authorization: wrong metrics token']);
    }
    const body = await registry.metrics();
    res.writeHead(200, {
      'content-type': registry.contentType,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The private listener of --metrics-port: /metrics without a token, 404 for anything else. */
export function createMetricsServer(): http.Server {
  const handle = metricsHandler(undefined);
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found', details: [`path: no route for ${url.pathname}`] }));
      return;
    }
    handle({ req, res, params: {}, query: url.searchParams, url }).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
}
