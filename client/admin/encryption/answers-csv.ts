// The CSV of an encrypted form's answers, made in the owner's browser from the answers opened there (the server
// holds only ciphertext, so its CSV has one `encrypted` column). Columns as the panel's labelled download: the
// ID, when it came (UTC), then one column per field headed by its label, each value as the panel reads it
// (option labels, Yes/No, a matrix's rows on one line); cells escaped by the spec's rules (shared/text/csv-cell.ts).
import { csvRow } from '../../../shared/text/csv-cell.ts';
import { answerText } from '../submissions/answer.ts';
import type { FieldColumn } from '../types.ts';

/** One answer for the CSV: its values, or why they could not be read. */
export interface CsvAnswer {
  id: string;
  created_at: string;
  values?: Record<string, unknown>;
  unreadable?: string;
}

/** Headers by label; two that read the same (case aside) are told apart by a number, as the server's export does. */
function headers(fields: FieldColumn[]): string[] {
  const taken = new Set<string>();
  return ['ID', 'Submitted at (UTC)', ...fields.map((f) => f.label.replace(/\s+/g, ' ').trim() || f.key)].map(
    (base) => {
      let header = base;
      for (let n = 2; taken.has(header.toLowerCase()); n++) header = `${base} (${n})`;
      taken.add(header.toLowerCase());
      return header;
    },
  );
}

/** The CSV text (with a byte-order mark, so Excel on Windows reads accents right). */
export function answersCsv(fields: FieldColumn[], answers: CsvAnswer[]): string {
  const unreadable = answers.some((a) => a.unreadable);
  let text = `\uFEFF${csvRow([...headers(fields), ...(unreadable ? ['Not opened'] : [])])}`;
  for (const a of answers) {
    const cells: unknown[] = [a.id, a.created_at, ...fields.map((f) => answerText(f, a.values?.[f.key]))];
    if (unreadable) cells.push(a.unreadable ?? '');
    text += csvRow(cells);
  }
  return text;
}
