// GET /assets/{name} and GET /embed.js: the client bundles scripts/build.mjs embedded in the server
// bundle (scripts/client-entries.mjs lists them), answered from memory.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { notFound } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sendAsset } from './respond.ts';

const contentTypes: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
};
/** Entry URLs carry no content hash, so caches keep them briefly and revalidate by ETag. */
const MAX_AGE_SECONDS = 300;
/**
 * Chunks of a code-split bundle (the admin panel's builder) are named by their content
 * (scripts/client-entries.mjs: chunkNames '[name]-[hash]'), so a browser may keep them for a year: a
 * new build names changed code differently, and the entry that imports them is revalidated.
 */
const CHUNK_MAX_AGE_SECONDS = 365 * 24 * 3600;
const hashedChunk = /^\/assets\/[\w-]+-[A-Z0-9]{8}\.js$/;

let loaded: Promise<Record<string, string>> | undefined;
const etags = new Map<string, string>();

/**
 * The virtual module exists only in the bundle; importing it lazily keeps server code importable from
 * source (tests run it with tsx), where every asset is simply not found.
 */
function clientAssets(): Promise<Record<string, string>> {
  loaded ??= import('formstead:client-assets').then(
    (m) => m.clientAssets,
    () => ({}),
  );
  return loaded;
}

function etagOf(url: string, body: string): string {
  let tag = etags.get(url);
  if (!tag) {
    tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    etags.set(url, tag);
  }
  return tag;
}

function notModified(req: IncomingMessage, etag: string): boolean {
  return (req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim() === etag);
}

/** Serves one embedded bundle. CORS is open: the embed's inline mode imports the renderer from other sites. */
export const asset =
  (_s: Services) =>
  async ({ req, res, url }: RouteContext) => {
    const body = (await clientAssets())[url.pathname];
    if (body === undefined) throw notFound('asset');
    const etag = etagOf(url.pathname, body);
    const maxAge = hashedChunk.test(url.pathname) ? CHUNK_MAX_AGE_SECONDS : MAX_AGE_SECONDS;
    const cacheControl =
      maxAge === CHUNK_MAX_AGE_SECONDS ? `public, max-age=${maxAge}, immutable` : `public, max-age=${maxAge}`;
    const headers = { etag, 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };
    if (notModified(req, etag)) {
      res.writeHead(304, { ...headers, 'cache-control': cacheControl });
      return void res.end();
    }
    const type = contentTypes[url.pathname.split('.').pop() ?? ''] ?? 'application/octet-stream';
    sendAsset(res, body, type, maxAge, { ...headers, 'cache-control': cacheControl });
  };
