// One answer as people read it: option labels instead of stored values, Yes/No for switches, files as
// download links (file-value.ts), passwords masked until revealed. Always text, never markup (answers are untrusted).
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { hiddenPieces } from '../../../shared/text/hidden-characters.ts';
import { html } from '../../renderer/html.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import { FileValue, isFileValue } from '../common/file-value.ts';
import { valueText } from '../common/format.ts';
import type { FieldColumn } from '../types.ts';
import { MaskedValue } from './masked-value.ts';
import { TYPED_ANSWERS, TypedAnswer, typedAnswerText } from './typed-answer.ts';

/** An answer as one line of text, with option labels and Yes/No. */
export function answerText(field: FieldColumn | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field && TYPED_ANSWERS.has(field.type)) return typedAnswerText(field, value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => answerText(field, v)).join('; ');
  if (typeof value === 'string') return field?.options?.[value] ?? value;
  if (isFileValue(value)) return `${value.name} (${formatSize(value.size)})`;
  return valueText(value);
}

/** Text with each hidden character shown as a marked code point ("U+200B") where it is. */
const WithHidden = ({ text }: { text: string }) =>
  html`${hiddenPieces(text).map((p) =>
    'hidden' in p ? html`<mark class="hidden-char" title="Invisible character">${p.hidden}</mark>` : p.text,
  )}`;

/**
 * An answer for the table or the detail view (`detail`); a password is masked with a Reveal button; the
 * Wave 4 types as typed-answer.ts shows them. With `showHidden`, invisible characters are shown as marked
 * code points.
 */
export function Answer({
  field,
  value,
  showHidden = false,
  detail = false,
}: {
  field?: FieldColumn;
  value: unknown;
  showHidden?: boolean;
  detail?: boolean;
}) {
  if (field && fieldTypeCore(field.type)?.secret && typeof value === 'string' && value !== '')
    return html`<${MaskedValue} value=${value} label=${field.label} />`;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
  if (field && TYPED_ANSWERS.has(field.type) && !empty)
    return html`<${TypedAnswer} field=${field} value=${value} detail=${detail} />`;
  if (isFileValue(value)) return html`<${FileValue} file=${value} />`;
  const text = answerText(field, value);
  if (text === '') return html`<span class="muted">—</span>`;
  return html`<span class="answer">${showHidden ? html`<${WithHidden} text=${text} />` : text}</span>`;
}
