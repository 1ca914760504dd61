// `rating`: 1 to `scale.max` (default 5) as stars, hearts or numbers; each point reads "3 of 5". Loaded
// only for forms with a rating (list.ts); the page without JavaScript renders the same radios.
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';
import { Points } from './points.ts';
import { wordsOf } from './words.ts';
import { ratingMax } from '../../../shared/fields/types/rating.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { rating as core } from '../../../shared/fields/types/rating.ts';

/** This module's English words (de, fr and es translate them in shared/engine/i18n). */
export const ratingWords = { pointOf: '{n} of {max}' };
const useText = wordsOf(ratingWords);

/** The rating's row of points. */
export function Control(p: ControlProps) {
  const t = useText();
  const max = ratingMax(p.field);
  const icon = p.field.scale?.icon ?? 'star';
  return html`<${Points} p=${p} shape=${{
    from: 1,
    to: max,
    icon: icon === 'number' ? undefined : icon,
    name: (n: number) => t('pointOf', { n, max }),
  }} />`;
}
