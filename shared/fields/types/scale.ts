import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { CoreField, FieldTypeCore } from '../field-type.ts';
import { pointCheck } from '../rules.ts';
import { scaleProblems } from '../scale-rules.ts';

/** An opinion scale's lowest and highest points when `scale.min` or `scale.max` is not given. */
const SCALE_MIN_DEFAULT = 1;
const SCALE_MAX_DEFAULT = 5;

/** The lowest and highest point of an opinion scale: `scale.min` (0 or 1, default 1), `scale.max` (default 5). */
export const scaleRange = (field: CoreField | undefined): { min: number; max: number } => ({
  min: field?.scale?.min ?? SCALE_MIN_DEFAULT,
  max: field?.scale?.max ?? SCALE_MAX_DEFAULT,
});

/** `scale` (wave 4): an opinion scale, a whole number from `scale.min` to `scale.max`, words under its ends. */
export const scale = {
  type: 'scale',
  // The bounds read directly, not through scaleRange's object: the check runs for every answer.
  check: (value, { field }, m) =>
    pointCheck(value, field?.scale?.min ?? SCALE_MIN_DEFAULT, field?.scale?.max ?? SCALE_MAX_DEFAULT, m),
  fromText: 'number',
  compare: 'number',
  summary: 'number',
} as const satisfies FieldTypeCore;

/** Publish rules: `scale.min` 0 or 1, `scale.max` 2 to 10. */
export const scaleRules = (field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] =>
  scaleProblems(field, at, { min: [0, 1], max: [2, 10], icon: false });
