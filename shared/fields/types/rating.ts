import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { CoreField, FieldTypeCore } from '../field-type.ts';
import { pointCheck } from '../rules.ts';
import { scaleProblems } from '../scale-rules.ts';

/** A rating's points when its `scale.max` is not given. */
export const RATING_MAX_DEFAULT = 5;

/** The highest point of a rating: its `scale.max`, else 5. */
export const ratingMax = (field: CoreField | undefined): number => field?.scale?.max ?? RATING_MAX_DEFAULT;

/** `rating` (wave 4): a whole number from 1 to `scale.max` (3 to 10), drawn as stars, hearts or numbers. */
export const rating = {
  type: 'rating',
  check: (value, { field }, m) => pointCheck(value, 1, ratingMax(field), m),
  fromText: 'number',
  compare: 'number',
  summary: 'number',
} as const satisfies FieldTypeCore;

/** Publish rules: `scale.max` 3 to 10; a rating always starts at 1. */
export const ratingRules = (field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] =>
  scaleProblems(field, at, { min: 'refused', max: [3, 10], icon: true });
