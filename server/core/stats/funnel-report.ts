// The funnel per question (ARCHITECTURE.md "Funnel per question, branch-aware"): for each question of the
// current definition, how many people it was shown to (`reached`), and how many of them went on from it
// with an answer (`answered`) or without one (`skipped`, an optional question passed over). The rest of
// those who reached it stopped there. Counted from the pages' events only, so a person a route or a
// show-condition sent elsewhere never reached the question and is never counted as lost on it.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { funnelQuestions } from '../../../shared/engine/funnel-questions.ts';
import type { DailyCount } from '../store/types.ts';
import { labelForAll } from '../submission-fields.ts';

/** One question of the funnel. */
export interface FunnelQuestion {
  key: string;
  /** The label as people saw it (a piped `{{key}}` reads "@Question"), else the key. */
  label: string;
  type: string;
  reached: number;
  answered: number;
  skipped: number;
  /** Reached and never went on: reached - answered - skipped, never below 0. */
  stopped: number;
}

/** Adds up the question counters of a range of days. */
export class FunnelTally {
  private readonly counts = new Map<string, { reached: number; answered: number; skipped: number }>();

  /** Adds one counter; rows of other kinds are ignored. */
  add(r: DailyCount) {
    if (r.kind !== 'reached' && r.kind !== 'answered' && r.kind !== 'skipped') return;
    const c = this.counts.get(r.step) ?? { reached: 0, answered: 0, skipped: 0 };
    this.counts.set(r.step, c);
    c[r.kind] += r.n;
  }

  /** The questions of `definition` in its order, with their counts (0 for those no one reached). */
  questions(definition: FormDefinition): FunnelQuestion[] {
    return funnelQuestions(definition).map((f) => {
      const { reached, answered, skipped } = this.counts.get(f.key) ?? { reached: 0, answered: 0, skipped: 0 };
      const label = labelForAll(definition, f.label).trim() || f.key;
      return {
        key: f.key,
        label,
        type: f.type,
        reached,
        answered,
        skipped,
        // Across days a person may reach a question before midnight and leave it after: never below 0.
        stopped: Math.max(0, reached - answered - skipped),
      };
    });
  }
}
