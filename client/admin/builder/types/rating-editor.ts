// A rating's settings: how many points (3 to 10) and what each shows (stars, hearts or numbers).
import { html } from '../../../renderer/html.ts';
import { Select } from '../inputs.ts';
import { setScale } from '../model/index.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** Fewest and most points a rating offers (ARCHITECTURE.md "Question types"). */
const RATING_POINTS = [3, 10] as const;

/** The icons a rating may show, by the words the select shows. */
const icons = [
  ['star', 'Stars'],
  ['heart', 'Hearts'],
  ['number', 'Numbers'],
] as const;

/** The editor of a `rating` field. */
export function RatingEditor({ field, at, b, p }: TypeEditorProps) {
  const points = Array.from({ length: RATING_POINTS[1] - RATING_POINTS[0] + 1 }, (_, i) => {
    const n = String(RATING_POINTS[0] + i);
    return [n, n] as const;
  });
  return html`<fieldset class="b-type-parts"><legend>Rating</legend>
    <div class="b-pair">
      <${Select} label="Points" value=${String(field.scale?.max ?? 5)} choices=${points}
        onChange=${(v: string) => b.edit((d) => setScale(d, at, { max: Number(v) }))} problems=${p('scale.max')} />
      <${Select} label="Shown as" value=${field.scale?.icon ?? 'star'} choices=${icons}
        onChange=${(v: string) => b.edit((d) => setScale(d, at, { icon: v as 'star' | 'heart' | 'number' }))}
        problems=${p('scale.icon')} />
    </div>
  </fieldset>`;
}
