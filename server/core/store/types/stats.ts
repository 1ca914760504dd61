// The counting area of the Store: daily counters of a form's views, starts, steps, completions and
// durations (ARCHITECTURE.md "Knowing how a form does"). They hold no personal data: no session, no
// address, no answer; only how many, per form, UTC day, kind, step and source.

/**
 * What a counter counts. `view`, `start` and `step` come from the pages' events, and so do `reached`,
 * `answered` and `skipped` (the funnel per question, `step` holding the question's key); `completion` and
 * `duration` from stored submissions (`duration`: a histogram of seconds from start to completion,
 * `step` holding the bucket's upper bound; a completion's `source` is '' when no page measured its visit).
 */
export type CountKind = 'view' | 'start' | 'step' | 'reached' | 'answered' | 'skipped' | 'completion' | 'duration';

/** One counter, or one delta to add to it: `step` and `source` are '' where the kind has none. */
export interface DailyCount {
  formId: string;
  /** A UTC day, `YYYY-MM-DD`. */
  day: string;
  kind: CountKind;
  step: string;
  source: string;
  n: number;
}

/** `store.formStats`: the daily counters, written in batches (additive, so every instance adds its own). */
export interface FormStatsQueries {
  /**
   * Adds each row's `n` to its counter (made at 0 when missing) in one write; rows of forms that do not exist
   * (deleted meanwhile) are dropped. Adding is safe from many writers at once: no count is lost.
   * `landed` is called once, as soon as a read sees the rows (sql.js: when the write has run in memory, before
   * it is on disk; PostgreSQL: at commit), so whoever keeps them in memory meanwhile stops counting them there.
   */
  add(rows: DailyCount[], landed?: () => void): Promise<void>;
  /** The counters of one form from `fromDay` to `toDay`, both included (`YYYY-MM-DD`), in no particular order. */
  range(formId: string, fromDay: string, toDay: string): Promise<DailyCount[]>;
}
