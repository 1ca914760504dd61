// What a partial answer keeps of what a page sent (ARCHITECTURE.md Wave 4 "Partial answers"): only the form's
// own questions, never a password, a file or a signature (filtered here by field type, whatever the page did),
// each value checked for its shape by its type's core; anything else is dropped, not refused, since the
// person had not finished.
import { allFields, type FormDefinition, type FormField, isEmpty, typeProblem } from '../../../shared/engine/index.ts';
import { optionFieldTypes } from '../../../shared/definition/field-types.ts';
import type { CoreField } from '../../../shared/fields/field-type.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';

/** Whether a partial answer may keep this field's value: not a secret, an upload or a statement. */
export function keepsField(type: string): boolean {
  const core = fieldTypeCore(type);
  return !(core?.secret || core?.upload || core?.noAnswer);
}

/** A custom type's value the engine cannot check: kept only as text, a number, a yes/no or a list of text. */
const plainValue = (value: unknown) =>
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/** The allowed values of a field with static options, as the engine's plan (shared/engine/plan.ts) reads them. */
function optionValues(field: FormField): ReadonlySet<string> | undefined {
  return optionFieldTypes.includes(field.type) && field.optionsFrom === undefined && field.options?.length
    ? new Set(field.options.map((o) => o.value))
    : undefined;
}

/** The values a partial answer keeps of `raw`, in the definition's order. */
export function keptValues(definition: FormDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of allFields(definition)) {
    if (!Object.hasOwn(raw, field.key) || !keepsField(field.type)) continue;
    const value = raw[field.key];
    if (isEmpty(value)) continue;
    const fits = fieldTypeCore(field.type)
      ? typeProblem(field.type, value, { field: field as CoreField, optionValues: optionValues(field) }) === undefined
      : plainValue(value);
    if (fits) kept[field.key] = value;
  }
  return kept;
}

/**
 * The last question reached: the page's `last` when it names a question of the form, else the last question
 * in the form's order that has a kept answer.
 */
export function lastQuestion(definition: FormDefinition, kept: Record<string, unknown>, last: unknown): string {
  const fields = allFields(definition);
  if (typeof last === 'string' && fields.some((f) => f.key === last)) return last;
  return fields.filter((f) => Object.hasOwn(kept, f.key)).at(-1)?.key ?? '';
}
