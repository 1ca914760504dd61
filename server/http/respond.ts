// Writing answers: JSON, HTML and the security headers every answer carries.
import type { ServerResponse } from 'node:http';
import { RequestResponse } from './request-response.ts';

/**
 * Headers on every answer: no MIME sniffing; no referrer to other sites (claim and setup links carry
 * tokens). `same-origin` rather than `no-referrer`, because under `no-referrer` browsers send
 * `Origin: null` on our own form posts and the same-origin check (same-origin.ts) could not tell them
 * from a cross-site post.
 */
const baseHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };

/**
 * CSP for our HTML pages: our own scripts and styles only, posts to ourselves; `frame-ancestors` is the
 * modern form of X-Frame-Options. Embeddable pages (the hosted form in the embed's iframe) allow any parent.
 */
export function htmlSecurityHeaders(embeddable: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self' http: https:",
    "base-uri 'none'",
    "object-src 'none'",
    embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
  return embeddable
    ? { 'content-security-policy': csp }
    : { 'content-security-policy': csp, 'x-frame-options': 'DENY' };
}

type HeaderSet = Record<string, string | number>;

/**
 * Merges header objects, a later one winning on a name. Why not `{ ...a, ...b }`: an object literal
 * built with spreads on every answer cost ~6 µs for the ~11 headers of a JSON answer, a fifth of a
 * small answer's whole cost (docs/performance.md, "Where ingest time goes"); Object.assign into one
 * fresh object does the same in a fraction of that.
 */
function mergeHeaders(...sets: HeaderSet[]): HeaderSet {
  return Object.assign({}, ...sets);
}

/**
 * The headers of a JSON answer, by who reads it. `api`: the API's answers (the panel's, an account key's, every
 * refusal) carry the page headers too, X-Frame-Options and Referrer-Policy, as every other answer does: they cost
 * little where answers are few, and an answer opened in a tab is a page. `script`: an answer only a script reads,
 * on any site (the respondent's 201 and an answer's edit), keeps `nosniff` and drops the page headers (it is
 * never shown or framed as a page, and nothing is followed from it): it is the hot path, and Node checks every
 * header it writes: the 12 of a JSON answer with CORS cost ~2.5 µs of CPU a request more than these 6
 * (docs/performance.md, "The write path, session 6").
 */
const jsonHeaders = {
  api: {
    ...baseHeaders,
    'x-frame-options': 'DENY',
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  },
  script: {
    'x-content-type-options': 'nosniff',
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  },
};

/** Who reads a JSON answer (see jsonHeaders). */
export type JsonReader = keyof typeof jsonHeaders;

/** Sends a JSON body with the status and extra headers. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: HeaderSet = {}) {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/**
 * Sends a body that is JSON text already (made once for the store and the answer alike), with the headers for its
 * reader (see jsonHeaders) and the extra ones.
 */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: HeaderSet = {},
  reader: JsonReader = 'api',
) {
  const length = { 'content-length': Buffer.byteLength(text) };
  // X-Request-Id and these in one object, when nothing was set before: the head Node writes fastest.
  if (res instanceof RequestResponse && res.headFresh) res.headWithId(status, jsonHeaders[reader], length, headers);
  else res.writeHead(status, mergeHeaders(jsonHeaders[reader], length, headers));
  res.end(text);
}

/** Answers 204 with no body (a deletion that went through). */
export function sendNoContent(res: ServerResponse) {
  res.writeHead(204, mergeHeaders(baseHeaders, { 'cache-control': 'no-store' }));
  res.end();
}

/** Sends an HTML page with the page CSP. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  opts: { embeddable?: boolean; headers?: HeaderSet } = {},
) {
  res.writeHead(
    status,
    mergeHeaders(
      baseHeaders,
      htmlSecurityHeaders(opts.embeddable ?? false),
      {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(html),
        'cache-control': 'no-store',
      },
      opts.headers ?? {},
    ),
  );
  res.end(html);
}

/** Sends a static asset (JS, CSS, JSON) with caching. */
export function sendAsset(
  res: ServerResponse,
  body: string,
  contentType: string,
  maxAgeSeconds: number,
  headers: HeaderSet = {},
) {
  res.writeHead(
    200,
    mergeHeaders(
      baseHeaders,
      {
        'content-type': contentType,
        'content-length': Buffer.byteLength(body),
        'cache-control': `public, max-age=${maxAgeSeconds}`,
      },
      headers,
    ),
  );
  res.end(body);
}

/** Sends a redirect. */
export function redirect(res: ServerResponse, status: 302 | 303, location: string) {
  res.writeHead(status, mergeHeaders(baseHeaders, { location, 'content-length': 0, 'cache-control': 'no-store' }));
  res.end();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
