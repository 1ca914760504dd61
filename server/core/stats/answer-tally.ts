// What one question's stored answers add up to, by the kind of question (ARCHITECTURE.md "What owners do with
// answers" › Summary): choices counted per option; numbers, ratings, scales and nps as mean, median, min, max and
// a distribution (nps also its score); a matrix counted per row and column; a ranking as each option's mean
// position; texts as the latest few. Kept as counters per day (answerCounters), summed over a range.
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import type { FormField } from '../../../shared/engine/index.ts';
import { answerOutput } from '../answer-types/registry.ts';
import { pointRange } from '../../../shared/fields/point-range.ts';
import { fieldColumn } from '../submission-fields.ts';

/** Latest texts shown per text question, and the characters kept of each. */
export const LATEST_TEXTS = 5;
export const TEXT_PREVIEW_MAX = 200;

/** The nps bands: 9-10 promote, 7-8 are passive, 0-6 detract. */
export const NPS_PROMOTER_MIN = 9;
export const NPS_PASSIVE_MIN = 7;

type Option = { value: string; label: string };

/** Net Promoter Score: round(100 x (promoters - detractors) / answered), null without answers. */
export interface NpsScore {
  score: number | null;
  promoters: number;
  passives: number;
  detractors: number;
}

/** What a question's answers add up to, by the kind of question; `answered` counts those that hold a value. */
export type AnswerTally = { answered: number } & (
  | { kind: 'choice'; options: (Option & { count: number })[] }
  | {
      kind: 'number';
      mean: number | null;
      min: number | null;
      median: number | null;
      max: number | null;
      distribution: Record<string, number>;
      nps?: NpsScore;
    }
  | { kind: 'matrix'; columns: Option[]; rows: (Option & { columns: Record<string, number> })[] }
  | { kind: 'ranking'; options: (Option & { mean_position: number | null; ranked: number })[] }
  | { kind: 'text'; latest: string[] }
  | { kind: 'count' }
);

const answered = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A mean kept to two decimals, as people read it. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The kind a field's answers are tallied as: its outputs' own (answer-types/), else by its core. */
function kindOf(type: string): AnswerTally['kind'] {
  const own = answerOutput(type)?.summary;
  if (own) return own;
  const core = fieldTypeCore(type);
  return core?.options || core?.fromText === 'boolean' ? 'choice' : (core?.summary ?? 'count');
}

/** The kind a field's answers are tallied as, for the fold (stats/tally-fold.ts) and the result. */
export const tallyKind = kindOf;

/**
 * The counters one answer adds 1 to (ARCHITECTURE.md "Summary"): `a` (answered), then by kind `o<value>` per
 * chosen option, `n<number>`, `m[row,column]` per chosen cell, `r[option,position]` per ranked option (JSON: any
 * text may be a value, and PostgreSQL's text holds no NUL to separate them with).
 * Every figure of a summary is a sum of such counters, so counts kept per day add up over any range and a
 * summary of a million answers reads a few hundred rows (stats/question-summary.ts). Undefined: no answer.
 */
export function answerCounters(kind: AnswerTally['kind'], value: unknown): string[] | undefined {
  if (!answered(value)) return undefined;
  const out = ['a'];
  if (kind === 'choice') for (const v of Array.isArray(value) ? value : [value]) out.push(`o${String(v)}`);
  else if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) out.push(`n${value}`);
  else if (kind === 'matrix' && isRecord(value))
    for (const [row, chosen] of Object.entries(value))
      for (const c of Array.isArray(chosen) ? chosen : answered(chosen) ? [chosen] : [])
        out.push(`m${JSON.stringify([row, String(c)])}`);
  else if (kind === 'ranking' && Array.isArray(value))
    for (const [i, v] of value.entries()) out.push(`r${JSON.stringify([String(v), i + 1])}`);
  return out;
}

/** What one field's answers add up to, from its counters' sums and its latest texts. */
export class Tally {
  private answered = 0;
  private readonly counts = new Map<string, number>();
  /** Numbers given and how often, for the mean, median and distribution. */
  private readonly numbers = new Map<number, number>();
  private readonly texts: string[] = [];
  private readonly cells = new Map<string, Map<string, number>>();
  private readonly positions = new Map<string, { sum: number; n: number }>();
  private readonly kind: AnswerTally['kind'];
  private readonly options: Option[];
  /** A rating's, scale's or nps's points, every one shown in the distribution (0 when none chose it). */
  private readonly points?: { min: number; max: number };

