// The points of a rating, scale or nps field (`scale`): set one part, drop what is unset, and drop the
// whole `scale` when nothing is left, so an untouched NPS publishes without one.
import type { FieldScale, FormDefinition } from '../../../../shared/definition/schema.ts';
import { fieldAt, updateField, type FieldAt } from './fields.ts';

/** Changes parts of the field's scale; `undefined` or empty words remove a part. */
export function setScale(def: FormDefinition, at: FieldAt, patch: Partial<FieldScale>): FormDefinition {
  const field = fieldAt(def, at);
  if (!field) return def;
  const next: FieldScale = { ...field.scale, ...patch };
  for (const k of Object.keys(next) as (keyof FieldScale)[])
    if (next[k] === undefined || next[k] === '') delete next[k];
  return updateField(def, at, { scale: Object.keys(next).length ? next : undefined });
}
