// `scale` (an opinion scale): `scale.min` (0 or 1, default 1) to `scale.max` (default 5) as numbered
// choices, `minLabel` and `maxLabel` under the ends. Loaded only for forms with one (list.ts); the page
// without JavaScript renders the same radios.
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { Points } from './points.ts';
import { wordsOf } from './words.ts';
import { scaleRange } from '../../../shared/fields/types/scale.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { scale as core } from '../../../shared/fields/types/scale.ts';

/** This module's English words (de, fr and es translate them in shared/engine/i18n). */
export const scaleWords = { pointOf: '{n} of {max}' };
const useText = wordsOf(scaleWords);

/** The scale's row of numbers. */
export function Control(p: ControlProps) {
  const t = useText();
  const { min, max } = scaleRange(p.field);
  const { minLabel, maxLabel } = p.field.scale ?? {};
  return html`<${Points} p=${p} shape=${{
    from: min,
    to: max,
    name: (n: number) => t('pointOf', { n, max }),
    low: minLabel,
    high: maxLabel,
  }} />`;
}
