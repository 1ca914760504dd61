// `nps` (Net Promoter Score): 0 to 10 as numbered choices, "Not at all likely" and "Extremely likely"
// under the ends unless `scale.minLabel`/`maxLabel` say otherwise. Loaded only for forms with one
// (list.ts); the page without JavaScript renders the same radios.
import { NPS_RANGE } from '../../../shared/fields/types/nps.ts';
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { Points } from './points.ts';
import { wordsOf } from './words.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { nps as core } from '../../../shared/fields/types/nps.ts';

/** This module's English words (de, fr and es translate them in shared/engine/i18n). */
export const npsWords = {
  pointOf: '{n} of {max}',
  npsLow: 'Not at all likely',
  npsHigh: 'Extremely likely',
};
const useText = wordsOf(npsWords);

/** The NPS row, 0 to 10. */
export function Control(p: ControlProps) {
  const t = useText();
  return html`<${Points} p=${p} shape=${{
    from: NPS_RANGE.min,
    to: NPS_RANGE.max,
    name: (n: number) => t('pointOf', { n, max: NPS_RANGE.max }),
    low: p.field.scale?.minLabel ?? t('npsLow'),
    high: p.field.scale?.maxLabel ?? t('npsHigh'),
  }} />`;
}
