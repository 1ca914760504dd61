// Field edits on a definition: add, change, remove, reorder, move between steps. Every function is
// pure: it returns a new definition and leaves its argument as it was (undo keeps the old ones).
import type { FormDefinition, FormField } from '../../../../shared/definition/schema.ts';
import { renameReferences } from './references.ts';
import { followsText, slug, unique } from './ids.ts';
import { retype, typeInfo } from './field-types.ts';

/** Where a field is: its step's index (-1 in a single-step form) and its index in that list. */
export interface FieldAt {
  step: number;
  index: number;
}

/** Whether the definition is a multi-step form (a non-empty `steps`). */
export const isMultiStep = (def: FormDefinition) => (def.steps?.length ?? 0) > 0;

/** The field list at `step` (-1: the single-step list). */
export function fieldList(def: FormDefinition, step: number): readonly FormField[] {
  return step < 0 ? (def.fields ?? []) : (def.steps?.[step]?.fields ?? []);
}

/** The field at `at`, if there is one. */
export const fieldAt = (def: FormDefinition, at: FieldAt): FormField | undefined => fieldList(def, at.step)[at.index];

/** Every field with its place, in form order. */
export function allFields(def: FormDefinition): { field: FormField; at: FieldAt }[] {
  if (isMultiStep(def))
    return def.steps!.flatMap((s, step) => s.fields.map((field, index) => ({ field, at: { step, index } })));
  return (def.fields ?? []).map((field, index) => ({ field, at: { step: -1, index } }));
}

/** Every key in use, optionally leaving one place out. */
export function keysInUse(def: FormDefinition, except?: FieldAt): Set<string> {
  return new Set(
    allFields(def)
      .filter(({ at }) => !(except && at.step === except.step && at.index === except.index))
      .map(({ field }) => field.key),
  );
}

/** The definition with the list at `step` replaced. */
export function withList(def: FormDefinition, step: number, fields: FormField[]): FormDefinition {
  if (step < 0) return { ...def, fields };
  return { ...def, steps: def.steps!.map((s, i) => (i === step ? { ...s, fields } : s)) };
}

/** A new field of `type`, labelled with its first question or the type's plain name, and a key no other field has. */
export function newField(def: FormDefinition, type: string): FormField {
  const info = typeInfo(type);
  const label = info.start?.label ?? info.name;
  // A whole first question makes a long key: the type's name is the shorter one (an NPS is "nps").
  return retype({ key: unique(slug(info.name), keysInUse(def)), type, label }, type);
}

/** Adds a field of `type` after `after` (or at the end of the last list); answers where it went. */
export function addField(
  def: FormDefinition,
  type: string,
  after?: FieldAt,
): { definition: FormDefinition; at: FieldAt } {
  const field = newField(def, type);
  const step = after ? after.step : isMultiStep(def) ? def.steps!.length - 1 : -1;
  const list = [...fieldList(def, step)];
  const index = after ? after.index + 1 : list.length;
  list.splice(index, 0, field);
  return { definition: withList(def, step, list), at: { step, index } };
}

/**
 * Changes a field. The key follows the label while it is still the one made from the label, unless it
 * is in `keep` (keys of the published version: answers are stored under them, so a new label must not
 * move them to a new column); a changed key is renamed in every condition, route and matchField that
 * named the old one.
 */
export function updateField(
  def: FormDefinition,
  at: FieldAt,
  patch: Partial<FormField>,
  keep?: ReadonlySet<string>,
): FormDefinition {
  const old = fieldAt(def, at);
  if (!old) return def;
  let next: FormField =
    patch.type !== undefined && patch.type !== old.type
      ? retype({ ...old, ...patch, type: old.type }, patch.type)
      : { ...old, ...patch };
  if (patch.label !== undefined && patch.key === undefined && !keep?.has(old.key) && followsText(old.key, old.label)) {
    next = { ...next, key: unique(slug(patch.label), keysInUse(def, at)) };
  }
  for (const k of Object.keys(next) as (keyof FormField)[]) if (next[k] === undefined) delete next[k];
  const list = [...fieldList(def, at.step)];
  list[at.index] = next;
  const changed = withList(def, at.step, list);
  // While a typed key passes through a name another field has, references stay put: moving them onto
  // that name would hand them to the other field, and typing on would take that field's own with them.
  const others = keysInUse(def, at);
  if (next.key === old.key || others.has(next.key) || others.has(old.key)) return changed;
  return renameReferences(changed, old.key, next.key);
}

/** Removes a field (conditions that named it are left for the problems list to point at). */
export function removeField(def: FormDefinition, at: FieldAt): FormDefinition {
  const list = [...fieldList(def, at.step)];
  list.splice(at.index, 1);
  return withList(def, at.step, list);
}

/** A copy of the field right after it, with a fresh key. */
export function duplicateField(def: FormDefinition, at: FieldAt): { definition: FormDefinition; at: FieldAt } {
  const field = fieldAt(def, at);
  if (!field) return { definition: def, at };
  const copy = { ...structuredClone(field), key: unique(field.key, keysInUse(def)) };
  const list = [...fieldList(def, at.step)];
  list.splice(at.index + 1, 0, copy);
  return { definition: withList(def, at.step, list), at: { step: at.step, index: at.index + 1 } };
}

/**
 * Moves a field by `delta` places. Past the top or bottom of a step's list it goes to the end of the
 * previous step or the start of the next one, so Move up/Move down alone can take it anywhere.
 */
export function moveField(
  def: FormDefinition,
  at: FieldAt,
  delta: -1 | 1,
): { definition: FormDefinition; at: FieldAt } {
  const list = fieldList(def, at.step);
  const target = at.index + delta;
  if (target >= 0 && target < list.length) return moveFieldTo(def, at, { step: at.step, index: target });
  if (at.step < 0) return { definition: def, at };
  const step = at.step + delta;
  if (step < 0 || step >= def.steps!.length) return { definition: def, at };
  return moveFieldTo(def, at, { step, index: delta < 0 ? fieldList(def, step).length : 0 });
}

/** Moves a field to a place (a drop): `to.index` counts in the target list as it is after the removal. */
export function moveFieldTo(
  def: FormDefinition,
  from: FieldAt,
  to: FieldAt,
): { definition: FormDefinition; at: FieldAt } {
  const field = fieldAt(def, from);
  if (!field) return { definition: def, at: from };
  const without = removeField(def, from);
  const list = [...fieldList(without, to.step)];
  const index = Math.max(0, Math.min(to.index, list.length));
  list.splice(index, 0, field);
  return { definition: withList(without, to.step, list), at: { step: to.step, index } };
}

/** Moves a field to the end of another step. */
export function moveFieldToStep(
  def: FormDefinition,
  at: FieldAt,
  step: number,
): { definition: FormDefinition; at: FieldAt } {
  if (step === at.step) return { definition: def, at };
  return moveFieldTo(def, at, { step, index: fieldList(def, step).length });
}
