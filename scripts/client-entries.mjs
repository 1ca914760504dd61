// Browser bundles the server embeds and serves; each url is answered from memory by the server.
// Add an entry here when a new client bundle appears. clientBuildOptions is how each is built, shared by
// scripts/build.mjs and the bundle benchmark so the sizes measured are the sizes shipped.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify as terser } from 'terser';
import { htmPrecompile } from './htm-precompile/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
//
// `compact`: the bundle (and its chunks) goes through terser after esbuild, ~4 % smaller gzipped: the
// respondents' bundles, which have a size budget (docs/decisions.md "terser after esbuild").
//
// `eager`: the bundle starts with V8's compile hint `//# allFunctionsCalledOnLoad`, so Chromium
// compiles all of its functions while the file streams in, off the main thread. Without it each
// function is compiled on the main thread when first called, which was about a third of the first
// render of a form. Only for bundles whose code mostly runs at load; other browsers ignore the comment.
/**
 * Modules the renderer and the hosted page load only when needed, each a bundle of its own at its URL. In
 * the other bundles an `import()` of one of these files becomes an import of that URL, relative to the
 * importing bundle (all live under /assets/, so the inline embed loads them from the Formstead server).
 * They import nothing at run time (what they need is passed in), so no code is shipped twice.
 */
const lazyModules = {
  'shared/engine/calc/calculations.ts': '/assets/calculations.js',
  'shared/engine/conditions-code.ts': '/assets/conditions.js',
  'client/renderer/one-per-screen/questions.ts': '/assets/one-per-screen.js',
  'client/renderer/save-progress/saved-answers.ts': '/assets/save-progress.js',
  'client/hosted/offline-queue.ts': '/assets/offline-queue.js',
  'client/hosted/partial-answers.ts': '/assets/partial-answers.js',
  'client/renderer/lazy/file-input.ts': '/assets/file-input.js',
  'client/renderer/lazy/reset-confirm.ts': '/assets/reset-confirm.js',
  'client/renderer/lazy/language-switch.ts': '/assets/language-switch.js',
  'client/renderer/lazy/provided-field.ts': '/assets/provided-field.js',
  'client/hosted/in-frame.ts': '/assets/in-frame.js',
  // End-to-end encrypted forms only (client/hosted/encrypt-answer.ts).
  'client/hosted/encrypt-answer.ts': '/assets/encrypt.js',
  'client/renderer/lazy/resumed.ts': '/assets/resumed.js',
  'client/renderer/lazy/edit-link.ts': '/assets/edit-link.js',
  'client/renderer/lazy/progress.ts': '/assets/progress.js',
  // The light page's rules of rating, scale, NPS and matrix (client/hosted/light/survey-cores.ts).
  'client/hosted/light/survey-cores.ts': '/assets/light-cores.js',
  // The light page's ranking and signature, the renderer's components with Preact (client/hosted/light/islands.ts).
  'client/hosted/light/islands.ts': '/assets/light-islands.js',
  // The light page's steps and show conditions (client/hosted/light/steps.ts).
  'client/hosted/light/steps.ts': '/assets/light-steps.js',
  // Field types with a module of their own (client/renderer/types/list.ts); rating, scale and nps share one.
  'client/renderer/types/point-types.ts': '/assets/type-points.js',
  'client/renderer/types/matrix.ts': '/assets/type-matrix.js',
  'client/renderer/types/ranking.ts': '/assets/type-ranking.js',
  'client/renderer/types/signature.ts': '/assets/type-signature.js',
  'shared/engine/piping-code.ts': '/assets/piping.js',
  'shared/text/markdown.ts': '/assets/markdown.js',
};

/**
 * Turns `import('./questions.ts')` (and the others above) into `import('./one-per-screen.js')` in a bundle;
 * the modules in `inline` stay in it (a dynamic import of code already in the file).
 */
