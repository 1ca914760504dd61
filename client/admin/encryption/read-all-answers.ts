// Every answer of a form matching the filters, read page by page through the panel's channel and opened in this
// browser with the keys unlocked in this tab: what the in-browser CSV (answers-csv.ts) is made from.
import { trpc } from '../trpc.ts';
import type { FieldColumn } from '../types.ts';
import type { Submission } from '../use-live-submissions.ts';
import type { CsvAnswer } from './answers-csv.ts';
import { envelopeOf, openEnvelope } from './opened-answers.ts';

/** Answers read a page at a time for the CSV: the panel's largest page. */
const PAGE = 100;

/** One answer for the CSV: stored in the clear, opened, or why it could not be opened. */
async function csvAnswer(formId: string, s: Submission): Promise<CsvAnswer> {
  const envelope = envelopeOf(s);
  if (!envelope) return { id: s.id, created_at: s.created_at, values: s.values };
  const opened = await openEnvelope(formId, envelope);
  if (opened.state === 'open') return { id: s.id, created_at: s.created_at, values: opened.values };
  const why = opened.state === 'locked' ? `encrypted for key ${opened.keyId}` : opened.reason;
  return { id: s.id, created_at: s.created_at, unreadable: why };
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
    // A page's answers are opened side by side: WebCrypto works off the main thread.
    answers.push(...(await Promise.all((page.submissions as Submission[]).map((s) => csvAnswer(query.formId, s)))));
    onProgress(answers.length);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { fields, answers };
}
