// A summary per question of a form's stored answers (stats/answer-tally.ts), for the panel's overview and
// GET /v1/forms/{id}/summary: the answers are counted per day as they come (stats/tally-fold.ts, when a
// summary is asked for), so a summary of a million answers sums a few hundred rows and is exact.
import { allFields } from '../../../shared/engine/index.ts';
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, Store } from '../store/types.ts';
import { labelForAll } from '../submission-fields.ts';
import { encryptedConflict, isEncrypted } from '../encryption/setting.ts';
import { type AnswerTally, Tally } from './answer-tally.ts';
import type { DayRange } from './stats-range.ts';
import { countedFields, foldTallies } from './tally-fold.ts';

export { LATEST_TEXTS, TEXT_PREVIEW_MAX } from './answer-tally.ts';
export type { AnswerTally } from './answer-tally.ts';

/** The days a summary without a range covers: every day an answer can carry. */
const ALL_DAYS: DayRange = { from: '0000-01-01', to: '9999-12-31' };

/** Forms the background count brings up to date per run. */
export const BEHIND_PER_RUN = 100;

/** One question's summary. */
export type QuestionSummary = { key: string; label: string; type: string } & AnswerTally;

/** The summary of a form: how many answers it sums up and one entry per current field. */
export interface FormSummary {
  total: number;
  questions: QuestionSummary[];
}

/**
 * Computes per-question summaries from the counted answers. Asks for one form share its count (four members
 * opening one overview count its new answers once), and asks made while the same summary is being made share it.
 */
export class QuestionSummaries {
  private readonly running = new Map<string, Promise<FormSummary>>();
  private readonly folding = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
  ) {}

  /** The summary of the form's current fields over its answers (of `range` when given). */
  summarize(form: FormRecord, range?: DayRange): Promise<FormSummary> {
    // The server cannot read an encrypted form's answers: 409 rather than a summary of nothing.
    if (isEncrypted(form)) return Promise.reject(encryptedConflict('summarise'));
    const key = `${form.id}\u0000${form.version}\u0000${range ? `${range.from}/${range.to}` : ''}`;
    let summary = this.running.get(key);
    if (!summary) {
      summary = this.compute(form, range ?? ALL_DAYS).finally(() => this.running.delete(key));
      this.running.set(key, summary);
    }
    return summary;
  }

  /**
   * Counts the new answers of forms summarized before (the background job, so the next summary finds them
   * counted), at most `limit` forms; answers how many were counted.
   */
  async countBehind(limit = BEHIND_PER_RUN): Promise<number> {
    let counted = 0;
    for (const id of await this.store.tallies.behind(limit)) {
      const form = await this.store.forms.byId(id);
      if (!form) continue;
      await this.fold(form);
      counted++;
    }
    return counted;
  }

  /** Counts the form's new answers, once at a time per form. */
  private fold(form: FormRecord): Promise<void> {
    let fold = this.folding.get(form.id);
    if (!fold) {
      fold = foldTallies(this.store, this.definitions, form).finally(() => this.folding.delete(form.id));
      this.folding.set(form.id, fold);
    }
    return fold;
  }

  private async compute(form: FormRecord, range: DayRange): Promise<FormSummary> {
    await this.fold(form);
    const definition = await this.definitions.get(form.id, form.version);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    const { fields } = countedFields(allFields(definition));
    const tallies = new Map(fields.map((f) => [f.key, new Tally(f)]));
    let total = 0;
    for (const s of await this.store.tallies.sums(form.id, range.from, range.to)) {
      if (s.field === '') total += s.counter === 'a' ? s.n : 0;
      else tallies.get(s.field)?.add(s.counter, s.n);
    }
    for (const t of await this.store.tallies.texts(form.id, range.from, range.to))
      tallies.get(t.field)?.addText(t.text);
    return {
      total,
      questions: fields.map(
        (f): QuestionSummary => ({
          key: f.key,
          label: labelForAll(definition, f.label),
          type: f.type,
          ...(tallies.get(f.key) as Tally).result(),
        }),
      ),
    };
  }
}
