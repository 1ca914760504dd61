// Browser bundles the server embeds and serves; each url is answered from memory by the server.
// Add an entry here when a new client bundle appears. clientBuildOptions is how each is built, shared by
// scripts/build.mjs and the bundle benchmark so the sizes measured are the sizes shipped.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmPrecompile } from './htm-precompile/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
//
// `eager`: the bundle starts with V8's compile hint `//# allFunctionsCalledOnLoad`, so Chromium
// compiles all of its functions while the file streams in, off the main thread. Without it each
// function is compiled on the main thread when first called, which was about a third of the first
// render of a form. Only for bundles whose code mostly runs at load; other browsers ignore the comment.
export const clientEntries = [
  // The renderer library with Preact and mountForm (the embed's inline mode loads it; CORS open).
  { url: '/assets/renderer.js', source: 'client/hosted/renderer-bundle.ts', format: 'esm', eager: true },
  // The hosted page's script: mounts the renderer over the server-rendered form.
  { url: '/assets/hosted.js', source: 'client/hosted/main.ts', format: 'esm', eager: true },
  // Styles of the renderer, the no-JavaScript form and the hosted pages.
  { url: '/assets/form.css', source: 'client/renderer/form.css' },
  // The embed loader: a classic script, so document.currentScript finds its own tag.
  { url: '/embed.js', source: 'client/embed/embed.ts', format: 'iife' },
  // The admin panel (served by the /admin shell page) and its styles.
  { url: '/assets/admin.js', source: 'client/admin/main.ts', format: 'esm' },
  { url: '/assets/admin.css', source: 'client/admin/admin.css' },
];

/** V8's explicit compile hint for a whole file (Chrome 136+), written first in `eager` bundles. */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad';

/** The esbuild options of one client bundle (built in memory: write is off). */
export function clientBuildOptions(entry, { minify = true } = {}) {
  return {
    entryPoints: [path.join(root, entry.source)],
    bundle: true,
    format: entry.format ?? 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify,
    write: false,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // The compile hint must be the file's first line (see `eager` above).
    banner: entry.eager ? { js: eagerCompileHint } : undefined,
    // html`...` templates become h() calls here, not in the browser (scripts/htm-precompile).
    plugins: [htmPrecompile()],
  };
}
