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

/** A handler's context, whose `url` and `query` are parsed from `target` the first time they are read. */
export function routeContext(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  params: Record<string, string>,
  target: string,
  parsed?: URL,
): RouteContext {
  let url = parsed;
  return {
    req,
    res,
    params,
    get url() {
      url ??= new URL(target, BASE);
      return url;
    },
    get query() {
      return this.url.searchParams;
    },
  };
}
