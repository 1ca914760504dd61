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
}

interface CompiledRoute extends Route {
  segments: string[];
}

/** Finds the handler for a method and path; tells 404 from 405 apart. */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((r) => ({ ...r, segments: split(r.path) }));
  }

  /** The matching route with its parameters, `methodNotAllowed` when only the method differs, or undefined. */
  match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } | 'methodNotAllowed' | undefined {
    const parts = split(pathname);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { handler: route.handler, params };
      pathMatched = true;
    }
    return pathMatched ? 'methodNotAllowed' : undefined;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(parts[i]);
      } catch {
        return undefined;
      }
      params[p.slice(1)] = value;
    } else if (p !== parts[i]) return undefined;
  }
  return params;
}
