// One list of a matrix, rows or columns: rename in place, reorder with buttons, remove, add, a column's
// score, and "Paste a list": lines of text (a spreadsheet column, a bulleted list) become the items.
import { useState } from 'preact/hooks';
import type { FormField } from '../../../../shared/definition/schema.ts';
import { html } from '../../../renderer/html.ts';
import {
  addMatrixItem,
  type FieldAt,
  itemLines,
  type MatrixPart,
  moveMatrixItem,
  pasteMatrixItems,
  pastedLines,
  removeMatrixItem,
  renameMatrixItem,
  setColumnScore,
} from '../model/index.ts';
import { keepFocus } from '../focus.ts';
import type { Builder } from '../use-builder.ts';

/** The words of each list: its legend, one item's name, the hint under the paste box. */
const words = {
  rows: { legend: 'Rows (one question each)', one: 'Row', many: 'rows' },
  columns: { legend: 'Columns (the answers every row offers)', one: 'Column', many: 'columns' },
} as const;

/**
 * "Paste a list": a box holding the labels one a line; its lines replace the list. Until the person types,
 * it shows the list as it is (so pasting at its end adds and editing edits); read at render, not on the
 * details' toggle event, which comes late enough under load to overwrite what is being typed.
 */
function PasteList({ field, at, b, part }: { field: FormField; at: FieldAt; b: Builder; part: MatrixPart }) {
  const w = words[part];
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const text = typed ?? itemLines(field, part);
  const count = pastedLines(text).length;
  return html`<details class="b-paste">
    <summary>Paste a list of ${w.many}</summary>
    <label class="b-control">${w.one} labels, one a line
      <textarea rows="4" aria-label=${`${w.one} labels, one a line`} value=${text}
        onInput=${(e: Event) => setTyped((e.target as HTMLTextAreaElement).value)}></textarea>
    </label>
    <button type="button" class="secondary small" disabled=${count === 0}
      onClick=${() => {
        b.edit((d) => pasteMatrixItems(d, at, part, text));
        setTyped(undefined);
      }}>
      Use these ${count} ${w.many}
    </button>
  </details>`;
}

/** The editor of one list of the matrix field at `at`. */
export function GridList({
  field,
  at,
  b,
  part,
  scores,
  problems,
  readOnly,
}: {
  field: FormField;
  at: FieldAt;
  b: Builder;
  part: MatrixPart;
  /** Show each column's score box. */
  scores: boolean;
  problems: readonly string[];
  readOnly: boolean;
}) {
  const w = words[part];
  const items = field.matrix?.[part] ?? [];
  const g = `mx:${field.key}:${part}`;
  const id = (i: number) => `b-${part}-${i}`;
  const add = () => {
    const index = items.length;
    b.edit((d) => addMatrixItem(d, at, part).definition);
    // Focus the new item's label so typing names it.
    requestAnimationFrame(() => document.getElementById(id(index))?.focus());
  };
  return html`<fieldset class="b-options b-grid-list">
    <legend>${w.legend}</legend>
    <ol>
      ${items.map((o, i) => {
        const name = `${w.one.toLowerCase()} ${o.label || i + 1}`;
        return html`<li class="b-option">
          <input id=${id(i)} type="text" aria-label=${`${w.one} ${i + 1}`} value=${o.label} readOnly=${readOnly}
            onInput=${(e: Event) =>
              b.edit((d) => renameMatrixItem(d, at, part, i, (e.target as HTMLInputElement).value), `${g}:${i}`)} />
          ${
            scores &&
            html`<input type="number" step="any" class="b-score" aria-label=${`Score of ${name}`} title="Score"
              placeholder="Score" value=${o.score ?? ''} readOnly=${readOnly}
              onInput=${(e: Event) => {
                const t = (e.target as HTMLInputElement).value;
                b.edit((d) => setColumnScore(d, at, i, t === '' ? undefined : Number(t)), `${g}:s${i}`);
              }} />`
          }
          ${
            !readOnly &&
            html`<span class="b-moves">
            <button type="button" class="icon" aria-label=${`Move ${name} up`} disabled=${i === 0}
              onClick=${() => {
                keepFocus();
                b.edit((d) => moveMatrixItem(d, at, part, i, -1));
              }}>↑</button>
            <button type="button" class="icon" aria-label=${`Move ${name} down`} disabled=${i === items.length - 1}
              onClick=${() => {
                keepFocus();
                b.edit((d) => moveMatrixItem(d, at, part, i, 1));
              }}>↓</button>
            <button type="button" class="icon" aria-label=${`Remove ${name}`}
              onClick=${() => {
                // The item now in its place keeps the focus on its Remove; after the last, the label before.
                keepFocus(`#${id(i - 1)}`);
                b.edit((d) => removeMatrixItem(d, at, part, i));
              }}>✕</button>
          </span>`
          }
        </li>`;
      })}
    </ol>
    ${problems.length > 0 && html`<p class="field-problem">${problems.join('; ')}</p>`}
    ${
      !readOnly &&
      html`<div class="row">
      <button type="button" class="secondary small" onClick=${add}>+ Add ${w.one.toLowerCase()}</button>
      <${PasteList} field=${field} at=${at} b=${b} part=${part} />
    </div>`
    }
  </fieldset>`;
}
