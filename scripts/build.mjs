// Builds the product: the client bundles and the snapshot worker's script first (kept in memory), then the
// one-file server that embeds them together with the sql.js WebAssembly binary, then the standalone engine
// module and its types (build-types.mjs), and the bundled packages' licences (third-party-notices.mjs).
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { clientBuildOptions, clientEntries, entryFiles, finishCode, fragmentEntries } from './client-entries.mjs';
import { htmPrecompile } from './htm-precompile/index.mjs';
import { sqlJsPatches } from './sqljs-patches.mjs';
import { collectNotices, noticeInputs, renderNotices } from './third-party-notices.mjs';
import { vendorMinified } from './vendor-minified.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.FORMSTEAD_DEV !== '1';
// Every file any build below puts into an output: the packages dist/THIRD_PARTY_NOTICES names.
const bundledFiles = new Set();

/**
 * Builds every browser bundle in memory and returns { '/assets/name.js': text }, chunks included, and the
 * on-demand modules' fragments as { 'fragment:name': text }.
 */
async function buildClients() {
  const assets = {};
  for (const entry of [...clientEntries, ...fragmentEntries]) {
    const options = clientBuildOptions(entry, { minify: production });
    const result = await build({ ...options, plugins: [...options.plugins, noticeInputs(bundledFiles)] });
    for (const [url, text] of Object.entries(entryFiles(entry, result.outputFiles))) {
      if (url in assets) throw new Error(`build: two bundles answer ${url}`);
      assets[url] = await finishCode(entry, text, { minify: production });
    }
  }
  return assets;
}

/**
 * The snapshot worker thread's code as one CommonJS script (server/lib/durable/snapshot-worker-thread.ts), for
 * `new Worker(code, { eval: true })`: the server carries it in memory instead of loading itself again.
 */
async function buildSnapshotWorker() {
  const result = await build({
    entryPoints: [path.join(root, 'server/lib/durable/snapshot-worker-thread.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: ['node20'],
    minify: production,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [sqlJsPatches(), noticeInputs(bundledFiles)],
  });
  return result.outputFiles[0].text;
}

/**
 * The sql.js store's new-database image (scripts/sqljs-new-image.ts: every migration applied to nothing) as
 * JSON text, so a first start loads it instead of running the migrations.
 */
function buildNewDatabaseImage() {
  const script = path.join(root, 'scripts/sqljs-new-image.ts');
  return execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8' });
}

/** Swaps modules that read files at run time for versions that carry the file inside the bundle. */
function embedPlugin(clientAssets, snapshotWorker, newImage, swapped) {
  return {
    name: 'formstead-embed',
    setup(b) {
      b.onResolve({ filter: /^formstead:client-assets$/ }, () => ({ path: 'client-assets', namespace: 'formstead' }));
      b.onLoad({ filter: /^client-assets$/, namespace: 'formstead' }, () => ({
        contents: `export const clientAssets = ${JSON.stringify(clientAssets)};`,
        loader: 'js',
      }));
      // In tests run from source, sql-wasm.ts reads the binary from node_modules; the bundle embeds it.
      b.onLoad({ filter: /server[\\/]lib[\\/]durable[\\/]sql-wasm\.ts$/ }, () => ({
        contents: `import bin from 'sql.js/dist/sql-wasm.wasm'; export async function loadSqlWasm() { return bin; }`,
        loader: 'ts',
        resolveDir: path.join(root, 'server/lib/durable'),
      }));
      // From source, the PDF fonts are read from node_modules; the bundle embeds them (server/lib/pdf/fonts.ts).
      b.onLoad({ filter: /server[\\/]lib[\\/]pdf[\\/]fonts\.ts$/ }, async () => {
        swapped.add('pdf-fonts');
        const files = JSON.parse(await readFile(path.join(root, 'server/lib/pdf/font-files.json'), 'utf8'));
        const paths = [...files.regular, ...files.bold].map((name) => `@fontsource/noto-sans/files/${name}`);
        const imports = [...paths, ...files.fallback].map((file, i) => `import f${i} from '${file}';`);
        const list = (from, n) => `[${Array.from({ length: n }, (_, i) => `f${from + i}`).join(', ')}]`;
        const [r, b, f] = [files.regular.length, files.bold.length, files.fallback.length];
        return {
          contents:
            `${imports.join('\n')}\nexport async function loadFonts() { return { regular: ${list(0, r)}, ` +
            `bold: ${list(r, b)}, fallback: ${list(r + b, f)} }; }`,
          loader: 'js',
          resolveDir: root,
        };
      });
      // From source, a new folder runs the migrations; the bundle starts it from their image.
      b.onLoad({ filter: /server[\\/]core[\\/]store[\\/]sqljs[\\/]new-image\.ts$/ }, () => {
        swapped.add('new-image');
        return {
          contents:
            `import { inflateRawSync } from 'node:zlib';\nconst made = ${newImage};\n` +
            'export function newDatabaseImage() { return { migrations: made.migrations, ' +
            `image: new Uint8Array(inflateRawSync(Buffer.from(made.image, 'base64'))) }; }`,
          loader: 'js',
        };
      });
      // From source, the snapshot worker starts through tsx; in the bundle it runs the compiled script.
      b.onLoad({ filter: /server[\\/]lib[\\/]durable[\\/]snapshot-worker-entry\.ts$/ }, () => {
        swapped.add('snapshot-worker-entry');
        return {
          contents: `export function snapshotWorkerEntry() { return ${JSON.stringify(snapshotWorker)}; }`,
          loader: 'js',
        };
      });
    },
  };
}

const clientAssets = await buildClients();
const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const snapshotWorker = await buildSnapshotWorker();
const newImage = buildNewDatabaseImage();
const swapped = new Set();

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'dist/formstead.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node20'],
  loader: { '.wasm': 'binary', '.woff': 'binary' },
  // `formstead --version` (server/cli/version.ts): the published file cannot read package.json at run time.
  define: { __FORMSTEAD_VERSION__: JSON.stringify(version) },
  // The server renders client components to HTML (the page without script, the thanks page): their
  // templates are compiled as in the browser bundles, so both draw the same h() trees. The embed plugin
  // comes first: its replacements win over a plain load of the same files.
  plugins: [
    embedPlugin(clientAssets, snapshotWorker, newImage, swapped),
    sqlJsPatches(),
    vendorMinified(root, [noticeInputs(bundledFiles)]),
    htmPrecompile(),
    noticeInputs(bundledFiles),
  ],
  // CommonJS dependencies (sql.js, ws, nodemailer) call require(); give the ESM bundle one.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __fsRequire } from 'node:module';",
      "import { fileURLToPath as __fsPath } from 'node:url';",
      'const require = __fsRequire(import.meta.url);',
      'const __filename = __fsPath(import.meta.url);',
      "const __dirname = __filename.replace(/[\\\\/][^\\\\/]*$/, '');",
    ].join('\n'),
  },
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
});

