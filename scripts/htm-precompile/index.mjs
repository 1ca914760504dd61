// esbuild plugin: compiles the client's html`...` templates to Preact h() calls at build time, so the
// browser does not parse them on first render, and bundles that do not export `html` leave htm out.
// Sources stay written with html`` (client/renderer/html.ts binds htm to h); tests that run them from
// source use htm at run time.
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompileModule } from './source.mjs';

/** Replaces every html`...` of an ES module with h() calls (source.mjs). */
export { precompileModule } from './source.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The module whose `html` export the templates are tagged with. */
export const tagModule = path.join(root, 'client/renderer/html.ts');
/**
 * The renderer's on-demand modules (client/renderer/lazy/): bundles of their own that must not carry a
 * Preact of their own, so their templates call the `h` their loader gives them (lazy/parts.ts).
 */
const lazyFolder = path.join(root, 'client/renderer/lazy') + path.sep;
/** The field types' modules (client/renderer/types/) are on-demand modules too, list.ts aside. */
const typesFolder = path.join(root, 'client/renderer/types') + path.sep;
const typesList = path.join(typesFolder, 'list.ts');
const takesParts = (file) => file.startsWith(lazyFolder) || (file.startsWith(typesFolder) && file !== typesList);
const lazyParts = path.join(root, 'client/renderer/lazy/parts.ts');
// esbuild reads this tsconfig for the files it loads itself; the ones loaded here get the same.
const tsconfigRaw = await readFile(path.join(root, 'tsconfig.json'), 'utf8');

/** A TypeScript file as JavaScript with its templates compiled, or null when it has none to compile. */
export async function precompileFile(file) {
  const source = await readFile(file, 'utf8');
  // Cheap filter before parsing: a file that neither tags a template nor imports the tag module.
  if (!source.includes('html`') && !source.includes('/html.ts')) return null;
  const { code } = await transform(source, { loader: 'ts', sourcefile: file, tsconfigRaw });
  const dir = path.dirname(file);
  return precompileModule(code, {
    isTagModule: (specifier) => path.resolve(dir, specifier) === tagModule,
    hFrom: takesParts(file) ? lazyParts : 'preact',
    where: file,
  });
}

/** The plugin scripts/build.mjs and scripts/bench/bundle.ts give every client bundle. */
export function htmPrecompile() {
  return {
    name: 'htm-precompile',
    setup(build) {
      build.onLoad({ filter: /\.ts$/, namespace: 'file' }, async (args) => {
        const contents = await precompileFile(args.path);
        return contents === null ? undefined : { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
