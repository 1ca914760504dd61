// `rating`, `scale` and `nps` (Wave 4): a whole number on a range of points, read as "4 / 5" (the number
// out of the highest point) wherever people read it; exports keep the number (a numeric cell in xlsx).
import type { FieldColumn } from '../submission-fields.ts';
import type { AnswerOutput } from './answer-output.ts';

/** Each type's highest point when the field does not say (ARCHITECTURE.md "Question types"). */
export const DEFAULT_MAX = { rating: 5, scale: 5, nps: 10 } as const;

/** The highest point of a points field: its `scale.max`, else the type's default (nps is always 10). */
export function highestPoint(field: FieldColumn): number {
  const type = field.type as keyof typeof DEFAULT_MAX;
  if (type === 'nps') return DEFAULT_MAX.nps;
  return typeof field.scale?.max === 'number' ? field.scale.max : (DEFAULT_MAX[type] ?? DEFAULT_MAX.rating);
}

/** The answers of a points type. */
export const points: AnswerOutput = {
  text: (field, value) => (typeof value === 'number' ? `${value} / ${highestPoint(field)}` : String(value)),
};
