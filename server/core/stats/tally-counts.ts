// What one stored answer adds to its form's counts (store.tallies): the counters of each counted field
// (answer-tally.ts `answerCounters`) on the answer's day, and its text answers for "latest". The count adds
// them (stats/tally-fold.ts); a deletion of an answer already counted takes them back in the deleting write
// (store/*/submissions.ts), from the fields' kinds the mark was counted with.
import type { TallyCount, TallyMark, TallyText } from '../store/types.ts';
import { type AnswerTally, answerCounters, TEXT_PREVIEW_MAX } from './answer-tally.ts';

/** The counted fields' keys and kinds, as a mark records them (JSON). */
export type TallyKinds = [string, AnswerTally['kind']][];

/** A stored answer as a count reads it: its place in the chain, its time and values. */
export interface CountedAnswer {
  id: string;
  pos: number;
  at: string;
  values: Record<string, unknown>;
}

/** Calls `count` for each counter the answer adds 1 to (field '' counter 'a': the answer), `text` for each text. */
export function eachCount(
  kinds: TallyKinds,
  answer: CountedAnswer,
  count: (day: string, field: string, counter: string) => void,
  text: (t: TallyText) => void,
): void {
  const day = answer.at.slice(0, 10);
  count(day, '', 'a');
  for (const [key, kind] of kinds) {
    const value = answer.values[key];
    if (kind === 'text' && typeof value === 'string' && value !== '')
      text({ day, field: key, pos: answer.pos, text: value.slice(0, TEXT_PREVIEW_MAX) });
    for (const counter of answerCounters(kind, value) ?? []) count(day, key, counter);
  }
}

/** Counts summed per day, field and counter: what a page of a count adds (1 each) or a deletion takes back (-1). */
export class CountSums {
  private readonly sums = new Map<string, TallyCount>();

  constructor(private readonly by: 1 | -1) {}

  add = (day: string, field: string, counter: string) => {
    const key = `${day}\u0000${field}\u0000${counter}`;
    const c = this.sums.get(key) ?? { day, field, counter, n: 0 };
    c.n += this.by;
    this.sums.set(key, c);
  };

  list(): TallyCount[] {
    return [...this.sums.values()];
  }
}

/** A stored answer being deleted: its values still as their stored JSON (read only if it was counted). */
export type DeletedAnswer = Omit<CountedAnswer, 'values'> & { data: string };

/**
 * What deleting `answers` takes back from counts made up to `mark`: each answer counted (its place at or before the
 * mark) subtracts its counters and its kept texts (by place), and is noted as taken. Answers past the mark were
 * not counted yet: the count will find them deleted.
 */
export function takeBack(
  mark: TallyMark,
  answers: DeletedAnswer[],
): { counts: TallyCount[]; texts: Omit<TallyText, 'text'>[]; taken: string[] } {
  const kinds = JSON.parse(mark.kinds) as TallyKinds;
  const counts = new CountSums(-1);
  const texts: Omit<TallyText, 'text'>[] = [];
  const taken: string[] = [];
  for (const answer of answers) {
    if (answer.pos > mark.pos) continue;
    taken.push(answer.id);
    const counted = { ...answer, values: JSON.parse(answer.data) as Record<string, unknown> };
    eachCount(kinds, counted, counts.add, ({ day, field, pos }) => texts.push({ day, field, pos }));
  }
  return { counts: counts.list(), texts, taken };
}
