// The request's target as the router needs it: its path, and the parsed URL only when a handler asks.
import type http from 'node:http';
import type { RouteContext } from '../lib/router.ts';

/** The base every request target is resolved against (only its path and query are used). */
const BASE = 'http://localhost';

/**
 * A target WHATWG URL parsing would leave as it is, so it is its own pathname: segments of unreserved
 * characters, none of them "." or "..", and no query. Parsing every target with `new URL` was ~2 µs of each
 * request (docs/performance.md, "Where ingest time goes", 2026-11-29); the submission path never reads more.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;

/** The target's pathname and, when it had to be parsed for it, its URL; undefined when it does not parse. */
export function parseTarget(target: string): { pathname: string; url?: URL } | undefined {
  if (PLAIN_PATH.test(target)) return { pathname: target };
  try {
    const url = new URL(target, BASE);
    return { pathname: url.pathname, url };
  } catch {
    return undefined;
  }
}

/**
 * A handler's context, whose `url` and `query` are parsed from `target` the first time they are read. A class
 * with its getters on the prototype: an object literal with two getters took ~1.1 µs to make on every request,
 * this ~0.03 (docs/performance.md, "The write path, session 6").
 */
class LazyRouteContext implements RouteContext {
  constructor(
    readonly req: http.IncomingMessage,
    readonly res: http.ServerResponse,
    readonly params: Record<string, string>,
    private readonly target: string,
    private parsed: URL | undefined,
  ) {}

  get url(): URL {
    this.parsed ??= new URL(this.target, BASE);
    return this.parsed;
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }
}

/** A handler's context for a request to `target` (its URL parsed already when `parsed` is given). */
export function routeContext(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  params: Record<string, string>,
  target: string,
  parsed?: URL,
): RouteContext {
  return new LazyRouteContext(req, res, params, target, parsed);
}
