// The answer-tallies area of the Store: each form's answers counted per day and counter
// (stats/answer-tally.ts `answerCounters`), kept up to a place of the form's answer chain, so a summary
// sums a few rows instead of reading every answer (ARCHITECTURE.md "What owners do with answers" › Summary).

/**
 * How far a form's answers are counted: up to its chain's place `pos`, with the fields' kinds of `kinds` (a
 * text: a field whose kind changes in a new version is counted again from the start).
 */
export interface TallyMark {
  pos: number;
  kinds: string;
}

/** A counter's sum over the days asked for. */
export interface TallySum {
  field: string;
  counter: string;
  n: number;
}

/** Counts to add for one day: `field` '' holds the answers' own count (counter 'a'). */
export interface TallyCount {
  day: string;
  field: string;
  counter: string;
  n: number;
}

/** A text answer kept for "latest": its day and chain place order it. */
export interface TallyText {
  day: string;
  field: string;
  pos: number;
  text: string;
}

/** What one page of a count adds: counts, texts, and the deleted answers it found already taken back. */
export interface TallyPage {
  counts: TallyCount[];
  texts: TallyText[];
  /** Answers whose deletion the count met that `submissions.delete` had taken back (their notes are dropped). */
  taken: string[];
}

/** `store.tallies`: counts derived from each form's chain, never copied between stores (they are counted again). */
export interface TallyQueries {
  /** How far the form's answers are counted: undefined when none are. */
  mark(formId: string): Promise<TallyMark | undefined>;
  /**
   * Adds the page's counts and texts, drops its `taken` notes and moves the mark from `from` (undefined: none) to
   * `to`, in one write; keeps at most `keepTexts` texts per field and day (the newest). Answers false and writes
   * nothing when the mark is no longer `from` (another instance counted meanwhile).
   */
  add(formId: string, from: TallyMark | undefined, to: TallyMark, page: TallyPage, keepTexts: number): Promise<boolean>;
  /**
   * Which of `answerIds` `submissions.delete` took back from the counts (it subtracts an answer deleted after it
   * was counted, and notes it, so a count meeting its deletion link knows the sums are already right).
   */
  taken(formId: string, answerIds: string[]): Promise<string[]>;
  /**
   * Forgets the form's counts, texts and notes (an answer already counted was changed): mark() answers
   * undefined again, and the form stays among those behind() lists until it is counted anew.
   */
  reset(formId: string): Promise<void>;
  /**
   * Forms counted before (a summary was asked for) whose chain has links past their mark, at most `limit`: the
   * ones the background count keeps up to date (forms no one summarizes are counted at their first summary).
   */
  behind(limit: number): Promise<string[]>;
  /** Each counter's sum over the days from `fromDay` to `toDay` (both included; YYYY-MM-DD). */
  sums(formId: string, fromDay: string, toDay: string): Promise<TallySum[]>;
  /** The kept texts of those days, newest first (by day, then chain place). */
  texts(formId: string, fromDay: string, toDay: string): Promise<Omit<TallyText, 'day'>[]>;
}
