// What one answer's PDF says: the form's title, when the answer came, then every question of the form by its
// newest label with the answer as people read it (option labels, Yes/No, files by name and size). A password is
// masked as in the response mail: a PDF is printed and passed around.
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import type { AnswerPdf } from '../../lib/pdf/answer-pdf.ts';
import { cellText } from '../../lib/csv.ts';
import { MASKED } from '../mail/answers-text.ts';
import type { SubmissionRecord } from '../store/types.ts';
import type { FieldColumn } from '../submission-fields.ts';
import { isFileAnswer, labelledValue } from './export-values.ts';

/** What an unanswered question shows, as in the panel. */
export const NO_ANSWER = '—';

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One answer as the PDF's text. */
export function answerPdfText(field: FieldColumn | undefined, value: unknown): string {
  if (empty(value)) return NO_ANSWER;
  if (field && fieldTypeCore(field.type)?.secret) return MASKED;
  const one = (v: unknown) =>
    isFileAnswer(v)
      ? typeof v.size === 'number'
        ? `${v.name} (${formatSize(v.size)})`
        : v.name
      : cellText(labelledValue(field, v));
  return Array.isArray(value) ? value.map(one).join('; ') : one(value);
}

/** `2026-11-20 10:03 UTC`: the same instant for every reader, wherever the server runs. */
const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The PDF's content for one submission of a form whose columns (every version's fields) are `fields`. */
export function answerPdfContent(title: string, fields: FieldColumn[], sub: SubmissionRecord): AnswerPdf {
  const known = new Set(fields.map((f) => f.key));
  const items = fields.map((f) => ({ label: f.label, text: answerPdfText(f, sub.values[f.key]) }));
  // Answers under keys no version names (should not happen) are still shown, by key, as in the panel.
  for (const [key, value] of Object.entries(sub.values))
    if (!known.has(key)) items.push({ label: key, text: answerPdfText(undefined, value) });
  return {
    title,
    meta: [`Submitted ${utcTime(sub.createdAt)}`, `Form version ${sub.formVersion}`, `Submission ${sub.id}`],
    items,
  };
}
