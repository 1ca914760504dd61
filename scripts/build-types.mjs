// The types of `formstead/engine` (package.json exports["./engine"].types): dist/engine.d.ts over the
// declarations tsc emits for shared/engine/index.ts into dist/types/. esbuild emits no types, and the
// installed TypeScript 7 (native tsc) has no compiler API for a declaration bundler, so tsc writes one
// .d.ts per module and this script makes them stand alone in a consumer's node_modules:
// - relative imports end in `.js` (the source imports `.ts` files, which do not exist in the package);
// - zod, which the bundle carries inside but the package does not depend on, is copied as its own
//   declarations (MIT, with its LICENSE) to dist/types/zod/, and `from 'zod'` points there. The
//   definition's types are `z.infer` of its schemas, so they cannot be had without zod's types.
// test/packaging/package.test.ts type-checks a file importing `formstead/engine` against the packed
// tarball in a folder with nothing else installed.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const out = path.join(root, 'dist/types');

/** Every file under `dir` whose name ends with `suffix`, as paths relative to `dir`. */
async function filesUnder(dir, suffix) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** zod's declarations, as zod's own `types` entry reaches them (index.d.cts and v4's classic/core/locales). */
async function copyZodTypes() {
  const zod = path.dirname(require.resolve('zod/package.json'));
  const target = path.join(out, 'zod');
  const files = ['index.d.cts', 'LICENSE'];
  for (const dir of ['v4/classic', 'v4/core', 'v4/locales'])
    for (const f of await filesUnder(path.join(zod, dir), '.d.cts')) files.push(path.join(dir, f));
  for (const f of files) {
    await mkdir(path.dirname(path.join(target, f)), { recursive: true });
    await copyFile(path.join(zod, f), path.join(target, f));
  }
}

await rm(out, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc'),
    '--ignoreConfig',
    ...['--declaration', '--emitDeclarationOnly', '--outDir', out, '--rootDir', root],
    ...['--strict', '--target', 'ES2022', '--lib', 'ES2023,DOM', '--types', ''],
    ...['--module', 'preserve', '--moduleResolution', 'bundler', '--allowImportingTsExtensions'],
    path.join(root, 'shared/engine/index.ts'),
  ],
  { stdio: 'inherit' },
);
for (const file of await filesUnder(out, '.d.ts')) {
  const full = path.join(out, file);
  const zodEntry = path.relative(path.dirname(full), path.join(out, 'zod/index.cjs')).split(path.sep).join('/');
  const text = (await readFile(full, 'utf8'))
    .replace(/(from\s+'\.{1,2}\/[^']*)\.ts'/g, "$1.js'")
    .replace(/from\s+'zod'/g, `from './${zodEntry}'`.replace('./../', '../'));
  if (/from\s+'(?!\.)/.test(text)) throw new Error(`build-types: ${file} imports a package the engine does not ship`);
  await writeFile(full, text);
}
await copyZodTypes();
await writeFile(
  path.join(root, 'dist/engine.d.ts'),
  "// The types of formstead/engine (scripts/build-types.mjs).\nexport * from './types/shared/engine/index.js';\n",
);
