// The sql.js module of the main thread, loaded once (a snapshot worker is handed the binary instead).
import type { SqlJsStatic } from 'sql.js';
import { sqlJsFromBinary } from './sql-js-binary.ts';
import { loadSqlWasm } from './sql-wasm.ts';

let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js with its WebAssembly binary, loaded on first use. */
export const loadSqlJs = (): Promise<SqlJsStatic> => (sqlJs ??= loadSqlWasm().then(sqlJsFromBinary));
