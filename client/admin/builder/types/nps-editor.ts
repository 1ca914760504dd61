// An NPS question's settings: its points are fixed (0 to 10, so scores compare across surveys); only the
// words under the ends may change.
import { html } from '../../../renderer/html.ts';
import { ScaleWords } from './scale-words.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The words the page shows under 0 and 10 when none are set (ARCHITECTURE.md "Question types"). */
const NPS_WORDS = ['Not at all likely', 'Extremely likely'] as const;

/** The editor of an `nps` field. */
export function NpsEditor({ field, at, b, p }: TypeEditorProps) {
  return html`<fieldset class="b-type-parts"><legend>NPS</legend>
    <p class="hint">People answer from 0 to 10; 9 and 10 are promoters, 0 to 6 detractors.</p>
    <${ScaleWords} field=${field} at=${at} b=${b} p=${p} defaults=${NPS_WORDS} />
  </fieldset>`;
}
