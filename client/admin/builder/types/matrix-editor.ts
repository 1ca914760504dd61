// A matrix's settings: its rows (the questions), its columns (the answers each row offers, each with an
// optional score), and whether a row takes one answer or several.
import { useState } from 'preact/hooks';
import { html } from '../../../renderer/html.ts';
import { Check } from '../inputs.ts';
import { scoresRead, setMatrixMultiple } from '../model/index.ts';
import { GridList } from './grid-list.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The editor of a `matrix` field. */
export function MatrixEditor({ def, field, at, b, p, readOnly }: TypeEditorProps) {
  const [scoresOn, setScores] = useState(false);
  // Scores show when asked for, when a calculation reads score(key), or when a column already has one.
  const scores =
    scoresOn || scoresRead(def, field.key) || (field.matrix?.columns ?? []).some((c) => c.score !== undefined);
  const general = p('matrix').filter((m) => !p('matrix.rows').includes(m) && !p('matrix.columns').includes(m));
  return html`<div class="b-type-parts">
    <${GridList} field=${field} at=${at} b=${b} part="rows" scores=${false} problems=${p('matrix.rows')}
      readOnly=${readOnly} />
    <${GridList} field=${field} at=${at} b=${b} part="columns" scores=${scores} problems=${p('matrix.columns')}
      readOnly=${readOnly} />
    ${general.length > 0 && html`<p class="field-problem">${general.join('; ')}</p>`}
    <${Check} label="Several answers per row (checkboxes)" checked=${!!field.matrix?.multiple}
      onChange=${(on: boolean) => b.edit((d) => setMatrixMultiple(d, at, on))} problems=${p('matrix.multiple')} />
    <${Check} label="Scores per column" hint="A calculation's score(key) adds the scores of the chosen columns."
      checked=${scores} onChange=${(on: boolean) => setScores(on)} />
  </div>`;
}
