// A summary per question of a form's stored answers (stats/answer-tally.ts), for the panel's overview and
// GET /v1/forms/{id}/summary: read newest first over at most SUMMARY_MAX_ANSWERS answers (of a range of
// days when given, the stats' date rules), so a form with millions of answers costs a bounded read.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { allFields } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, Store } from '../store/types.ts';
import { labelForAll } from '../submission-fields.ts';
import { encryptedConflict, isEncrypted } from '../encryption/setting.ts';
import { type AnswerTally, Tally } from './answer-tally.ts';
import type { DayRange } from './stats-range.ts';

export { LATEST_TEXTS, TEXT_PREVIEW_MAX } from './answer-tally.ts';
export type { AnswerTally } from './answer-tally.ts';

/** Answers read for a summary: the newest this many (of the range). */
export const SUMMARY_MAX_ANSWERS = 10_000;
/** Answers looked at for a range (newer ones are passed over; checked between pages): the bound on one read. */
export const SUMMARY_MAX_SCANNED = 50_000;

const PAGE = 500;

/** One question's summary. */
export type QuestionSummary = { key: string; label: string; type: string } & AnswerTally;

/** The summary of a form: how many answers were read (of how many stored) and one entry per current field. */
export interface FormSummary {
  answers: number;
  total: number;
  /**
   * Whether answers were left unread: past the newest SUMMARY_MAX_ANSWERS, or (with a range) past the
   * SUMMARY_MAX_SCANNED answers looked at before the range's end was reached.
   */
  sampled: boolean;
  questions: QuestionSummary[];
}

/**
 * Computes per-question summaries over the stored answers. A summary reads up to 20 pages; the embedded store
 * reads a page without a turn of the event loop, so it takes a turn between pages itself, and asks made while
 * the same form's summary (same range) is being computed share it: four members opening one overview blocked
 * the server for over a second before (issue 38).
 */
export class QuestionSummaries {
  private readonly running = new Map<string, Promise<FormSummary>>();

  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly limits = { answers: SUMMARY_MAX_ANSWERS, scanned: SUMMARY_MAX_SCANNED },
  ) {}

  /** The summary of the form's current fields over its newest answers (of `range` when given). */
  summarize(form: FormRecord, range?: DayRange): Promise<FormSummary> {
    // The server cannot read an encrypted form's answers: 409 rather than a summary of nothing.
    if (isEncrypted(form)) return Promise.reject(encryptedConflict('summarise'));
    const key = `${form.id}\u0000${form.version}\u0000${range ? `${range.from}/${range.to}` : ''}`;
    let summary = this.running.get(key);
    if (!summary) {
      summary = this.compute(form, range).finally(() => this.running.delete(key));
      this.running.set(key, summary);
    }
    return summary;
  }

  private async compute(form: FormRecord, range?: DayRange): Promise<FormSummary> {
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    // A statement has no answer to sum up.
    const fields = allFields(definition).filter((f) => !fieldTypeCore(f.type)?.noAnswer);
    const tallies = fields.map((f) => new Tally(f));
    // The range's ends as stored times compare (RFC 3339 UTC, milliseconds): both days included.
    const after = range && `${range.from}T00:00:00.000Z`;
    const before = range && `${range.to}T23:59:59.999Z`;
    let read = 0;
    let scanned = 0;
    // Whether the range holds answers past the ones read, and whether the read reached the range's end.
    let more = false;
    let ended = false;
    let cursor: number | undefined;
    const max = this.limits.answers;
    reading: while (scanned < this.limits.scanned) {
      if (scanned > 0) await nextTurn();
      const page = await this.store.submissions.page(form.id, PAGE, cursor);
      for (const s of page) {
        scanned++;
        if (before && s.createdAt > before) continue;
        if (after && s.createdAt < after) {
          ended = true;
          break reading;
        }
        if (read === max) {
          more = true;
          break reading;
        }
        for (const [i, f] of fields.entries()) tallies[i].add(s.values[f.key]);
        // Without a range the stored count says whether more exist: no page is read to find out.
        if (++read === max && !range) break reading;
      }
      if (page.length < PAGE) {
        ended = true;
        break;
      }
      cursor = page[page.length - 1].seq;
    }
    const total = range ? read : await this.store.submissions.count(form.id);
    return {
      answers: read,
      total,
      sampled: range ? more || !ended : read < total,
      questions: fields.map(
        (f, i): QuestionSummary => ({
          key: f.key,
          label: labelForAll(definition, f.label),
          type: f.type,
          ...tallies[i].result(),
        }),
      ),
    };
  }
}
