// When V8 compiles sql.js's functions with its optimizing compiler. Each WebAssembly function is compiled by
// Liftoff (the baseline compiler) at its first call and by TurboFan once it has used up a budget (roughly the
// bytes of code it ran). At V8's default budget (1,800,000) the start alone uses it up: SQLite parsing the schema
// when the database opens sets off seven TurboFan compiles, ~300 ms of CPU and ~50 MB of compiler memory that
// glibc keeps in its arenas once freed (docs/performance.md, "At rest", session 5). So the server's own sql.js
// instance is made with a budget no start uses up, and V8's default is given back once the server listens: every
// instance made after that (each snapshot's worker thread, which replays the journal's writes) tiers up as V8
// would, and the TurboFan code it gets is shared with the server's instance (one compiled module per process).
import { setV8Flag } from '../v8-flags.ts';

/** V8's `--wasm-tiering-budget` while the server starts (the flag's limit is 2^31 - 1). */
export const WASM_TIERING_BUDGET = 2_000_000_000;
/** V8's default `--wasm-tiering-budget`, given back once the server listens. */
export const V8_TIERING_BUDGET = 1_800_000;

/**
 * Sets V8's WebAssembly tier-up budget to WASM_TIERING_BUDGET for the instances made from now on (the budget is
 * read when an instance is made), unless the operator set one; returns the way back to V8's default.
 */
export function deferWasmTierUp(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): () => void {
  let held = setV8Flag('wasm-tiering-budget', WASM_TIERING_BUDGET, execArgv, nodeOptions);
  return () => {
    if (held) setV8Flag('wasm-tiering-budget', V8_TIERING_BUDGET, execArgv, nodeOptions);
    held = false;
  };
}
