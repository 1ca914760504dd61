// A summary per question of a form's stored answers, for the panel's overview: how often each option
// was chosen, min/median/max of numbers, the latest texts. Read newest first over at most
// SUMMARY_MAX_ANSWERS answers, so a form with millions of answers costs a bounded read.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { allFields } from '../../../shared/engine/index.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, Store } from '../store/types.ts';

/** Answers read for a summary: the newest this many. */
export const SUMMARY_MAX_ANSWERS = 10_000;

/** Latest texts shown per text question, and the characters kept of each. */
export const LATEST_TEXTS = 5;
export const TEXT_PREVIEW_MAX = 200;

const PAGE = 500;

/** What a question's answers add up to, by the kind of question; `answered` counts those that hold a value. */
export type AnswerTally = { answered: number } & (
  | { kind: 'choice'; options: { value: string; label: string; count: number }[] }
  | { kind: 'number'; min: number | null; median: number | null; max: number | null }
  | { kind: 'text'; latest: string[] }
  | { kind: 'count' }
);

/** One question's summary. */
export type QuestionSummary = { key: string; label: string; type: string } & AnswerTally;

/** The summary of a form: how many answers were read (of how many stored) and one entry per current field. */
export interface FormSummary {
  answers: number;
  total: number;
  questions: QuestionSummary[];
}

const answered = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Computes per-question summaries over the stored answers. A summary reads up to 20 pages; the embedded store
 * reads a page without a turn of the event loop, so it takes a turn between pages itself, and asks made while
 * the same form's summary is being computed share it: four members opening one overview blocked the server
 * for over a second before (issue 38).
 */
export class QuestionSummaries {
  private readonly running = new Map<string, Promise<FormSummary>>();

  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
  ) {}

  /** The summary of the form's current fields over its newest SUMMARY_MAX_ANSWERS answers. */
  summarize(form: FormRecord): Promise<FormSummary> {
    const key = `${form.id}\u0000${form.version}`;
    let summary = this.running.get(key);
    if (!summary) {
      summary = this.compute(form).finally(() => this.running.delete(key));
      this.running.set(key, summary);
    }
    return summary;
  }

  private async compute(form: FormRecord): Promise<FormSummary> {
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const fields = allFields(definition);
    const tallies = fields.map(
      (f) =>
        new Tally(
          f.type,
          f.options?.map((o) => ({ value: String(o.value), label: o.label })),
        ),
    );
    let read = 0;
    let cursor: number | undefined;
    while (read < SUMMARY_MAX_ANSWERS) {
      if (read > 0) await nextTurn();
      const page = await this.store.submissions.page(form.id, Math.min(PAGE, SUMMARY_MAX_ANSWERS - read), cursor);
      for (const s of page) for (const [i, f] of fields.entries()) tallies[i].add(s.values[f.key]);
      read += page.length;
      if (page.length < PAGE) break;
      cursor = page[page.length - 1].seq;
    }
    return {
      answers: read,
      total: await this.store.submissions.count(form.id),
      questions: fields.map(
        (f, i): QuestionSummary => ({ key: f.key, label: f.label, type: f.type, ...tallies[i].result() }),
      ),
    };
  }
}

/** What one field's answers add up to, newest answer first. */
class Tally {
  private answered = 0;
  private readonly counts = new Map<string, number>();
  private readonly numbers: number[] = [];
  private readonly texts: string[] = [];
  private readonly kind: AnswerTally['kind'];

  constructor(
    type: string,
    private readonly options: { value: string; label: string }[] = [],
  ) {
    const core = fieldTypeCore(type);
    this.kind = core?.options || core?.fromText === 'boolean' ? 'choice' : (core?.summary ?? 'count');
    if (core?.fromText === 'boolean')
      this.options = [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ];
  }

  add(value: unknown) {
    if (!answered(value)) return;
    this.answered++;
    if (this.kind === 'choice')
      for (const v of Array.isArray(value) ? value : [value])
        this.counts.set(String(v), (this.counts.get(String(v)) ?? 0) + 1);
    else if (this.kind === 'number' && typeof value === 'number') this.numbers.push(value);
    else if (this.kind === 'text' && this.texts.length < LATEST_TEXTS)
      this.texts.push(String(value).slice(0, TEXT_PREVIEW_MAX));
  }

  result(): AnswerTally {
    const base = { answered: this.answered };
    if (this.kind === 'choice') {
      // Every option in the definition's order, chosen or not; values no option names (options from a
      // provider, an option removed since) after them, most chosen first.
      const known = this.options.map((o) => ({ ...o, count: this.counts.get(o.value) ?? 0 }));
      const extra = [...this.counts]
        .filter(([v]) => !this.options.some((o) => o.value === v))
        .sort((a, b) => b[1] - a[1])
        .map(([value, count]) => ({ value, label: value, count }));
      return { ...base, kind: 'choice', options: [...known, ...extra] };
    }
    if (this.kind === 'number') {
      const sorted = [...this.numbers].sort((a, b) => a - b);
      const n = sorted.length;
      const median = n === 0 ? null : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
      return { ...base, kind: 'number', min: n ? sorted[0] : null, median, max: n ? sorted[n - 1] : null };
    }
    if (this.kind === 'text') return { ...base, kind: 'text', latest: this.texts };
    return { ...base, kind: 'count' };
  }
}
