// A small router over node:http: exact segments and `:name` parameters, matched in list order.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler receives: the raw request and response, path parameters and the parsed query. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  url: URL;
}

/** A handler either writes the response itself or returns a value the server answers with. */
export type Handler = (ctx: RouteContext) => unknown | Promise<unknown>;

/** One line of the route table. */
export interface Route {
  method: string;
  path: string;
  handler: Handler;
  /**
   * The route answers 405 itself (for the body its protocol expects, as GET /mcp): its method is not
   * listed in the `Allow` of a 405.
   */
  refuses?: true;
}

/** A path some route has, asked with another method: the methods it takes, for the 405's `Allow` (RFC 9110). */
export interface MethodNotAllowed {
  allow: string[];
}

interface CompiledRoute extends Route {
  segments: string[];
  /** Each segment's parameter name (`:id` → `id`), undefined for a literal one. */
  names: (string | undefined)[];
}

/** Finds the handler for a method and path; tells 404 from 405 apart. */
export class Router {
  /** Routes by their number of path segments, in list order: a path only ever tries routes of its own length. */
  private readonly byLength = new Map<number, CompiledRoute[]>();

  constructor(routes: Route[]) {
    for (const r of routes) {
      const segments = split(r.path);
      const names = segments.map((p) => (p.startsWith(':') ? p.slice(1) : undefined));
      const compiled = { ...r, segments, names };
      const list = this.byLength.get(compiled.segments.length) ?? [];
      list.push(compiled);
      this.byLength.set(compiled.segments.length, list);
    }
  }

  /**
   * The matching route with its parameters, the methods the path takes when only the method differs, or
   * undefined.
   */
  match(
    method: string,
    pathname: string,
  ): { handler: Handler; params: Record<string, string>; path: string } | MethodNotAllowed | undefined {
    const parts = split(pathname);
    let pathMatched = false;
    for (const route of this.byLength.get(parts.length) ?? []) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
        return { handler: route.handler, params, path: route.path };
      pathMatched = true;
    }
    return pathMatched ? { allow: this.allowed(parts) } : undefined;
  }

  /** The methods some route of this path takes (HEAD with GET), sorted. */
  private allowed(parts: string[]): string[] {
    const methods = new Set<string>();
    for (const route of this.byLength.get(parts.length) ?? []) {
      if (route.refuses || !matchSegments(route, parts)) continue;
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
    return [...methods].sort();
  }
}

/** The path's segments, empty ones left out (`//` and a trailing `/` match as if absent). */
function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/**
 * The route's parameters when `parts` fits its segments, else undefined. The literal segments are compared
 * before any parameter is decoded or the parameters' object made: a path tries every route of its length
 * until one fits, and routes that did not fit made objects and decoded for nothing; a segment without `%` is
 * its own decoding (decodeURIComponent took ~190 ns a call, twice a submission: docs/performance.md, "The write
 * path, session 7 (lane)").
 */
function matchSegments({ segments, names }: CompiledRoute, parts: string[]): Record<string, string> | undefined {
  for (let i = 0; i < segments.length; i++) if (names[i] === undefined && segments[i] !== parts[i]) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const name = names[i];
    if (name === undefined) continue;
    const part = parts[i];
    if (!part.includes('%')) {
      params[name] = part;
      continue;
    }
    try {
      params[name] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}
