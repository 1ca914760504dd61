// Writing the condition lists of a field, a step or a route (show: all must match; showAny: one must).
import type { FormDefinition, ShowCondition, StepRoute } from '../../../../shared/definition/schema.ts';
import { fieldAt, updateField, type FieldAt } from './fields.ts';
import { updateStep } from './steps.ts';

/** What carries the conditions. */
export type ConditionTarget = { kind: 'field'; at: FieldAt } | { kind: 'step'; step: number } | { kind: 'route'; step: number; index: number };

/** The lists a target has now. */
export function conditionsOf(def: FormDefinition, target: ConditionTarget): { show?: ShowCondition[]; showAny?: ShowCondition[] } {
  if (target.kind === 'field') return fieldAt(def, target.at) ?? {};
  if (target.kind === 'step') return def.steps?.[target.step] ?? {};
  return def.steps?.[target.step]?.routes?.[target.index] ?? {};
}

/** Replaces one list (`show` or `showAny`) of a target; an empty list is removed. */
export function setConditions(def: FormDefinition, target: ConditionTarget, list: 'show' | 'showAny', conditions: ShowCondition[]): FormDefinition {
  const value = conditions.length ? conditions : undefined;
  if (target.kind === 'field') return updateField(def, target.at, { [list]: value });
  if (target.kind === 'step') return updateStep(def, target.step, { [list]: value });
  const routes = [...(def.steps?.[target.step]?.routes ?? [])];
  if (!routes[target.index]) return def;
  const route: StepRoute = { ...routes[target.index], [list]: value };
  if (!value) delete route[list];
  routes[target.index] = route;
  return updateStep(def, target.step, { routes });
}
