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
  // The admin panel (served by the /admin shell page) and its styles. `split`: code loaded with
  // import() (the form builder) goes to chunks of its own, /assets/<name>-<hash>.js, fetched when opened;
  // code both need (Preact, the renderer) goes to a shared chunk that the panel imports at once.
  { url: '/assets/admin.js', source: 'client/admin/main.ts', format: 'esm', split: true },
  { url: '/assets/admin.css', source: 'client/admin/admin.css' },
  // The form builder's styles, linked by the builder when it opens (with /assets/form.css for its preview).
  { url: '/assets/builder.css', source: 'client/admin/builder/builder.css' },
];

/** V8's explicit compile hint for a whole file (Chrome 136+), written first in `eager` bundles. */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad';

/**
 * The esbuild options of one client bundle (built in memory: write is off). A `split` entry needs an
 * outdir for esbuild to name its chunks; nothing is written there. Its entry file keeps the entry's name.
 */
export function clientBuildOptions(entry, { minify = true } = {}) {
  const split = entry.split
    ? {
        splitting: true,
        outdir: path.join(root, 'dist/.chunks'),
        entryNames: path.basename(entry.url, '.js'),
        chunkNames: '[name]-[hash]',
        metafile: true,
      }
    : {};
  return {
    ...split,
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

/**
 * The files of one built entry as { url: text }: the entry at its url, and for a `split` entry each
 * chunk beside it under /assets/ (the entry imports them by relative path, "./chunk-XXXXXXXX.js").
 */
export function entryFiles(entry, outputFiles) {
  if (!entry.split) return { [entry.url]: outputFiles[0].text };
  const files = {};
  for (const file of outputFiles) files[`/assets/${path.basename(file.path)}`] = file.text;
  if (!(entry.url in files)) throw new Error(`build: ${entry.url} not among the outputs of ${entry.source}`);
  return files;
}
