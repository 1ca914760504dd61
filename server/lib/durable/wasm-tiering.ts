// When V8 compiles sql.js's functions with its optimizing compiler. Each WebAssembly function is compiled by
// Liftoff (the baseline compiler) at its first call and by TurboFan once it has used up a budget (roughly the
// bytes of code it ran), counted per function from the instance's start. At V8's default budget (1,800,000)
// the start alone uses it up: SQLite parsing the schema at each open sets off seven TurboFan compiles, ~300 ms
// of CPU and ~50 MB of compiler memory that glibc keeps in its arenas once freed (docs/performance.md, "At
// rest", session 5). With a larger budget only real load makes a function hot: under ingest the hottest ones
// still reach TurboFan within seconds; lukewarm ones stay Liftoff code for longer (the steady state measured
// the same: docs/performance.md).
import { setV8Flag } from '../v8-flags.ts';

/** V8's `--wasm-tiering-budget` for sql.js (V8's default is 1,800,000; the flag's limit is 2^31 - 1). */
export const WASM_TIERING_BUDGET = 2_000_000_000;

/**
 * Sets V8's WebAssembly tier-up budget to WASM_TIERING_BUDGET, before sql.js is instantiated (the budget is
 * read when an instance is made), unless the operator set one. Returns whether it set it.
 */
export function deferWasmTierUp(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): boolean {
  return setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, execArgv, nodeOptions);
}
