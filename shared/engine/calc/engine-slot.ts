// Where the engine finds the calculations' code (calculations.ts with its parser and evaluator). The
// server and dist/engine.mjs put it here at once (calc/built-in.ts, imported by the engine's index); a
// browser bundle loads it only for a form that has calculations (client/renderer/calculations.ts), so
// forms without them do not download it. Either way it is the one implementation in calculations.ts.
import type * as Calculations from './calculations.ts';

/** The functions of calculations.ts the engine calls. */
export type CalcEngine = Pick<typeof Calculations, 'buildCalcs' | 'calcReader' | 'writeCalcResults'>;

let engine: CalcEngine | undefined;

/** Puts the calculations' code in place; every later plan of a form with calculations uses it. */
export function useCalcEngine(code: CalcEngine): void {
  engine = code;
}

/** Whether the calculations' code is in place. */
export const hasCalcEngine = (): boolean => engine !== undefined;

/** The calculations' code; a plain error when a form with calculations is planned before it arrived. */
export function calcEngine(): CalcEngine {
  if (!engine) throw new Error('calculations: their code is not loaded (load it before using this form)');
  return engine;
}