function lazyImports(inline = []) {
  return {
    name: 'lazy-imports',
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const source = path.relative(root, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
        const url = inline.includes(source) ? undefined : lazyModules[source];
        return url ? { path: `./${path.basename(url)}`, external: true } : undefined;
      });
    },
  };
}

/**
 * Files the respondents' bundles read in place of shared ones, so that code only some forms need comes with
 * what loads it: the field type registry without the cores of types that have a renderer module (they
 * bring theirs, client/renderer/types/list.ts), and the conditions and dependency order behind a slot that
 * /assets/conditions.js fills for forms with conditions (client/renderer/conditions.ts). A swap does not
 * apply inside the files that stand in or wrap the real ones (`keep`). Entries with `fullEngine` (the
 * panel, whose builder reads every type's core and checks conditions) keep the shared files.
 */
const browserSwaps = {
  'shared/fields/registry.ts': 'shared/fields/registry-browser.ts',
  'shared/engine/conditions.ts': 'shared/engine/conditions-browser.ts',
  'shared/engine/dependencies.ts': 'shared/engine/dependencies-browser.ts',
};
const keep = new Set([...Object.values(browserSwaps), 'shared/engine/conditions-code.ts']);

/** The esbuild plugin of browserSwaps. */
function browserShared() {
  const relative = (file) => path.relative(root, file).split(path.sep).join('/');
  return {
    name: 'browser-shared',
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (args) => {
        if (!args.importer || keep.has(relative(args.importer))) return undefined;
        const swap = browserSwaps[relative(path.resolve(args.resolveDir, args.path))];
        return swap ? { path: path.join(root, swap) } : undefined;
      });
    },
  };
}

/** The name of an on-demand module: its file's under /assets/, without .js ("type-points"). */
const moduleName = (url) => path.basename(url, '.js');

/** Where the field types' modules live (client/renderer/types/list.ts). */
const typeModules = 'client/renderer/types/';

/**
 * Fragments of the field types' modules, from which the server puts together a group request
 * (client/renderer/types/list.ts, server/http/assets.ts): each module's code in a function that returns
 * its exports, assigned to `var __m` (asFragment), kept in the server's assets under `fragment:<name>` (no
 * URL answers it itself). Built as ES modules first: esbuild's iife format adds helpers to each.
 */
export const fragmentEntries = Object.entries(lazyModules)
  .filter(([source]) => source.startsWith(typeModules))
  .map(([source, url]) => ({
    url: `fragment:${moduleName(url)}`,
    source,
    format: 'esm',
    fragment: true,
    compact: true,
  }));

/** How every fragment starts: the server renames the variable in each group it puts together. */
export const fragmentStart = 'var __m=';

/**
 * A module's minified code as a fragment: its closing `export{a as X,b};` becomes the object its function
 * returns. The modules import nothing, so that statement is the only one of its kind.
 */
function asFragment(entry, code) {
  const exports = /export\{([^}]*)\};?\s*$/.exec(code);
  if (!exports || /^import|[;}]import[\s{*]/.test(code))
    throw new Error(`build: ${entry.url} does not end with its exports or imports something`);
  const fields = exports[1].split(',').map((item) => {
    const [local, name = local] = item.trim().split(/\s+as\s+/);
    return `${JSON.stringify(name.replace(/^"|"$/g, ''))}:${local}`;
  });
  return `${fragmentStart}(()=>{${code.slice(0, exports.index)}return{${fields.join(',')}}})();`;
}

