// Step edits: turn a single-step form into steps and back, add, change, remove and reorder steps.
// Routes name steps by id; a renamed id is renamed in every route that named it.
import type { FormDefinition, FormStep } from '../../../../shared/definition/schema.ts';
import { followsText, slug, unique } from './ids.ts';

const stepIds = (def: FormDefinition, except = -1) =>
  new Set((def.steps ?? []).filter((_, i) => i !== except).map((s) => s.id));

/** A single-step form as one step holding all its fields (title "Step 1"). */
export function toSteps(def: FormDefinition): FormDefinition {
  if ((def.steps?.length ?? 0) > 0) return def;
  const { fields, ...rest } = def;
  return { ...rest, steps: [{ id: 'step_1', title: 'Step 1', fields: fields ?? [] }] };
}

/**
 * All steps' fields in one list, in order. Step titles, descriptions, step conditions, routes and button
 * overrides go: a single-step form has no place for them (the person is told before).
 */
export function toSingleStep(def: FormDefinition): FormDefinition {
  if (!def.steps) return def;
  const { steps, ...rest } = def;
  return { ...rest, fields: steps.flatMap((s) => s.fields) };
}

/** Adds an empty step after `after` (default: last); answers its index. */
export function addStep(def: FormDefinition, after?: number): { definition: FormDefinition; index: number } {
  const base = toSteps(def);
  const steps = [...base.steps!];
  const index = after === undefined ? steps.length : after + 1;
  const title = `Step ${steps.length + 1}`;
  steps.splice(index, 0, { id: unique(slug(title, 'step'), stepIds(base)), title, fields: [] });
  return { definition: { ...base, steps }, index };
}

/** Changes a step; its id follows the title while it is the one made from it, and routes follow the id. */
export function updateStep(def: FormDefinition, index: number, patch: Partial<FormStep>): FormDefinition {
  const old = def.steps?.[index];
  if (!old) return def;
  let next: FormStep = { ...old, ...patch };
  if (patch.title !== undefined && patch.id === undefined && followsText(old.id, old.title, 'step')) {
    next = { ...next, id: unique(slug(patch.title, 'step'), stepIds(def, index)) };
  }
  for (const k of Object.keys(next) as (keyof FormStep)[]) if (next[k] === undefined) delete next[k];
  const steps = def.steps!.map((s, i) => (i === index ? next : s));
  // As with field keys: a typed id that another step has does not take the routes along.
  const others = stepIds(def, index);
  if (next.id === old.id || others.has(next.id) || others.has(old.id)) return { ...def, steps };
  return renameStepReferences({ ...def, steps }, old.id, next.id);
}

/** Renames the step id `from` to `to` in every route. */
export function renameStepReferences(def: FormDefinition, from: string, to: string): FormDefinition {
  return {
    ...def,
    steps: def.steps?.map((s) =>
      s.routes?.some((r) => r.to === from)
        ? { ...s, routes: s.routes.map((r) => (r.to === from ? { ...r, to } : r)) }
        : s,
    ),
  };
}

/**
 * Removes a step. Its fields are not lost: they move to the end of the step before (or the start of
 * the next one when it is the first). The last step cannot be removed; use toSingleStep.
 */
export function removeStep(def: FormDefinition, index: number): FormDefinition {
  const steps = [...(def.steps ?? [])];
  if (steps.length <= 1 || !steps[index]) return def;
  const [gone] = steps.splice(index, 1);
  const heir = index > 0 ? index - 1 : 0;
  steps[heir] = {
    ...steps[heir],
    fields: index > 0 ? [...steps[heir].fields, ...gone.fields] : [...gone.fields, ...steps[heir].fields],
  };
  return { ...def, steps };
}

/** Moves a step one place up or down; answers its new index. */
export function moveStep(
  def: FormDefinition,
  index: number,
  delta: -1 | 1,
): { definition: FormDefinition; index: number } {
  return moveStepTo(def, index, index + delta);
}

/** Moves a step to another index (a drop). */
export function moveStepTo(
  def: FormDefinition,
  from: number,
  to: number,
): { definition: FormDefinition; index: number } {
  const steps = [...(def.steps ?? [])];
  if (!steps[from] || to < 0 || to >= steps.length || to === from) return { definition: def, index: from };
  const [step] = steps.splice(from, 1);
  steps.splice(to, 0, step);
  return { definition: { ...def, steps }, index: to };
}
