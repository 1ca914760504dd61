// Which fields and steps are visible, and the rule that hidden fields hold no value.
//
// A field is visible when its own show/showAny hold and its step is visible and on the respondent's
// path (path.ts decides the path). A hidden field is cleared: its value becomes undefined, so every
// condition that reads it sees "no answer". Clearing cascades: a field that is hidden because another
// was cleared is cleared too. Fields are settled in dependency order (dependencies.ts), so one pass
// reaches the stable state without repeating.
//
// Default values: a visible field whose value is undefined (the key is absent) takes its defaultValue
// before the fields that read it are settled. An explicit '' or null is the respondent's answer and
// is kept. A hidden field never takes its default.
import type { FormField, FormStep } from '../definition/schema.ts';
import { conditionsHold, type Values } from './conditions.ts';
import type { PlanField, PlanStep } from './plan.ts';

/** Whether a field's own show/showAny hold (its step and the path are not considered). */
export function isFieldVisible(field: FormField, values: Values): boolean {
  return conditionsHold(field, values);
}

/** Whether a step's show/showAny hold. */
export function isStepVisible(step: FormStep, values: Values): boolean {
  return conditionsHold(step, values);
}

/**
 * Settles the fields of one step that is on the path: each visible field gets its value from `source`
 * (or its default) in `known`; hidden fields are left out of `known`. With `reset` (a skipped step)
 * every visible field takes its default whatever the source says. Visible fields are appended to
 * `visibleOut` in resolution order.
 */
export function settleStepFields(
  step: PlanStep,
  source: Values,
  known: Record<string, unknown>,
  reset: boolean,
  visibleOut: PlanField[],
): void {
  for (const f of step.fields) {
    if (f.visible !== undefined && !f.visible(known)) continue;
    let value = reset || !Object.hasOwn(source, f.key) ? undefined : source[f.key];
    if (value === undefined) value = f.initialValue();
    if (value !== undefined) known[f.key] = value;
    visibleOut.push(f);
  }
}