  constructor(private readonly field: FormField) {
    this.kind = kindOf(field.type);
    this.options = (field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    if (fieldTypeCore(field.type)?.fromText === 'boolean')
      this.options = [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ];
    // Only the points types tally as 'number' through their outputs; a plain number has no range.
    if (answerOutput(field.type)?.summary === 'number') this.points = pointRange(fieldColumn(field));
  }

  /** Adds `n` to one of answerCounters' counters (older versions' values are read too). */
  add(counter: string, n: number) {
    const rest = counter.slice(1);
    if (counter === 'a') this.answered += n;
    else if (counter[0] === 'o') this.count(this.counts, rest, n);
    else if (counter[0] === 'n') this.numbers.set(Number(rest), (this.numbers.get(Number(rest)) ?? 0) + n);
    else if (counter[0] === 'm') {
      const [a, b] = JSON.parse(rest) as [string, string];
      const columns = this.cells.get(a) ?? new Map<string, number>();
      this.cells.set(a, columns);
      this.count(columns, b, n);
    } else if (counter[0] === 'r') {
      const [a, b] = JSON.parse(rest) as [string, number];
      const p = this.positions.get(a) ?? { sum: 0, n: 0 };
      this.positions.set(a, { sum: p.sum + Number(b) * n, n: p.n + n });
    }
  }

  /** Adds a text answer, newest first: the first LATEST_TEXTS are kept. */
  addText(text: string) {
    if (this.texts.length < LATEST_TEXTS) this.texts.push(text.slice(0, TEXT_PREVIEW_MAX));
  }

  private count(map: Map<string, number>, key: string, n: number) {
    map.set(key, (map.get(key) ?? 0) + n);
  }

  /** Values seen that the field does not name (an option removed since), after the known ones, most first. */
  private extra<T>(known: Option[], seen: Iterable<[string, T]>, size: (t: T) => number): [string, T][] {
    return [...seen].filter(([v]) => !known.some((o) => o.value === v)).sort((a, b) => size(b[1]) - size(a[1]));
  }

  /** The tally's result. */
  result(): AnswerTally {
    const base = { answered: this.answered };
    if (this.kind === 'choice') {
      // Every option in the definition's order, chosen or not, then values no option names.
      const known = this.options.map((o) => ({ ...o, count: this.counts.get(o.value) ?? 0 }));
      const extra = this.extra(this.options, this.counts, (n) => n).map(([value, count]) => ({
        value,
        label: value,
        count,
      }));
      return { ...base, kind: 'choice', options: [...known, ...extra] };
    }
    if (this.kind === 'number') return { ...base, ...this.numberResult() };
    if (this.kind === 'matrix') {
      const columns = this.field.matrix?.columns.map((c) => ({ value: c.value, label: c.label })) ?? [];
      return { ...base, kind: 'matrix', columns, rows: this.matrixRows() };
    }
    if (this.kind === 'ranking') {
      const known = this.options.map((o) => ({ ...o, ...this.position(o.value) }));
      const extra = this.extra(this.options, this.positions, (p) => p.n).map(([value]) => ({
        value,
        label: value,
        ...this.position(value),
      }));
      return { ...base, kind: 'ranking', options: [...known, ...extra] };
    }
    if (this.kind === 'text') return { ...base, kind: 'text', latest: this.texts };
    return { ...base, kind: 'count' };
  }

  private position(value: string) {
    const p = this.positions.get(value);
    return { mean_position: p ? round2(p.sum / p.n) : null, ranked: p?.n ?? 0 };
  }

  private numberResult(): Omit<Extract<AnswerTally, { kind: 'number' }>, 'answered'> {
    const given = [...this.numbers].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
    let n = 0;
    let sum = 0;
    for (const [v, times] of given) {
      n += times;
      sum += v * times;
    }
    const distribution: Record<string, number> = {};
    if (this.points) for (let p = this.points.min; p <= this.points.max; p++) distribution[String(p)] = 0;
    for (const [v, times] of given) distribution[String(v)] = (distribution[String(v)] ?? 0) + times;
    const result: Omit<Extract<AnswerTally, { kind: 'number' }>, 'answered'> = {
      kind: 'number',
      mean: n ? round2(sum / n) : null,
      min: n ? given[0][0] : null,
      median: n ? median(given, n) : null,
      max: n ? given[given.length - 1][0] : null,
      distribution,
    };
    if (this.field.type === 'nps') {
      const within = (lo: number, hi: number) => given.reduce((t, [v, c]) => (v >= lo && v < hi ? t + c : t), 0);
      const promoters = within(NPS_PROMOTER_MIN, Number.POSITIVE_INFINITY);
      const passives = within(NPS_PASSIVE_MIN, NPS_PROMOTER_MIN);
      const detractors = n - promoters - passives;
      result.nps = {
        score: n ? Math.round((100 * (promoters - detractors)) / n) : null,
        promoters,
        passives,
        detractors,
      };
    }
    return result;
  }

  /** Every row of the matrix in order with every column (0 when none chose it), then rows no version names. */
  private matrixRows() {
    const grid = this.field.matrix;
    const rows: Option[] = grid?.rows.map((r) => ({ value: r.value, label: r.label })) ?? [];
    const columns = grid?.columns.map((c) => c.value) ?? [];
    const rowOf = (row: Option) => {
      const seen = this.cells.get(row.value) ?? new Map<string, number>();
      const counts: Record<string, number> = {};
      for (const c of columns) counts[c] = seen.get(c) ?? 0;
      for (const [c, n] of seen) counts[c] = n;
      return { ...row, columns: counts };
    };
    const extra = this.extra(rows, this.cells, (m) => m.size).map(([value]) => ({ value, label: value }));
    return [...rows, ...extra].map(rowOf);
  }
}

/** The median of `n` numbers given as sorted [value, times] pairs: the middle one, or the mean of the middle two. */
function median(given: [number, number][], n: number): number {
  // The 0-based places of the middle numbers in the sorted list.
  const lo = Math.floor((n - 1) / 2);
  const hi = Math.floor(n / 2);
  let seen = 0;
  let low: number | undefined;
  for (const [v, times] of given) {
    if (low === undefined && seen + times > lo) low = v;
    if (seen + times > hi) return ((low ?? v) + v) / 2;
    seen += times;
  }
  return given[given.length - 1][0];
}
