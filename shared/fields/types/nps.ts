import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { FieldTypeCore } from '../field-type.ts';
import { pointCheck } from '../rules.ts';
import { scaleProblems } from '../scale-rules.ts';

/** `nps` (wave 4): Net Promoter Score, a whole number from 0 to 10 ("How likely are you to recommend…"). */
export const nps = {
  type: 'nps',
  check: (value, _c, m) => pointCheck(value, 0, 10, m),
  fromText: 'number',
  compare: 'number',
  summary: 'number',
} as const satisfies FieldTypeCore;

/** Publish rules: the points are fixed (0 to 10), only the words under the ends may change. */
export const npsRules = (field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] =>
  scaleProblems(field, at, { min: 'refused', max: 'refused', icon: false });
