import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { FieldTypeCore } from '../field-type.ts';

/**
 * `statement` (wave 4): a block of text with no answer: `label` as its heading, `body` (the Markdown subset)
 * and an optional image. It is never in the values; a posted value for its key is an unknown field.
 */
export const statement = { type: 'statement', check: () => undefined, noAnswer: true } as const satisfies FieldTypeCore;

/** Publish rules: nothing that belongs to an answer (a default, validation, options). */
export function statementRules(field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] {
  const answerParts = ['defaultValue', 'validation', 'options', 'optionsFrom', 'placeholder', 'autoAdvance'];
  return answerParts
    .filter((part) => field[part] !== undefined)
    .map((part) => ({ path: at(part), message: `a statement has no answer, so no ${part}` }));
}
