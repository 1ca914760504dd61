// The options of a choice field: add, rename (the value follows the label while it is the one made
// from it), reorder, remove. Conditions comparing the field with a renamed value are kept in step.
import type { FieldOption, FormDefinition } from '../../../../shared/definition/schema.ts';
import { fieldAt, updateField, type FieldAt } from './fields.ts';
import { followsText, slug, unique } from './ids.ts';
import { renameValueReferences } from './references.ts';

const optionsOf = (def: FormDefinition, at: FieldAt): FieldOption[] => [...(fieldAt(def, at)?.options ?? [])];

/** Adds "Option N" at the end; answers its index. */
export function addOption(
  def: FormDefinition,
  at: FieldAt,
  label?: string,
): { definition: FormDefinition; index: number } {
  const options = optionsOf(def, at);
  const text = label ?? `Option ${options.length + 1}`;
  options.push({ label: text, value: unique(slug(text, 'option'), new Set(options.map((o) => o.value))) });
  return { definition: updateField(def, at, { options }), index: options.length - 1 };
}

/** Changes an option's label, and its value too while the value still follows the label. */
export function renameOption(def: FormDefinition, at: FieldAt, index: number, label: string): FormDefinition {
  const options = optionsOf(def, at);
  const old = options[index];
  if (!old) return def;
  const taken = new Set(options.filter((_, i) => i !== index).map((o) => o.value));
  const value = followsText(old.value, old.label, 'option') ? unique(slug(label, 'option'), taken) : old.value;
  options[index] = { ...old, value, label };
  const next = updateField(def, at, { options });
  return value === old.value ? next : renameValueReferences(next, fieldAt(def, at)!.key, old.value, value);
}

/** Sets an option's stored value by hand (then it no longer follows the label). */
export function setOptionValue(def: FormDefinition, at: FieldAt, index: number, value: string): FormDefinition {
  const options = optionsOf(def, at);
  const old = options[index];
  if (!old) return def;
  options[index] = { ...old, value };
  const next = updateField(def, at, { options });
  // A value another option has keeps the conditions where they are (they compare with that option).
  if (options.some((o, i) => i !== index && (o.value === value || o.value === old.value))) return next;
  return renameValueReferences(next, fieldAt(def, at)!.key, old.value, value);
}

/** Moves an option up or down one place. */
export function moveOption(def: FormDefinition, at: FieldAt, index: number, delta: -1 | 1): FormDefinition {
  const options = optionsOf(def, at);
  const target = index + delta;
  if (!options[index] || target < 0 || target >= options.length) return def;
  [options[index], options[target]] = [options[target], options[index]];
  return updateField(def, at, { options });
}

/** Removes an option (a default value that was this option is cleared with it). */
export function removeOption(def: FormDefinition, at: FieldAt, index: number): FormDefinition {
  const field = fieldAt(def, at);
  const options = optionsOf(def, at);
  const [gone] = options.splice(index, 1);
  if (!field || !gone) return def;
  const patch: Parameters<typeof updateField>[2] = { options };
  if (field.defaultValue === gone.value) patch.defaultValue = undefined;
  if (Array.isArray(field.defaultValue)) patch.defaultValue = field.defaultValue.filter((v) => v !== gone.value);
  return updateField(def, at, patch);
}

/** Sets (a number) or clears (undefined) the points an option adds to score(key). */
export function setOptionScore(
  def: FormDefinition,
  at: FieldAt,
  index: number,
  score: number | undefined,
): FormDefinition {
  const options = optionsOf(def, at);
  const old = options[index];
  if (!old) return def;
  const next: FieldOption = { ...old, score };
  if (score === undefined || !Number.isFinite(score)) delete next.score;
  options[index] = next;
  return updateField(def, at, { options });
}

/** Sets (a `/i/<id>` address) or removes (undefined) the picture of an option. */
export function setOptionImage(
  def: FormDefinition,
  at: FieldAt,
  index: number,
  image: string | undefined,
): FormDefinition {
  const options = optionsOf(def, at);
  const old = options[index];
  if (!old) return def;
  const next: FieldOption = { ...old, image };
  if (image === undefined) delete next.image;
  options[index] = next;
  return updateField(def, at, { options });
}
