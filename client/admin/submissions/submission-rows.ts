// The submissions as a table: a checkbox per row (and one above for every row shown), when it came (a link
// to its detail view, with its status unless new and its tags), one column per field by its label, the form
// version, and "Open" (the same link in words: a date that is a link is easy to miss). Words stay whole; a table
// wider than the page scrolls inside its frame. Below 720 px each row is a stacked card with the labels beside the
// answers (admin.css `table.submissions`).
import type { ComponentChildren } from 'preact';
import { html } from '../../renderer/html.ts';
import { Link } from '../common/link.ts';
import { Time } from '../common/time.ts';
import type { FieldColumn } from '../types.ts';
import type { Submission } from '../use-live-submissions.ts';
import { Answer } from './answer.ts';
import { Badge } from '../common/badge.ts';
import { STATUS_WORDS } from './submission-filters.ts';

/** The detail view's path for one submission. */
export const submissionPath = (formId: string, id: string) =>
  `/admin/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(id)}`;

interface Props {
  formId: string;
  rows: Submission[];
  fields: FieldColumn[];
  fresh: Set<string>;
  selected: Set<string>;
  /** Absent for viewers: they cannot delete, so rows are not selectable. */
  onSelect?: (ids: string[], on: boolean) => void;
  /** Encrypted answers not opened in this tab, by id: what their answer cells say instead (encryption/). */
  sealed?: Map<string, string>;
}

/**
 * One cell: its label (shown only when the rows are stacked, beside the value in a grid, so a long label
 * makes the row taller rather than running into the next one; hidden from screen readers, which have
 * the column's header) and its value.
 */
export const Cell = ({
  label,
  class: className,
  children,
}: {
  label: string;
  class?: string;
  children: ComponentChildren;
}) =>
  html`<td class=${className}><span class="cell-label" aria-hidden="true">${label}</span><div
    class="cell-value">${children}</div></td>`;

/** The table. */
export function SubmissionRows({ formId, rows, fields, fresh, selected, onSelect, sealed }: Props) {
  const allOn = rows.length > 0 && rows.every((s) => selected.has(s.id));
  return html`${
    onSelect &&
    html`<label class="inline select-all"><input type="checkbox" checked=${allOn}
      onChange=${(e: Event) =>
        onSelect(
          rows.map((s) => s.id),
          (e.target as HTMLInputElement).checked,
        )} /> Select all ${rows.length} shown</label>`
  }
  <div class="table-frame"><table class="submissions stack">
    <thead><tr>
      ${onSelect && html`<th class="pick"><span class="sr-only">Selected</span></th>`}
      <th>Received</th>
      ${fields.map((f) => html`<th>${f.label}</th>`)}
      <th class="num">Version</th>
      <th><span class="sr-only">Details</span></th>
    </tr></thead>
    <tbody>${rows.map(
      (s) => html`<tr key=${s.id} class=${fresh.has(s.id) ? 'fresh' : ''} data-id=${s.id}>
        ${
          onSelect &&
          html`<td class="pick"><input type="checkbox" aria-label=${`Select submission ${s.id}`}
          checked=${selected.has(s.id)}
          onChange=${(e: Event) => onSelect([s.id], (e.target as HTMLInputElement).checked)} /></td>`
        }
        <${Cell} label="Received" class="nowrap">
          <${Link} href=${submissionPath(formId, s.id)}><${Time} iso=${s.created_at} /><//>
          ${
            s.values_contain_hidden_characters &&
            html` <span class="badge badge-warn"
              title="Some answers contain invisible characters">hidden characters</span>`
          }
          ${
            (s.status !== 'new' || s.tags.length > 0) &&
            html`<span class="marks">${
              s.status !== 'new' &&
              html`<${Badge} tone=${s.status === 'done' ? 'ok' : 'plain'}>${STATUS_WORDS[s.status]}<//>`
            }${s.tags.map((t) => html` <${Badge}><span class="sr-only">tag </span>${t}<//>`)}</span>`
          }<//>
        ${
          sealed?.has(s.id)
            ? html`<td colspan=${Math.max(1, fields.length)} class="sealed-cell"><span class="cell-label"
                aria-hidden="true">Answers</span><div class="cell-value sealed">${sealed.get(s.id)}</div></td>`
            : fields.map((f) => html`<${Cell} label=${f.label}><${Answer} field=${f} value=${s.values[f.key]} /><//>`)
        }
        <${Cell} label="Version" class="num">${s.form_version}<//>
        <td class="open"><${Link} href=${submissionPath(formId, s.id)}
          aria-label=${`Open submission ${s.id}`}>Open<//></td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}
