// The conditions' code in the browser (shared/engine/conditions-browser.ts): a bundle of its own
// (/assets/conditions.js), loaded only by forms with show/showAny conditions (fields, steps, routes,
// endings) or a button's `disabled` ones. The hosted page and the embeds load it before the first render
// (prepareForm); FormRenderer on its own waits for it when it meets such a form (form-renderer.ts).
import { hasConditionsCode, useConditionsCode } from '../../shared/engine/conditions.ts';
import type { FormDefinition } from './engine.ts';

const conditionLists = new Set(['show', 'showAny', 'disabled']);

/** Whether anything in `value` (a definition or a part of one) carries a non-empty list of conditions. */
function hasConditions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasConditions);
  if (typeof value !== 'object' || value === null) return false;
  for (const [name, inner] of Object.entries(value))
    if (conditionLists.has(name) ? Array.isArray(inner) && inner.length > 0 : hasConditions(inner)) return true;
  return false;
}

const seen = new WeakMap<FormDefinition, boolean>();

/** Whether this definition needs the conditions' code and it is not here yet. */
export function needsConditions(definition: FormDefinition): boolean {
  if (hasConditionsCode()) return false;
  const known = seen.get(definition);
  if (known !== undefined) return known;
  const needs = hasConditions(definition);
  seen.set(definition, needs);
  return needs;
}

/** Loads the conditions' code (once) and puts it where the engine finds it. */
export const loadConditions = (): Promise<void> =>
  import('../../shared/engine/conditions-code.ts').then(useConditionsCode);
