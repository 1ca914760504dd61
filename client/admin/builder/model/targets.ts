// Writing the condition lists of a field, a step or a route (show: all must match; showAny: one must).
import type { FormAction, FormDefinition, ShowCondition, StepRoute } from '../../../../shared/definition/schema.ts';
import { fieldAt, updateField, type FieldAt } from './fields.ts';
import { updateEnding } from './endings.ts';
import { updateStep } from './steps.ts';

/** A button: the form's submit or cancel, or a step's next, back or skip. */
export type ButtonRef = { button: 'submit' | 'cancel' } | { button: 'next' | 'back' | 'skip'; step: number };

/**
 * What carries the conditions. A button's `disabled` list is its only list: written through `show`
 * (all must match to disable it, spec 2.2); it has no `showAny`.
 */
export type ConditionTarget =
  | { kind: 'field'; at: FieldAt }
  | { kind: 'step'; step: number }
  | { kind: 'route'; step: number; index: number }
  | { kind: 'ending'; index: number }
  | ({ kind: 'button' } & ButtonRef);

/** The button a reference names (undefined when absent or hidden). */
export function buttonOf(def: FormDefinition, ref: ButtonRef): FormAction | undefined {
  const b = 'step' in ref ? def.steps?.[ref.step]?.[ref.button] : def[ref.button];
  return b || undefined;
}

/** The lists a target has now. */
export function conditionsOf(
  def: FormDefinition,
  target: ConditionTarget,
): { show?: ShowCondition[]; showAny?: ShowCondition[] } {
  if (target.kind === 'field') return fieldAt(def, target.at) ?? {};
  if (target.kind === 'step') return def.steps?.[target.step] ?? {};
  if (target.kind === 'button') return { show: buttonOf(def, target)?.disabled };
  if (target.kind === 'ending') return def.endings?.[target.index] ?? {};
  return def.steps?.[target.step]?.routes?.[target.index] ?? {};
}

/** Replaces one list (`show` or `showAny`) of a target; an empty list is removed. */
export function setConditions(
  def: FormDefinition,
  target: ConditionTarget,
  list: 'show' | 'showAny',
  conditions: ShowCondition[],
): FormDefinition {
  const value = conditions.length ? conditions : undefined;
  if (target.kind === 'field') return updateField(def, target.at, { [list]: value });
  if (target.kind === 'step') return updateStep(def, target.step, { [list]: value });
  if (target.kind === 'button') {
    const button = buttonOf(def, target);
    if (!button || list !== 'show') return def;
    const next: FormAction = { ...button, disabled: value };
    if (!value) delete next.disabled;
    if ('step' in target) return updateStep(def, target.step, { [target.button]: next });
    return { ...def, [target.button]: next };
  }
  if (target.kind === 'ending') return updateEnding(def, target.index, { [list]: value });
  const routes = [...(def.steps?.[target.step]?.routes ?? [])];
  if (!routes[target.index]) return def;
  const route: StepRoute = { ...routes[target.index], [list]: value };
  if (!value) delete route[list];
  routes[target.index] = route;
  return updateStep(def, target.step, { routes });
}
