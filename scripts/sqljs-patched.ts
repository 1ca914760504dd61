// sql.js built with the bundle's rewrites (scripts/sqljs-patches.mjs) into a file of its own and loaded from it: the
// file growth's benchmark (scripts/bench/file-growth.ts) and its test (test/scripts/sqljs-patches.test.ts) set such
// a build beside sql.js as it ships. Run from source (tsx).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { sqlJsPatches } from './sqljs-patches.mjs';

const require = createRequire(import.meta.url);

/** sql.js's own build, as it ships. */
export const sqlJsFile = require.resolve('sql.js');

/**
 * Bundles `from` (sql.js unless given: a test's stand-in for a new release) for Node as CommonJS with the rewrites
 * (`growMax` as sqlJsPatches takes it) into `dir`/`name`; answers that file. A rewrite whose text moved throws the
 * build's error.
 */
export async function buildPatchedSqlJs(dir: string, name: string, opts: { from?: string; growMax?: number } = {}) {
  const out = await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(opts.from ?? sqlJsFile)});`, resolveDir: dir },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    plugins: [sqlJsPatches({ growMax: opts.growMax })],
  });
  const file = path.join(dir, name);
  writeFileSync(file, out.outputFiles[0].text);
  return file;
}

/** sql.js's initialised module loaded from `file` (a build of it), with its WebAssembly. */
export async function loadSqlJsFrom(file: string) {
  const initSqlJs = require(file);
  return initSqlJs({ wasmBinary: readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) });
}
