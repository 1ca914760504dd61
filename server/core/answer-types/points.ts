// `rating`, `scale` and `nps` (Wave 4): a whole number on a range of points, read as "4 / 5" (the number
// out of the highest point, the cores' own ranges) wherever people read it; exports keep the number (a
// numeric cell in xlsx).
import { ratingMax } from '../../../shared/fields/types/rating.ts';
import { scaleRange } from '../../../shared/fields/types/scale.ts';
import type { FieldColumn } from '../submission-fields.ts';
import type { AnswerOutput } from './answer-output.ts';

/** The highest point of an nps: always 10. */
export const NPS_MAX = 10;

/** The lowest and highest point of a rating, scale or nps field. */
export function pointRange(field: FieldColumn): { min: number; max: number } {
  if (field.type === 'nps') return { min: 0, max: NPS_MAX };
  if (field.type === 'scale') return scaleRange({ scale: field.scale });
  return { min: 1, max: ratingMax({ scale: field.scale }) };
}

/** The answers of a points type. */
export const points: AnswerOutput = {
  summary: 'number',
  text: (field, value) => (typeof value === 'number' ? `${value} / ${pointRange(field).max}` : String(value)),
};
