// The CSV of an encrypted form's answers, made in the owner's browser from the answers opened there (the server
// holds only ciphertext, so its CSV has one `encrypted` column). Columns as the panel's labelled download: the
// ID, when it came (UTC), then one column per field headed by its label, each value as the panel reads it
// (option labels, Yes/No, a matrix's rows on one line); cells escaped by the spec's rules (shared/text/csv-cell.ts).
import { csvRow } from '../../../shared/text/csv-cell.ts';
import { answerText } from '../submissions/answer.ts';
import { trpc } from '../trpc.ts';
import type { FieldColumn } from '../types.ts';
import type { Submission } from '../use-live-submissions.ts';
import { envelopeOf, openEnvelope } from './opened-answers.ts';

/** Answers read a page at a time for the CSV: the panel's largest page. */
const PAGE = 100;

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

/** Every answer matching the filters, oldest first, opened with the keys unlocked in this tab. */
export async function openedAnswers(
  query: { formId: string; filter?: string; tag?: string; status?: string },
  onProgress: (done: number) => void,
): Promise<{ fields: FieldColumn[]; answers: CsvAnswer[] }> {
  const answers: CsvAnswer[] = [];
  let fields: FieldColumn[] = [];
  let cursor: string | undefined;
  do {
    const page = await trpc.submissions.page.query({ ...query, order: 'oldest', limit: PAGE, cursor });
    fields = page.fields;
    for (const s of page.submissions as Submission[]) {
      const envelope = envelopeOf(s);
      if (!envelope) {
        answers.push({ id: s.id, created_at: s.created_at, values: s.values });
        continue;
      }
      const opened = await openEnvelope(query.formId, envelope);
      answers.push({
        id: s.id,
        created_at: s.created_at,
        ...(opened.state === 'open'
          ? { values: opened.values }
          : { unreadable: opened.state === 'locked' ? `encrypted for key ${opened.keyId}` : opened.reason }),
      });
    }
    onProgress(answers.length);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { fields, answers };
}