export const clientEntries = [
  // The renderer library with Preact and mountForm (the embed's inline mode loads it; CORS open).
  // `split`: mountForm's code (the inline embed's) is a chunk of its own, loaded when the embed calls it.
  {
    url: '/assets/renderer.js',
    source: 'client/hosted/renderer-bundle.ts',
    format: 'esm',
    eager: true,
    split: true,
    compact: true,
  },
  // The hosted page's script: mounts the renderer over the server-rendered form. `inline`: on-demand
  // modules every hosted page fetches anyway (the offline queue after the first render, the kept answers
  // at the first change, save_progress being on by default) are in the file: one gzip stream costs less
  // than three (161 + 108 bytes gzipped, docs/performance.md), and nothing waits for a second request.
  {
    url: '/assets/hosted.js',
    source: 'client/hosted/main.ts',
    format: 'esm',
    eager: true,
    compact: true,
    inline: ['client/hosted/offline-queue.ts', 'client/renderer/save-progress/saved-answers.ts'],
  },
  // The hosted page's script for light forms (client/hosted/light/eligible.ts): the server's form made live
  // in place, without Preact or the renderer. The server links it instead of hosted.js. `inline` as above.
  {
    url: '/assets/light.js',
    source: 'client/hosted/light/main.ts',
    format: 'esm',
    eager: true,
    compact: true,
    inline: ['client/hosted/offline-queue.ts', 'client/renderer/save-progress/saved-answers.ts'],
  },
  // Code only some pages need, loaded by them with import() when needed (see lazyModules above).
  // The field types' modules are `eager`: the page loads them before its first render (mount.ts prepareForm)
  // and the render calls most of their functions (server/http/assets.ts gives a group of them the hint too).
  ...Object.entries(lazyModules).map(([source, url]) => ({
    url,
    source,
    format: 'esm',
    compact: true,
    ...(source.startsWith(typeModules) ? { eager: true } : {}),
  })),
  // Styles of the renderer, the no-JavaScript form and the hosted pages.
  { url: '/assets/form.css', source: 'client/renderer/form.css' },
  // Styles of the field types with a module of their own (client/renderer/types/), linked only by pages
  // of forms that use one, so the others' stylesheet does not grow.
  { url: '/assets/form-types.css', source: 'client/renderer/types/types.css' },
  // The hosted pages' service worker (scope /f/): opens a form opened before while offline.
  { url: '/f-sw.js', source: 'client/hosted/service-worker.ts', format: 'iife', compact: true },
  // The embed loader: a classic script, so document.currentScript finds its own tag.
  { url: '/embed.js', source: 'client/embed/embed.ts', format: 'iife', compact: true },
  // The admin panel (served by the /admin shell page) and its styles. `split`: code loaded with
  // import() (the form builder) goes to chunks of its own, /assets/<name>-<hash>.js, fetched when opened;
  // code both need (Preact, the renderer) goes to a shared chunk that the panel imports at once.
  // `fullEngine`: the shared files themselves, not the respondents' stand-ins (see browserSwaps).
  { url: '/assets/admin.js', source: 'client/admin/main.ts', format: 'esm', split: true, fullEngine: true },
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
    // Code that runs only in a built bundle (client/renderer/types/list.ts: group requests).
    define: { FORMSTEAD_BUNDLED: 'true' },
    entryPoints: [path.join(root, entry.source)],
    bundle: true,
    format: entry.format ?? 'esm',
    platform: 'browser',
    // ES2022: what every browser that has <dialog> (the popup embed) runs; shorter code than ES2020.
    target: ['es2022'],
    minify,
    write: false,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // The compile hint must be the file's first line (see `eager` above).
    banner: entry.eager ? { js: eagerCompileHint } : undefined,
    // html`...` templates become h() calls here, not in the browser (scripts/htm-precompile).
    plugins: [lazyImports(entry.inline), ...(entry.fullEngine ? [] : [browserShared()]), htmPrecompile()],
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

/**
 * The code of one output of `entry` as served: a `compact` entry's JavaScript goes through terser (two
 * compress passes, safe options only), the `eager` compile hint put back as its first line.
 */
export async function finishCode(entry, text, { minify = true } = {}) {
  if (!entry.compact || !minify || !text) return text;
  const result = await terser(text, {
    module: entry.format !== 'iife',
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (entry.fragment) return asFragment(entry, result.code);
  return entry.eager ? `${eagerCompileHint}\n${result.code}` : result.code;
}
