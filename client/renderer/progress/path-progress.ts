// Progress that never moves backwards while the respondent moves forward (ARCHITECTURE.md "Respondents
// who finish"). Counting "step N of the path the answers imply" made the total grow when a routed answer
// lengthened the path ("Step 1 of 2" then "Step 2 of 3"). Here the measure is the LONGEST path that can
// still follow the current step, read from the definition alone (routes and conditions as possible, not
// as answered): moving on takes at least one unit off it, so the share done only grows. The total is
// shown only when every possible rest of the path has the same length; otherwise "Step N" stands alone.
// Pure functions over the definition: no Preact, no engine state.
import type { FormDefinition, FormField, FormStep } from '../engine.ts';

/** What is counted: steps (classic) or questions (one_per_screen). */
export type ProgressUnit = 'step' | 'question';

/** Where the respondent stands. */
export interface ProgressPosition {
  /** Units already passed on the way here (steps taken, or questions shown before this one). */
  done: number;
  /** The current step's id; undefined for a single-step form. */
  stepId?: string;
  /** The current question's key (unit `question`). */
  fieldKey?: string;
}

/** What a progress line shows: "Step 3 of 5" (total known) or "Step 3", and the bar's percentage. */
export interface ProgressView {
  current: number;
  /** Undefined while the answers still decide how long the rest is. */
  total?: number;
  /** Share of the longest possible path done, current unit included (0-100). */
  percent: number;
}

type Conditional = { show?: unknown[]; showAny?: unknown[] };
const conditional = (c: Conditional) => !!(c.show?.length || c.showAny?.length);
/** Fields a respondent is asked: a `hidden` field (filled from the address) is never on screen. */
const asked = (fields: readonly FormField[]) => fields.filter((f) => f.type !== 'hidden');
const END = -1;

/** Units of one step at most and at least: 1 for a step; its fields (all, or those always shown) for questions. */
function weights(step: FormStep, unit: ProgressUnit): [max: number, min: number] {
  if (unit === 'step') return [1, 1];
  const fields = asked(step.fields);
  return [fields.length, fields.filter((f) => !conditional(f)).length];
}

/**
 * Where the path may go after step `i`: each route target until a route that always matches and whose
 * target is always shown, then (if none such) the following steps up to the first always-shown one, or the end.
 */
function successors(steps: readonly FormStep[], index: Map<string, number>, i: number): number[] {
  const out: number[] = [];
  for (const r of steps[i].routes ?? []) {
    const to = r.to === null ? END : (index.get(r.to) ?? i);
    if (to !== END && to <= i) continue;
    out.push(to);
    if (!conditional(r) && (to === END || !conditional(steps[to]))) return out;
  }
  for (let j = i + 1; j < steps.length; j++) {
    out.push(j);
    if (!conditional(steps[j])) return out;
  }
  out.push(END);
  return out;
}

/** For each step, the most and the fewest units from its start to the end of the form (itself included). */
function restLengths(steps: readonly FormStep[], unit: ProgressUnit): { max: number[]; min: number[] } {
  const index = new Map(steps.map((s, i) => [s.id, i]));
  const max: number[] = [];
  const min: number[] = [];
  // Routes only go forward, so filling from the last step back sees every successor first.
  for (let i = steps.length - 1; i >= 0; i--) {
    const next = successors(steps, index, i).map((j) => (j === END ? [0, 0] : [max[j], min[j]]));
    const [wMax, wMin] = weights(steps[i], unit);
    max[i] = wMax + Math.max(...next.map((n) => n[0]));
    min[i] = wMin + Math.min(...next.map((n) => n[1]));
  }
  return { max, min };
}

/** Questions after `fieldKey` in its step: [all of them, those always shown]. */
function questionsAfter(fields: readonly FormField[], fieldKey: string | undefined): [number, number] {
  const list = asked(fields);
  const after = list.slice(list.findIndex((f) => f.key === fieldKey) + 1);
  return [after.length, after.filter((f) => !conditional(f)).length];
}

/** The progress at `at` along the longest path the definition allows from there. */
export function pathProgress(definition: FormDefinition, at: ProgressPosition, unit: ProgressUnit): ProgressView {
  const current = at.done + 1;
  const steps = definition.steps?.length ? definition.steps : undefined;
  let restMax = 0;
  let restMin = 0;
  if (steps) {
    const i = steps.findIndex((s) => s.id === at.stepId);
    if (i >= 0) {
      const { max, min } = restLengths(steps, unit);
      const [stepMax, stepMin] = weights(steps[i], unit);
      // The rest of the current step's own units, then the longest and shortest way on from it.
      const [inMax, inMin] = unit === 'question' ? questionsAfter(steps[i].fields, at.fieldKey) : [0, 0];
      restMax = inMax + max[i] - stepMax;
      restMin = inMin + min[i] - stepMin;
    }
  } else if (unit === 'question') [restMax, restMin] = questionsAfter(definition.fields ?? [], at.fieldKey);
  return {
    current,
    total: restMax === restMin ? current + restMax : undefined,
    // Nothing to count (a form with no steps shown before its one-per-screen code arrived): 0, not NaN,
    // which forwardOnly would keep for good (Math.max with NaN is NaN).
    percent: current + restMax > 0 ? Math.round((current / (current + restMax)) * 100) : 0,
  };
}

/**
 * Holds the bar where it was unless the respondent went back: answers that change the route on the same
 * step, or a step reached another way, never take the percentage or the number down while moving forward.
 */
export function forwardOnly(previous: ProgressView | undefined, next: ProgressView): ProgressView {
  if (previous === undefined || next.current < previous.current) return next;
  return { ...next, percent: Math.max(previous.percent, next.percent) };
}
