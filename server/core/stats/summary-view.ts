// The answers summary as the API and MCP show it (ARCHITECTURE.md "What owners do with answers" › Summary):
// `{from, to, total, sampled, questions: [{key, label, type, answered, ...}]}` with each question's own figures.
// The panel reads the same summary with its `kind`, which the API leaves out (the type says it).
import type { FormRecord } from '../store/types.ts';
import type { FormSummary, QuestionSummaries } from './question-summary.ts';
import { statsRange } from './stats-range.ts';

/** The API's summary: the days read, how many answers, and one entry per current question. */
export interface SummaryView {
  from: string;
  to: string;
  total: number;
  sampled: boolean;
  questions: Record<string, unknown>[];
}

/** A summary without the panel's `kind` and its count of answers read. */
function view(range: { from: string; to: string }, summary: FormSummary): SummaryView {
  return {
    ...range,
    total: summary.total,
    // Every answer of the range is counted: kept for readers of the earlier summary, which read a sample.
    sampled: false,
    questions: summary.questions.map(({ kind: _kind, ...question }) => question),
  };
}

/** GET /v1/forms/{id}/summary and get_form_summary: the stats' date rules (400 naming a bad `from` or `to`). */
export async function answersSummary(
  summaries: QuestionSummaries,
  form: FormRecord,
  from: string | null | undefined,
  to: string | null | undefined,
  now = Date.now(),
): Promise<SummaryView> {
  const range = statsRange(from, to, now);
  return view(range, await summaries.summarize(form, range));
}
