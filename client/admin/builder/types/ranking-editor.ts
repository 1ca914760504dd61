// A ranking's settings: the options people put in order (the choice fields' options editor).
import { html } from '../../../renderer/html.ts';
import { OptionsEditor } from '../options-editor.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The editor of a `ranking` field. */
export function RankingEditor({ def, field, at, b, p, readOnly }: TypeEditorProps) {
  return html`<${OptionsEditor} def=${def} field=${field} at=${at} b=${b} problems=${p('options')} readOnly=${readOnly}
    legend="Options to rank" hint="People put these in order. Under Rules, “At least” asks for only their top few."
    scores=${false} />`;
}
