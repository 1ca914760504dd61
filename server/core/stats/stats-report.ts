// The answer of GET /v1/forms/{id}/stats, built from a form's daily counters over a range of days and
// its current definition (for the steps and their titles). Pure: no store, no clock.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import type { DailyCount } from '../store/types.ts';
import { medianSeconds } from './duration-buckets.ts';
import { type FunnelQuestion, FunnelTally } from './funnel-report.ts';
import { OTHER_SOURCE, SOURCES_PER_FORM_DAY } from './pending-counts.ts';
import { type DayRange, daysOf } from './stats-range.ts';

/** How a form does over a range of days (docs/api.md "Stats"). */
export interface StatsReport {
  from: string;
  to: string;
  views: number;
  starts: number;
  completions: number;
  /** Completions no page measured (the API, posts without JavaScript, imports): in `completions`, not in the rate. */
  completions_without_visit: number;
  /** Completions whose visit a page measured / starts, 3 decimals; null without starts. */
  completion_rate: number | null;
  median_seconds: number | null;
  steps: { id: string; title: string; reached: number }[];
  /** The funnel per question, in the definition's order (funnel-report.ts). */
  questions: FunnelQuestion[];
  sources: { source: string; views: number; completions: number }[];
  daily: { date: string; views: number; starts: number; completions: number }[];
}

/** Adds up `rows` (stored and not yet written alike) into the report for `range`. */
export function statsReport(rows: DailyCount[], definition: FormDefinition, range: DayRange): StatsReport {
  const daily = new Map(daysOf(range).map((date) => [date, { date, views: 0, starts: 0, completions: 0 }]));
  const reached = new Map<string, number>();
  const funnel = new FunnelTally();
  let withoutVisit = 0;
  const sources = new Map<string, { source: string; views: number; completions: number }>();
  const durations = new Map<string, number>();
  const source = (label: string) => {
    const s = sources.get(label) ?? { source: label, views: 0, completions: 0 };
    sources.set(label, s);
    return s;
  };
  for (const r of rows) {
    const day = daily.get(r.day);
    if (!day) continue;
    if (r.kind === 'view') {
      day.views += r.n;
      source(r.source).views += r.n;
    } else if (r.kind === 'start') day.starts += r.n;
    else if (r.kind === 'completion') {
      day.completions += r.n;
      // Completions that came without a page's hint (the API, posts without JavaScript) have no source.
      if (r.source !== '') source(r.source).completions += r.n;
      else withoutVisit += r.n;
    } else if (r.kind === 'step') reached.set(r.step, (reached.get(r.step) ?? 0) + r.n);
    else if (r.kind === 'duration') durations.set(r.step, (durations.get(r.step) ?? 0) + r.n);
    else funnel.add(r);
  }
  const days = [...daily.values()];
  const sum = (k: 'views' | 'starts' | 'completions') => days.reduce((a, d) => a + d[k], 0);
  const [views, starts, completions] = [sum('views'), sum('starts'), sum('completions')];
  return {
    from: range.from,
    to: range.to,
    views,
    starts,
    completions,
    completions_without_visit: withoutVisit,
    // Only completions a page measured: one by the API or without JavaScript had no start to be a share of.
    completion_rate: starts === 0 ? null : Math.round(((completions - withoutVisit) / starts) * 1000) / 1000,
    median_seconds: medianSeconds(durations),
    steps: (definition.steps ?? []).map((s) => ({ id: s.id, title: s.title, reached: reached.get(s.id) ?? 0 })),
    questions: funnel.questions(definition),
    sources: topSources([...sources.values()]),
    daily: days,
  };
}

/** Most views first (then completions, then name); past SOURCES_PER_FORM_DAY, the rest as one OTHER_SOURCE row. */
function topSources(all: StatsReport['sources']): StatsReport['sources'] {
  const sorted = all.sort(
    (a, b) => b.views - a.views || b.completions - a.completions || a.source.localeCompare(b.source),
  );
  const other = sorted.find((s) => s.source === OTHER_SOURCE) ?? { source: OTHER_SOURCE, views: 0, completions: 0 };
  const named = sorted.filter((s) => s !== other);
  if (named.length <= SOURCES_PER_FORM_DAY) return sorted;
  for (const s of named.slice(SOURCES_PER_FORM_DAY)) {
    other.views += s.views;
    other.completions += s.completions;
  }
  return [...named.slice(0, SOURCES_PER_FORM_DAY), other];
}
