// An opinion scale's settings: where it starts (0 or 1), where it ends (2 to 10), the words under its ends.
import { html } from '../../../renderer/html.ts';
import { Select } from '../inputs.ts';
import { setScale } from '../model/index.ts';
import { ScaleWords } from './scale-words.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The highest points an opinion scale may end on (ARCHITECTURE.md "Question types"). */
const SCALE_MAX = [2, 10] as const;

/** The editor of a `scale` field. */
export function ScaleEditor({ field, at, b, p }: TypeEditorProps) {
  const ends = Array.from({ length: SCALE_MAX[1] - SCALE_MAX[0] + 1 }, (_, i) => {
    const n = String(SCALE_MAX[0] + i);
    return [n, n] as const;
  });
  return html`<fieldset class="b-type-parts"><legend>Opinion scale</legend>
    <div class="b-pair">
      <${Select} label="From" value=${String(field.scale?.min ?? 1)} choices=${[['0', '0'], ['1', '1']]}
        onChange=${(v: string) => b.edit((d) => setScale(d, at, { min: Number(v) }))} problems=${p('scale.min')} />
      <${Select} label="To" value=${String(field.scale?.max ?? 5)} choices=${ends}
        onChange=${(v: string) => b.edit((d) => setScale(d, at, { max: Number(v) }))} problems=${p('scale.max')} />
    </div>
    <${ScaleWords} field=${field} at=${at} b=${b} p=${p} />
  </fieldset>`;
}
