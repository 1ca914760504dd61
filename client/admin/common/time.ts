// A date as people read it: relative when recent ("3 min ago"), the full time on hover.
import { html } from '../../renderer/html.ts';
import { fullTime, relative } from './format.ts';

/** A <time> with the relative text, the full time as its title and the ISO value as datetime. */
export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return html`<span>—</span>`;
  return html`<time datetime=${iso} title=${fullTime(iso)}>${relative(iso)}</time>`;
}
