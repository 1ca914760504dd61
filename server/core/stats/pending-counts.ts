// The daily counters not yet written: added to in memory on every event and completion (a Map update,
// nothing awaited), taken out in one batch by each flush. Bounded: a form's events only name its own
// step ids and question keys and at most SOURCE_ROWS_PER_FORM_DAY sources a day, so the rows are at most one
// per form, kind, step (or question) and source of today (and yesterday, around midnight).
import type { CountKind, DailyCount } from '../store/types.ts';

/** Sources kept apart per form and day; later new ones are counted together as OTHER_SOURCE. */
export const SOURCES_PER_FORM_DAY = 20;

/** The label counting every source past the first SOURCES_PER_FORM_DAY of a form's day. */
export const OTHER_SOURCE = 'other';

/**
 * At most this many sources of a form's day ever get a row of their own: the first SOURCES_PER_FORM_DAY, plus
 * later ones that overtook the least visited of them (the report shows the top SOURCES_PER_FORM_DAY).
 */
export const SOURCE_ROWS_PER_FORM_DAY = 2 * SOURCES_PER_FORM_DAY;

/** Later sources tallied per form and day while they wait to overtake; past it, the one-visit ones are dropped. */
const CANDIDATES_PER_FORM_DAY = 200;

const keyOf = (formId: string, day: string, kind: string, step: string, source: string) =>
  `${formId}\0${day}\0${kind}\0${step}\0${source}`;

/** Counts in memory, waiting for the next flush. */
export class PendingCounts {
  private rows = new Map<string, DailyCount>();
  /** The batch being written now: counted by reads until the store has it (then reads find it there). */
  private flushing: DailyCount[] = [];
  /** Whether the store has the batch being written (readable there, even if not yet on disk). */
  private inStore = false;
  /**
   * The sources given their own row, per form and day, with the visits each brought since (this process's
   * view since it started), and the later sources counted under OTHER_SOURCE with theirs.
   */
  private readonly admitted = new Map<string, Map<string, number>>();
  private readonly candidates = new Map<string, Map<string, number>>();
  private admittedDay = '';

  /** Adds `n` to one counter. */
  add(formId: string, day: string, kind: CountKind, step: string, source: string, n = 1) {
    const key = keyOf(formId, day, kind, step, source);
    const row = this.rows.get(key);
    if (row) row.n += n;
    else this.rows.set(key, { formId, day, kind, step, source, n });
  }

  /**
   * The label to count `source` under on `day`: itself while the form has fewer than SOURCES_PER_FORM_DAY
   * sources that day (in this process since it started), else OTHER_SOURCE until it has brought more visits
   * than the least visited source with a row (its earlier visits stay in OTHER_SOURCE). So a flood of
   * one-visit sources early in the day cannot keep a real source out of the top list (issue 38).
   */
  admit(formId: string, day: string, source: string): string {
    if (day > this.admittedDay) {
      // A new day: yesterday's lists are only needed for late completions of yesterday, kept one day.
      for (const lists of [this.admitted, this.candidates])
        for (const key of lists.keys()) if (key.slice(key.indexOf('\0') + 1) < dayBefore(day)) lists.delete(key);
      this.admittedDay = day;
    }
    const key = `${formId}\0${day}`;
    const seen = this.admitted.get(key) ?? new Map<string, number>();
    this.admitted.set(key, seen);
    const visits = seen.get(source);
    if (visits !== undefined || seen.size < SOURCES_PER_FORM_DAY) {
      seen.set(source, (visits ?? 0) + 1);
      return source;
    }
    const waiting = this.candidates.get(key) ?? new Map<string, number>();
    this.candidates.set(key, waiting);
    const tally = (waiting.get(source) ?? 0) + 1;
    if (seen.size < SOURCE_ROWS_PER_FORM_DAY && tally > Math.min(...seen.values())) {
      waiting.delete(source);
      seen.set(source, tally);
      return source;
    }
    waiting.set(source, tally);
    if (waiting.size > CANDIDATES_PER_FORM_DAY) for (const [s, n] of waiting) if (n === 1) waiting.delete(s);
    return OTHER_SOURCE;
  }

  /** Takes every waiting row out for writing; `landed` may follow, `settle` must, once the write has ended. */
  take(): DailyCount[] {
    this.flushing = [...this.rows.values()];
    this.inStore = false;
    this.rows = new Map();
    return this.flushing;
  }

  /**
   * The store has the batch being written: reads find it there from now on, so it is no longer counted here
   * (else a read between this and the end of the write would count it twice).
   */
  landed() {
    this.inStore = true;
    this.flushing = [];
  }

  /**
   * Ends a write: when it failed before the store had its rows, they wait for the next flush again (nothing is
   * lost to a passing error); rows the store took are never added twice.
   */
  settle(written: boolean) {
    if (!written && !this.inStore)
      for (const r of this.flushing) this.add(r.formId, r.day, r.kind, r.step, r.source, r.n);
    this.flushing = [];
  }

  /** The waiting rows of one form from `fromDay` to `toDay` (both included), for read-your-writes. */
  of(formId: string, fromDay: string, toDay: string): DailyCount[] {
    const mine = (r: DailyCount) => r.formId === formId && r.day >= fromDay && r.day <= toDay;
    return [...this.rows.values(), ...this.flushing].filter(mine).map((r) => ({ ...r }));
  }

  /** Drops whatever waits for a form that was deleted. */
  forget(formId: string) {
    for (const [key, r] of this.rows) if (r.formId === formId) this.rows.delete(key);
    for (const lists of [this.admitted, this.candidates])
      for (const key of lists.keys()) if (key.startsWith(`${formId}\0`)) lists.delete(key);
  }

  /** How many rows wait. */
  get size(): number {
    return this.rows.size;
  }
}

/** The UTC day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
