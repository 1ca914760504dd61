// sql.js instantiated from the bytes of its WebAssembly binary. Kept apart from sql-js.ts, which finds the
// binary, so that the snapshot worker's script (handed the bytes by the main thread) does not bundle that.
import initSqlJs, { type SqlJsStatic } from 'sql.js';

/** sql.js instantiated from the bytes of `sql-wasm.wasm`. */
export function sqlJsFromBinary(bin: Uint8Array): Promise<SqlJsStatic> {
  // The typings want an ArrayBuffer; a 600 KB copy of the exact byte range is cheaper than a cast.
  return initSqlJs({ wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer });
}
