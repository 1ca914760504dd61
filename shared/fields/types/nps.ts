import type { Json, Path, Problem } from '../../definition/check-parts.ts';
import type { FieldTypeCore } from '../field-type.ts';
import { pointCheck } from '../rules.ts';
import { scaleProblems } from '../scale-rules.ts';

/** An nps's points: always 0 to 10. */
export const NPS_RANGE = { min: 0, max: 10 } as const;

/** `nps` (wave 4): Net Promoter Score, a whole number from 0 to 10 ("How likely are you to recommend…"). */
export const nps = {
  type: 'nps',
  check: (value, _c, m) => pointCheck(value, NPS_RANGE.min, NPS_RANGE.max, m),
  fromText: 'number',
  compare: 'number',
  summary: 'number',
} as const satisfies FieldTypeCore;

/** Publish rules: the points are fixed (0 to 10), only the words under the ends may change. */
export const npsRules = (field: Json, at: (...rest: PropertyKey[]) => Path): Problem[] =>
  scaleProblems(field, at, { min: 'refused', max: 'refused', icon: false });
