// The points of the types answered with a whole number on a range (rating, scale, nps): one rule that the
// engine's checks, the server's displays and summaries and the panel all read, so "4 / 5" and the check
// that refuses 6 never disagree.
import type { CoreField } from './field-type.ts';
import { NPS_RANGE } from './types/nps.ts';
import { ratingMax } from './types/rating.ts';
import { scaleRange } from './types/scale.ts';

/** The lowest and highest point of a rating, scale or nps field (a rating's when the type is another). */
export function pointRange(field: { type: string; scale?: CoreField['scale'] }): { min: number; max: number } {
  const { scale } = field;
  if (field.type === 'nps') return NPS_RANGE;
  if (field.type === 'scale') return scaleRange({ scale });
  return { min: 1, max: ratingMax({ scale }) };
}
