import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { CoreField, FieldTypeCore } from '../field-type.ts';
import { pointCheck } from '../rules.ts';
import { scaleProblems } from '../scale-rules.ts';

/** The lowest and highest point of an opinion scale: `scale.min` (0 or 1, default 1), `scale.max` (default 5). */
export const scaleRange = (field: CoreField | undefined): { min: number; max: number } => ({
  min: field?.scale?.min ?? 1,
  max: field?.scale?.max ?? 5,
});

/** `scale` (wave 4): an opinion scale, a whole number from `scale.min` to `scale.max`, words under its ends. */
export const scale = {
  type: 'scale',
  check: (value, { field }, m) => {
    const { min, max } = scaleRange(field);
    return pointCheck(value, min, max, m);
  },
  fromText: 'number',
  compare: 'number',
  summary: 'number',
} as const satisfies FieldTypeCore;

/** Publish rules: `scale.min` 0 or 1, `scale.max` 2 to 10. */
export const scaleRules = (field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] =>
  scaleProblems(field, at, { min: [0, 1], max: [2, 10], icon: false });
