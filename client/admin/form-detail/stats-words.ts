// How a form does, in words: rates as percentages, where people stopped, a duration. Pure functions over
// the stats report, so the overview's components only show what these say.

/** One question of the report's funnel: how many it was shown to, and of them who went on or stopped. */
export interface QuestionReach {
  key: string;
  label: string;
  reached: number;
  answered: number;
  skipped: number;
  stopped: number;
}

/** The questions where people stopped named in the overview's sentence: the most first. */
export const STOPS_NAMED = 3;

/** "42%" (whole percent), or "—" when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

/**
 * The real quits, most first: "3 people stopped at “How likely…” (27% of those who saw it)" for each of the
 * STOPS_NAMED questions where most people stopped; empty when no one stopped on any. People a route or a
 * condition sent past a question never saw it, so they are in no count here.
 */
export function stopsInWords(questions: QuestionReach[]): string[] {
  return questions
    .filter((q) => q.stopped > 0)
    .sort((a, b) => b.stopped - a.stopped)
    .slice(0, STOPS_NAMED)
    .map((q) => {
      const who = q.stopped === 1 ? '1 person' : `${q.stopped.toLocaleString('en')} people`;
      return `${who} stopped at “${q.label}” (${percent(q.stopped, q.reached)} of those who saw it)`;
    });
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
