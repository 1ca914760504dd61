// The sql.js WebAssembly binary. Run from source (tests, tsx) it is read from node_modules; the bundler
// (scripts/build.mjs) replaces this whole module with one that returns an embedded copy, so keep the
// file path and the export name as they are.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** Returns the bytes of sql.js's `sql-wasm.wasm`, for `initSqlJs({ wasmBinary })`. */
export async function loadSqlWasm(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url);
  return new Uint8Array(await readFile(require.resolve('sql.js/dist/sql-wasm.wasm')));
}
