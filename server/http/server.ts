// The node:http server: routes each request, shapes every error once (spec 7), tracks in-flight
// requests so a shutdown can let them finish.
import http from 'node:http';
import { ApiError, ClientGone, toApiError } from '../lib/api-error.ts';
import { closeAfterAnswer } from '../lib/http-body.ts';
import { Router } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { bearerChallenge } from './auth.ts';
import { sendJson } from './respond.ts';
import { routes } from './routes.ts';
import { observeRefusal, observeRequest } from '../metrics/http-metrics.ts';
import { metricsEnabled } from '../metrics/registry.ts';
import { logAccess } from '../lib/log.ts';
import { runInScope } from '../lib/request-scope.ts';
import { requestId } from './request-id.ts';
import { RequestResponse } from './request-response.ts';
import { parseTarget, routeContext } from './route-context.ts';

/** Builds the HTTP server over the services. `log` receives unexpected errors (never sent to clients). */
export function createHttpServer(services: Services, log: (line: string) => void): http.Server {
  const router = new Router(routes(services));
  // Served at an https address, browsers are told to use nothing else for a year, so a network that
  // rewrites a later http:// link cannot strip TLS. Never over http: the header would be ignored there,
  // and a test or local installation would pin its name to https.
  const hsts = new URL(services.config.publicUrl).protocol === 'https:';
  const trustedHops = services.config.trustProxy;
  /** A handler's result: JSON unless the handler answered itself. */
  const answer = (res: http.ServerResponse, result: unknown) => {
    if (result !== undefined && !res.headersSent) sendJson(res, 200, result);
  };
  /** Answers what a handler threw or rejected with: its refusal, or 500 for the unexpected. */
  const refuse = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    at: { route: string },
    pathname: string,
    err: unknown,
  ) => {
    if (err instanceof ClientGone) {
      res.destroy();
      return;
    }
    const { error, unexpected } = toApiError(err);
    if (metricsEnabled()) observeRefusal(req.method ?? 'GET', at.route, error.code);
    if (unexpected)
      log(
        `error: ${req.method} ${redactTokens(pathname)}: ` +
          `${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A refused body (413) or client (429) is not read on: the connection closes after the answer.
    if (error.headers.connection === 'close') closeAfterAnswer(req, res);
    // RFC 6750: a 401 of the API (and any other key refusal, which `unauthorized()` marks with the
    // Bearer scheme: /mcp) says how to authenticate and why the key failed; decided here so no refusal
    // can miss it or say it differently.
    const headers =
      error.status === 401 && (pathname.startsWith('/v1/') || 'www-authenticate' in error.headers)
        ? { ...error.headers, 'www-authenticate': bearerChallenge(req) }
        : error.headers;
    sendJson(res, error.status, error.body(), headers);
  };
  const handle = (req: http.IncomingMessage, res: http.ServerResponse, at: { route: string }) => {
    if (hsts) res.setHeader('strict-transport-security', 'max-age=31536000');
    const target = req.url ?? '/';
    const parsed = parseTarget(target);
    if (parsed === undefined) return sendJson(res, 400, { error: 'bad_request', details: ['url: malformed'] });
    const { pathname } = parsed;
    try {
      const match = router.match(req.method ?? 'GET', pathname);
      if (match === undefined) throw new ApiError(404, 'not_found', [`path: no route for ${pathname}`]);
      if ('allow' in match)
        throw new ApiError(
          405,
          'method_not_allowed',
          [`method: ${req.method} is not allowed here`],
          {},
          {
            allow: match.allow.join(', '),
          },
        );
      at.route = match.path;
      const result = match.handler(routeContext(req, res, match.params, target, parsed.url));
      if (!(result instanceof Promise)) return answer(res, result);
      // One `then`, not an async function's promise and its await: every promise of a request runs the request
      // scope's hooks (docs/performance.md, "The HTTP side of a submission, session 8").
      result.then(
        (value) => {
          try {
            answer(res, value);
          } catch (err) {
            refuse(req, res, at, pathname, err);
          }
        },
        (err) => refuse(req, res, at, pathname, err),
      );
    } catch (err) {
      refuse(req, res, at, pathname, err);
    }
  };
  const server = http.createServer({ ServerResponse: RequestResponse }, (req, res) => {
    const scope = { id: requestId(req, trustedHops) };
    // Written as the head's first header, whichever way the answer goes (request-response.ts).
    res.requestId = scope.id;
    // The route pattern once matched ('unmatched' for a 404 or 405 of the router): never the raw path,
    // which can carry claim tokens and makes one metrics series per form.
    const at = { route: 'unmatched' };
    const started = performance.now();
    res.once('finish', () => {
      const method = req.method ?? 'GET';
      if (metricsEnabled()) observeRequest(method, at.route, res.statusCode, started);
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      logAccess('request', { method, route: at.route, status: res.statusCode, duration_ms: durationMs }, scope);
    });
    runInScope(scope, () => handle(req, res, at));
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 15000;
  // Long enough for a 25 MB multipart post on a slow uplink (about 1 Mbit/s); headersTimeout still
  // bounds clients that trickle headers.
  server.requestTimeout = 300_000;
  return server;
}

/** Claim, invite and setup links carry secrets in their path: keep them out of the log. */
function redactTokens(pathname: string): string {
  return pathname.replace(/\/(claim|invite)\/[^/]+/g, '/$1/…');
}
