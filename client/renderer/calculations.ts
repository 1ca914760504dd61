// The calculations' code in the browser: a bundle of its own (/assets/calculations.js), loaded only by
// forms that have calculations. The hosted page and the embeds load it before the first render
// (prepareForm); FormRenderer on its own loads it when it meets such a form (form-renderer.ts).
import { hasCalcEngine, useCalcEngine } from '../../shared/engine/calc/engine-slot.ts';
import type { FormDefinition } from './engine.ts';

/** Whether this definition needs the calculations' code and it is not here yet. */
export const needsCalculations = (definition: FormDefinition): boolean =>
  (definition.calculations?.length ?? 0) > 0 && !hasCalcEngine();

/** Loads the calculations' code (once) and puts it where the engine finds it. */
export const loadCalculations = (): Promise<void> =>
  import('../../shared/engine/calc/calculations.ts').then(useCalcEngine);
