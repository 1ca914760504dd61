// The sql.js module, initialised once per thread (the live database and the snapshot worker each load it).
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { loadSqlWasm } from './sql-wasm.ts';

let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js with its WebAssembly binary, loaded on first use. */
export const loadSqlJs = (): Promise<SqlJsStatic> =>
  (sqlJs ??= loadSqlWasm().then((bin) =>
    // The typings want an ArrayBuffer; a 600 KB copy of the exact byte range is cheaper than a cast.
    initSqlJs({ wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer }),
  ));
