// What one answer's PDF says: the form's title, when the answer came, then every question of the form by its
// newest label with the answer as people read it (option labels, Yes/No, files by name and size, a rating
// "4 / 5"). A type may draw more than text (answer-types/): a matrix as a table, a ranking as a numbered list, a
// signature as its image, read from the file store. A password is masked as in the response mail: a PDF is
// printed and passed around.
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { formatSize } from '../../../shared/text/format-size.ts';
import type { AnswerPdf, AnswerPdfItem } from '../../lib/pdf/answer-pdf.ts';
import { cellText } from '../../lib/csv.ts';
import { answerOutput } from '../answer-types/registry.ts';
import { MASKED } from '../mail/answers-text.ts';
import type { SubmissionRecord } from '../store/types.ts';
import type { FieldColumn } from '../submission-fields.ts';
import { labelledValue } from './export-values.ts';
import { isFileAnswer } from './file-answer.ts';

/** What an unanswered question shows, as in the panel. */
export const NO_ANSWER = '—';

/** Reads an image file's bytes for the PDF (a PNG or JPEG of the form), or undefined when it cannot be drawn. */
export type PdfImageReader = (fileId: string) => Promise<Uint8Array | undefined>;

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One answer as the PDF's text. */
export function answerPdfText(field: FieldColumn | undefined, value: unknown): string {
  if (empty(value)) return NO_ANSWER;
  if (field && fieldTypeCore(field.type)?.secret) return MASKED;
  const typed = field && answerOutput(field.type)?.text;
  if (typed) return typed(field, value);
  const one = (v: unknown) =>
    isFileAnswer(v)
      ? typeof v.size === 'number'
        ? `${v.name} (${formatSize(v.size)})`
        : v.name
      : cellText(labelledValue(field, v));
  return Array.isArray(value) ? value.map(one).join('; ') : one(value);
}

/** One answer as the PDF's item: its text, and the table, list or image its type draws. */
async function answerItem(field: FieldColumn, value: unknown, readImage: PdfImageReader): Promise<AnswerPdfItem> {
  const item: AnswerPdfItem = { label: field.label, text: answerPdfText(field, value) };
  const draw = !empty(value) && answerOutput(field.type)?.pdf;
  if (!draw) return item;
  const shown = draw(field, value);
  if (shown.kind === 'table' && shown.rows.length) item.table = shown.rows;
  if (shown.kind === 'list' && shown.items.length) item.list = shown.items;
  if (shown.kind === 'image') {
    const image = await readImage(shown.fileId);
    // Without its bytes (deleted, not an image) the signature is named as a file is.
    if (image) item.image = image;
  }
  return item;
}

/** `2026-11-20 10:03 UTC`: the same instant for every reader, wherever the server runs. */
const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The PDF's content for one submission of a form whose columns (every version's fields) are `fields`. */
export async function answerPdfContent(
  title: string,
  fields: FieldColumn[],
  sub: SubmissionRecord,
  readImage: PdfImageReader = async () => undefined,
): Promise<AnswerPdf> {
  const known = new Set(fields.map((f) => f.key));
  const items = await Promise.all(fields.map((f) => answerItem(f, sub.values[f.key], readImage)));
  // Answers under keys no version names (should not happen) are still shown, by key, as in the panel.
  for (const [key, value] of Object.entries(sub.values))
    if (!known.has(key)) items.push({ label: key, text: answerPdfText(undefined, value) });
  return {
    title,
    meta: [`Submitted ${utcTime(sub.createdAt)}`, `Form version ${sub.formVersion}`, `Submission ${sub.id}`],
    items,
  };
}
