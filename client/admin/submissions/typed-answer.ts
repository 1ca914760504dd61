// The Wave 4 question types as the panel shows an answer: a rating as its icons and "4 / 5" (scale and nps
// "7 / 10"), a matrix as a small table of rows and what was chosen, a ranking as a numbered list, a drawn
// signature as its image. Text as everywhere else in the panel, never markup (answers are untrusted); the
// one-line forms (pointsText, matrixText, rankingText) read as the mail and piping read them.
import { pointRange } from '../../../shared/fields/point-range.ts';
import { html } from '../../renderer/html.ts';
import { FileValue, isFileValue } from '../common/file-value.ts';
import type { FieldColumn } from '../types.ts';

/** What each point of a rating shows, by its `scale.icon` (a number rating shows only "4 / 5"). */
const ICONS: Record<string, [on: string, off: string]> = { star: ['★', '☆'], heart: ['♥', '♡'] };

/** The types this module shows. */
export const TYPED_ANSWERS = new Set(['rating', 'scale', 'nps', 'matrix', 'ranking', 'signature']);

const highest = (field: FieldColumn) => pointRange(field).max;

const asRows = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const labelOf = (items: { value: string; label: string }[] | undefined, value: unknown) =>
  items?.find((i) => i.value === value)?.label ?? String(value);

/** A matrix's answered rows as [row label, chosen columns' labels], in the rows' order, then rows it lost. */
function matrixRows(field: FieldColumn, value: unknown): [string, string][] {
  const answer = asRows(value);
  const rows = field.matrix?.rows ?? [];
  const keys = [...rows.map((r) => r.value), ...Object.keys(answer).filter((k) => !rows.some((r) => r.value === k))];
  return keys
    .filter((k) => Object.hasOwn(answer, k) && answer[k] !== '' && answer[k] != null)
    .map((k) => {
      const chosen = Array.isArray(answer[k]) ? (answer[k] as unknown[]) : [answer[k]];
      return [labelOf(rows, k), chosen.map((c) => labelOf(field.matrix?.columns, c)).join(', ')] as [string, string];
    })
    .filter(([, columns]) => columns !== '');
}

const rankingLabels = (field: FieldColumn, value: unknown) =>
  (Array.isArray(value) ? value : [value]).map((v) => field.options?.[String(v)] ?? String(v));

/** An answer of these types as one line ("4 / 5", "Speed: Good; Taste: Bad", "Bananas, Apples"). */
export function typedAnswerText(field: FieldColumn, value: unknown): string {
  if (field.type === 'matrix')
    return matrixRows(field, value)
      .map(([row, columns]) => `${row}: ${columns}`)
      .join('; ');
  if (field.type === 'ranking') return rankingLabels(field, value).join(', ');
  if (field.type === 'signature') return isFileValue(value) ? value.name : String(value);
  return typeof value === 'number' ? `${value} / ${highest(field)}` : String(value);
}

/** A rating's icons (screen readers hear "4 of 5") and the number, or a scale's or nps's "7 / 10". */
function Points({ field, value }: { field: FieldColumn; value: number }) {
  const max = highest(field);
  const icons =
    field.type === 'rating' ? ICONS[(field.scale as { icon?: string } | undefined)?.icon ?? 'star'] : undefined;
  if (!icons || value < 0 || value > max) return html`<span class="answer">${value} / ${max}</span>`;
  return html`<span class="answer points" role="img" aria-label=${`${value} of ${max}`}>
    <span class="points-icons" aria-hidden="true">${icons[0].repeat(value)}${icons[1].repeat(max - value)}</span>
    <span aria-hidden="true"> ${value} / ${max}</span>
  </span>`;
}

/**
 * One answer of these types; `detail` (the answer's own page) shows the matrix as a table, the ranking as a
 * list and the signature as its image, the table of answers their one-line forms.
 */
export function TypedAnswer({ field, value, detail }: { field: FieldColumn; value: unknown; detail?: boolean }) {
  if (typeof value === 'number') return html`<${Points} field=${field} value=${value} />`;
  if (detail && field.type === 'matrix')
    return html`<table class="matrix-answer">
      <tbody>
        ${matrixRows(field, value).map(
          ([row, columns]) => html`<tr><th scope="row">${row}</th><td>${columns}</td></tr>`,
        )}
      </tbody>
    </table>`;
  if (detail && field.type === 'ranking')
    return html`<ol class="ranking-answer">
      ${rankingLabels(field, value).map((label) => html`<li>${label}</li>`)}
    </ol>`;
  // A signature is a PNG the page drew: shown as an image (other files never are, docs/decisions.md).
  if (field.type === 'signature' && isFileValue(value))
    return html`<span class="signature-answer">
      ${
        detail &&
        value.type === 'image/png' &&
        html`<img src=${`/v1/files/${value.file_id}`} alt=${`Signature: ${field.label}`} />`
      }
      <${FileValue} file=${value} />
    </span>`;
  return html`<span class="answer">${typedAnswerText(field, value)}</span>`;
}
