import { type Json, list, type Path, type Problem } from '../../definition/check-parts.ts';
import type { FieldTypeCore } from '../field-type.ts';
import { distinctItems } from '../rules.ts';

/** Fewest and most options a ranking may order. */
export const RANKING_OPTIONS_MIN = 2;
export const RANKING_OPTIONS_MAX = 20;

/**
 * `ranking` (wave 4): the person puts the options in order; the value is the list of option values, first
 * first. `required` asks for every option; `validation.minLength` for at least that many ("your top 3").
 * A post without JavaScript sends a position select per option, named `<key>.<option>`.
 */
export const ranking = {
  type: 'ranking',
  check: (value, { optionValues }, m) => (distinctItems(value, optionValues) ? undefined : m.ranking()),
  incomplete: (value, { optionValues }, m) =>
    optionValues && Array.isArray(value) && value.length < optionValues.size ? m.rankAll() : undefined,
  fromText: 'positions',
  options: true,
} as const satisfies FieldTypeCore;

/** Publish rules: 2 to 20 static options (a provider's options could change under the person's order). */
export function rankingRules(field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] {
  const problems: Problem[] = [];
  if (field.optionsFrom !== undefined)
    problems.push({ path: at('optionsFrom'), message: 'a ranking orders static options only' });
  const count = list(field.options).length;
  if (Array.isArray(field.options) && (count < RANKING_OPTIONS_MIN || count > RANKING_OPTIONS_MAX))
    problems.push({
      path: at('options'),
      message: `a ranking has ${RANKING_OPTIONS_MIN} to ${RANKING_OPTIONS_MAX} options`,
    });
  return problems;
}
