import { type Json, list, type Path, type Problem, record } from '../../definition/check-parts.ts';
import type { FieldTypeCore } from '../field-type.ts';
import { distinctItems, optionCheck } from '../rules.ts';

/**
 * `picture` (wave 4): a choice among options that each show an image; one option value, or a list of
 * distinct ones when `multiple: true` (then minLength/maxLength count items). Option scores work as on radio.
 */
export const picture = {
  type: 'picture',
  check: (value, context, m) =>
    context.field?.multiple === true
      ? distinctItems(value, context.optionValues)
        ? undefined
        : m.options()
      : optionCheck(value, context, m),
  fromText: 'choices',
  options: true,
} as const satisfies FieldTypeCore;

/** Publish rules: every option shows an image (its label is the image's alt text). */
export function pictureRules(field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] {
  const problems: Problem[] = [];
  if (field.optionsFrom !== undefined)
    problems.push({ path: at('optionsFrom'), message: 'a picture choice shows static options only' });
  list(field.options).forEach((option, i) => {
    if (typeof record(option)?.image !== 'string')
      problems.push({ path: at('options', i, 'image'), message: 'a picture option needs an image' });
  });
  return problems;
}