// V8 keeps a module's source as one-byte text only when every character is Latin-1; one em dash in a comment (esbuild
// escapes strings but copies comments as they are) makes the whole text two-byte: twice the idle memory for the
// 13 MB file. Such characters left in comments are written as `\u{...}`; one anywhere else stops the build.
const serverFile = path.join(root, 'dist/formstead.mjs');
const serverText = await readFile(serverFile, 'utf8');
const inComment = (line, at) => /\/\/|^\s*(\/\*|\*)/.test(line.slice(0, at));
const asciiText = serverText
  .split('\n')
  .map((line, n) => {
    let out = '';
    for (let at = 0; at < line.length; ) {
      const code = line.codePointAt(at);
      const ch = String.fromCodePoint(code);
      if (code > 0x7f && !inComment(line, at))
        throw new Error(`build: a non-ASCII character outside a comment, line ${n + 1}`);
      out += code > 0x7f ? `\\u{${code.toString(16)}}` : ch;
      at += ch.length;
    }
    return out;
  })
  .join('\n');
if (asciiText !== serverText) await writeFile(serverFile, asciiText);

// Without the swap the bundle would start snapshot workers through tsx, which is not installed with it.
if (!swapped.has('snapshot-worker-entry'))
  throw new Error('build: server/lib/durable/snapshot-worker-entry.ts was not replaced; check embedPlugin');
// Without the swap the bundle would look for the fonts in a node_modules that is not installed with it.
// Without the swap a new folder would run every migration at its first start (correct, only slower).
if (!swapped.has('new-image')) throw new Error('build: server/core/store/sqljs/new-image.ts was not replaced');
if (!swapped.has('pdf-fonts')) throw new Error('build: server/lib/pdf/fonts.ts was not replaced; check embedPlugin');

await build({
  entryPoints: [path.join(root, 'shared/engine/index.ts')],
  outfile: path.join(root, 'dist/engine.mjs'),
  bundle: true,
  platform: 'neutral',
  format: 'esm',
  target: ['es2020'],
  logLevel: 'warning',
  plugins: [noticeInputs(bundledFiles)],
});

// The licences esbuild's legalComments: 'none' left out, for every package bundled above.
const notices = collectNotices(bundledFiles);
await writeFile(path.join(root, 'dist/THIRD_PARTY_NOTICES'), renderNotices(notices));

// The engine's types for the package (exports["./engine"].types), so a build is always a whole package.
await import('./build-types.mjs');

const size = (await readFile(path.join(root, 'dist/formstead.mjs'))).length;
console.log(
  `built dist/formstead.mjs (${(size / 1024).toFixed(0)} KB), dist/engine.mjs, dist/engine.d.ts and ` +
    `dist/THIRD_PARTY_NOTICES (${notices.length} packages)`,
);
