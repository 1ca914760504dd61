// How a form does, in words: rates as percentages, the biggest drop between steps, a duration. Pure
// functions over the stats report, so the overview's components only show what these say.

/** One step of the report: its id, title and how many sessions reached it. */
export interface StepReach {
  id: string;
  title: string;
  reached: number;
}

/** "42%" (whole percent), or "—" when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

/**
 * The sentence naming the step where most people stopped (the largest fall in `reached` from one step
 * to the next), or undefined when no step loses anyone.
 */
export function biggestDrop(steps: StepReach[]): string | undefined {
  let worst: { from: StepReach; to: StepReach; lost: number } | undefined;
  for (let i = 1; i < steps.length; i++) {
    const lost = steps[i - 1].reached - steps[i].reached;
    if (lost > 0 && (!worst || lost > worst.lost)) worst = { from: steps[i - 1], to: steps[i], lost };
  }
  if (!worst) return undefined;
  const who = worst.lost === 1 ? '1 person' : `${worst.lost.toLocaleString('en')} people`;
  return (
    `The biggest drop is after “${worst.from.title}”: ${who} (${percent(worst.lost, worst.from.reached)} of ` +
    `those who reached it) did not go on to “${worst.to.title}”.`
  );
}

/** "45 s", "2 min 5 s", "1 h 10 min". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const s = seconds % 60;
    return `${Math.floor(seconds / 60)} min${s ? ` ${s} s` : ''}`;
  }
  const m = Math.floor((seconds % 3600) / 60);
  return `${Math.floor(seconds / 3600)} h${m ? ` ${m} min` : ''}`;
}
