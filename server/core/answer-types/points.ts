// `rating`, `scale` and `nps` (Wave 4): a whole number on a range of points, read as "4 / 5" (the number
// out of the highest point, the cores' own ranges) wherever people read it; exports keep the number (a
// numeric cell in xlsx).
import { pointRange } from '../../../shared/fields/point-range.ts';
import type { AnswerOutput } from './answer-output.ts';

/** The answers of a points type. */
export const points: AnswerOutput = {
  summary: 'number',
  text: (field, value) => (typeof value === 'number' ? `${value} / ${pointRange(field).max}` : String(value)),
};
