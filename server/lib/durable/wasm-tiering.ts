// When V8 compiles sql.js's functions with its optimizing compiler. Each WebAssembly function is compiled by
// Liftoff (the baseline compiler) at its first call and by TurboFan once it has used up a budget (roughly the
// bytes of code it ran), set when the instance is made. At V8's default budget (1,800,000) the start alone uses it
// up: SQLite parsing the schema when the database opens sets off seven TurboFan compiles, ~300 ms of CPU and ~50 MB
// of compiler memory that glibc keeps in its arenas once freed (docs/performance.md, "At rest", session 5). So the
// server's own instance is made with a budget no start uses up, and so is a snapshot worker's when the snapshot
// is a scheduled one of a quiet journal; a worker that snapshots because writes filled the journal (load) gets
// V8's own budget, tiers up what replaying those writes runs, and the server's instance uses that TurboFan code
// too (one compiled module per process). With the large budget everywhere, ingest took 10-15% more CPU.
import { setV8Flag } from '../v8-flags.ts';

/** V8's `--wasm-tiering-budget` for an instance made at a start or in quiet times (the flag's limit is 2^31 - 1). */
export const WASM_TIERING_BUDGET = 2_000_000_000;
/** V8's default `--wasm-tiering-budget`, for an instance made under load. */
export const V8_TIERING_BUDGET = 1_800_000;

/**
 * Sets the tier-up budget of the sql.js instances made from now on: V8's own when `underLoad`, else
 * WASM_TIERING_BUDGET; unless the operator set one (node's command line or NODE_OPTIONS). Returns whether it set it.
 */
export function setWasmTierUpBudget(
  underLoad: boolean,
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  return setV8Flag('wasm-tiering-budget', underLoad ? V8_TIERING_BUDGET : WASM_TIERING_BUDGET, execArgv, nodeOptions);
}
