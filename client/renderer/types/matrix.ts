// `matrix`: rows of one question, each answered among the same columns: one column per row (radios), or
// several when `matrix.multiple` (checkboxes). Each row is a group named by its row's label, its inputs
// named `<key>.<row>` with the column's value, so the page without JavaScript posts this same markup and
// arrow keys move within a row. A grid at desktop width (column headings above, each cell's column name
// for screen readers only); in a narrow form one card per row with the column names beside the inputs
// (a container query in types.css), so nothing scrolls sideways. Loaded only for forms with a matrix.
import { html } from '../html.ts';
import type { ControlProps } from '../types.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { matrix as core } from '../../../shared/fields/types/matrix.ts';

type MatrixValue = Record<string, string | string[]>;

/** The matrix as one row group per row. */
export function Control(p: ControlProps) {
  const m = p.field.matrix;
  if (!m) return null;
  const multiple = !!m.multiple;
  const value: MatrixValue =
    p.value && typeof p.value === 'object' && !Array.isArray(p.value) ? (p.value as MatrixValue) : {};
  const picked = (row: string, column: string) => {
    const v = value[row];
    return Array.isArray(v) ? v.includes(column) : v === column;
  };
  const set = (row: string, column: string, on: boolean) => {
    const next = { ...value };
    if (!multiple) next[row] = column;
    else {
      // Chosen columns in the columns' order; a row with none is unanswered.
      const list = m.columns.map((c) => c.value).filter((c) => (c === column ? on : picked(row, c)));
      if (list.length) next[row] = list;
      else delete next[row];
    }
    p.onChange(next);
  };
  return html`<div class="fs-matrix">
    <div class="fs-matrix-head" aria-hidden="true">
      <span></span>${m.columns.map((c) => html`<span key=${c.value}>${c.label}</span>`)}
    </div>
    ${m.rows.map((r, i) => {
      const rowId = `${p.id}-row-${i}`;
      return html`<div class="fs-matrix-row" key=${r.value} role=${multiple ? 'group' : 'radiogroup'}
        aria-labelledby=${rowId}>
        <span class="fs-matrix-row-label" id=${rowId}>${r.label}</span>
        ${m.columns.map(
          (c, j) => html`<label class="fs-matrix-cell" key=${c.value}>
            <input type=${multiple ? 'checkbox' : 'radio'} id=${i || j ? `${p.id}-${i}-${j}` : p.id}
              name=${`${p.name}.${r.value}`} value=${c.value} checked=${picked(r.value, c.value)}
              required=${!multiple && !j && p.nativeRequired}
              onChange=${(e: Event) => set(r.value, c.value, (e.currentTarget as HTMLInputElement).checked)} />
            <span class="fs-matrix-col">${c.label}</span>
          </label>`,
        )}
      </div>`;
    })}
  </div>`;
}
