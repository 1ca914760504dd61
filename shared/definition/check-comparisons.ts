// Publish checks of the comparing conditions gt, gte, lt and lte (wave 4): the bound must be of the
// kind the field's type compares (its core's `compare` tag, shared/fields/types/): a number for number
// fields, text of the value's own form for dates and date-times (compared as text, so "2026-1-5" would
// order wrongly and is refused). Calculations and custom types take a number or text: the checks cannot
// know what they hold.
import { typeProblem } from '../engine/validation.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import { type FieldEntry, finite, type Problem, type Reference, text } from './check-parts.ts';

/** The comparing operators of a condition, in the order the engine looks at them. */
export const comparisons = ['gt', 'gte', 'lt', 'lte'];

/** The problems of a condition's comparison with the field it names (none when it has no comparison). */
export function comparisonProblems(ref: Reference, keys: ReadonlyMap<string, FieldEntry>): Problem[] {
  const { condition } = ref;
  const op = condition && comparisons.find((o) => condition[o] !== undefined);
  if (!condition || !op) return [];
  const path = [...ref.path.slice(0, -1), op];
  const bound = condition[op];
  // A bound that is neither is the shape check's one detail.
  if (typeof bound !== 'number' && typeof bound !== 'string') return [];
  // A matrix row holds a column's value: text, compared as text.
  if (ref.row !== undefined)
    return typeof bound === 'string'
      ? []
      : [{ path, message: 'a matrix row holds a column value; compare it with text' }];
  const type = text(keys.get(ref.key)?.field.type);
  const core = type === undefined ? undefined : fieldTypeCore(type);
  if (!core) return [];
  const named = `${JSON.stringify(ref.key)} is a ${type} field`;
  if (!core.compare)
    return [{ path, message: `${named}; ${comparisons.join(', ')} compare numbers, dates, date-times and times` }];
  if (core.compare === 'number')
    return finite(bound) === undefined ? [{ path, message: `${named}; compare it with a number` }] : [];
  const problem = typeProblem(core.type, bound);
  return problem === undefined ? [] : [{ path, message: `${named}; compare with one of its values (${problem})` }];
}
