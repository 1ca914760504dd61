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

/**
 * A group of on-demand modules in one file (client/renderer/types/list.ts): `group~<a>~<b>.js`, two or more
 * names in order, each a fragment the build made (`fragment:<name>`, scripts/client-entries.mjs).
 */
const groupPath = /^\/assets\/group~([a-z0-9~-]+)\.js$/;
/** How each fragment starts (scripts/client-entries.mjs fragmentStart). */
const FRAGMENT_START = 'var __m=';
/**
 * V8's compile hint (scripts/client-entries.mjs eagerCompileHint), a group's first line as each type module's
 * alone: the page's first render runs their code, compiled while the file streams in, not on each first call.
 */
const EAGER_HINT = '//# allFunctionsCalledOnLoad';

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

/**
 * The ES module of a group: each fragment's code with its variable renamed, then the exports by name.
 * Undefined unless the names are known fragments, at least two, in order and each once (one URL per group,
 * so caches hold each group once).
 */
function groupModule(assets: Record<string, string>, path: string): string | undefined {
  const names = groupPath.exec(path)?.[1].split('~');
  if (!names || names.length < 2) return undefined;
  const parts: string[] = [];
  for (const [i, name] of names.entries()) {
    const code = assets[`fragment:${name}`];
    if (code === undefined || (i > 0 && names[i - 1] >= name)) return undefined;
    parts.push(`const m${i}=${code.slice(FRAGMENT_START.length)}`);
  }
  return `${EAGER_HINT}\n${parts.join('\n')}\nexport{${names.map((name, i) => `m${i} as "${name}"`).join(',')}};\n`;
}

const tagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

function etagOf(url: string, body: string): string {
  let tag = etags.get(url);
  if (!tag) {
    tag = tagOf(body);
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
    const assets = await clientAssets();
    const group = url.pathname.startsWith('/assets/group~') ? groupModule(assets, url.pathname) : undefined;
    // The fragments' keys are no paths (`fragment:<name>`), so no URL answers one alone.
    const body = group ?? assets[url.pathname];
    if (body === undefined) throw notFound('asset');
    // A group's tag is not kept: there can be many groups, each put together again when asked for.
    const etag = group ? tagOf(body) : etagOf(url.pathname, body);
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
