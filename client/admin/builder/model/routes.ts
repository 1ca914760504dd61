// Step routes (spec 2.9): "After this step, if [condition], go to [a later step | the end]". Checked
// in order; the first that matches wins, so order matters and can be changed.
import type { FormDefinition, FormField, ShowCondition, StepRoute } from '../../../../shared/definition/schema.ts';
import { conditionSubjects, fromSentence, scoreStart, type Sentence, subjectStart } from './conditions.ts';
import { isScore, isTextual } from './field-types.ts';
import { updateStep } from './steps.ts';

const routesOf = (def: FormDefinition, step: number): StepRoute[] => [...(def.steps?.[step]?.routes ?? [])];

/** A route that always matches: no conditions at all (or only empty lists). */
export const isUnconditional = (r: StepRoute) => !r.show?.length && !r.showAny?.length;

/** Option values a step's routes already compare its fields to ("is X", "is one of X, Y"). */
function usedValues(routes: readonly StepRoute[], key: string): Set<string> {
  const used = new Set<string>();
  for (const r of routes)
    for (const c of [...(r.show ?? []), ...(r.showAny ?? [])]) {
      if (c.field !== key) continue;
      if (c.eq !== undefined) used.add(String(c.eq));
      for (const v of c.in ?? []) used.add(String(v));
    }
  return used;
}

/** The proposals for a score's routes in turn: the low end first, then the high end. */
function scoreProposals(field: FormField): Sentence[] {
  const low = scoreStart(field);
  // NPS: detractors (0 to 6), then promoters (9 and 10); a rating or scale: below the middle, then the rest.
  const high: Sentence = { field: field.key, op: 'gte', value: field.type === 'nps' ? 9 : Number(low.value) };
  return [low, high];
}

/** Whether some route of the list already holds this condition. */
const taken = (routes: readonly StepRoute[], c: ShowCondition) =>
  routes.some((r) => [...(r.show ?? []), ...(r.showAny ?? [])].some((x) => JSON.stringify(x) === JSON.stringify(c)));

/** The first condition of a new route on `step`, by the rules of addRoute. */
function proposal(def: FormDefinition, step: number, routes: readonly StepRoute[]): ShowCondition {
  const own = def.steps![step].fields;
  const first = own.find((f) => (isChoice(f) && f.options?.length) || isScore(f.type));
  if (first && isScore(first.type)) {
    const all = scoreProposals(first).map(fromSentence);
    return all.find((c) => !taken(routes, c)) ?? all[0];
  }
  if (first) {
    const used = usedValues(routes, first.key);
    const option = first.options!.find((o) => !used.has(String(o.value))) ?? first.options![0];
    return { field: first.key, eq: option.value };
  }
  // Text says too little to route on: a free answer is rarely equal to one value. The step's own other
  // answers (a number, a date, a matrix row...) come first, then the latest of earlier steps.
  const reads = conditionSubjects(def, { kind: 'route', step }).filter((s) => !isTextual(s.field.type));
  const mine = reads.filter((s) => own.includes(s.field));
  const subject = mine[0] ?? reads[reads.length - 1];
  // With only text to read, the person picks the question: the empty name asks for it (a problem until then).
  return subject ? fromSentence(subjectStart(subject)) : { field: '', notEmpty: true };
}

/**
 * Adds a route to a step, placed before the step's "Otherwise" route if it has one, going to the very
 * next step: the walkthrough showed people expect "Role is Designer → next step" and lost their way when
 * a new route pointed two steps ahead on some field of another step. Its condition starts from the step's
 * first choice (radio or select: its first option no other route uses) or score (an NPS "is less than 7",
 * then "is at least 9"; a rating or scale below its middle, then the rest); else another answer of the
 * step or an earlier one, never text.
 */
export function addRoute(def: FormDefinition, step: number): { definition: FormDefinition; index: number } {
  const steps = def.steps ?? [];
  if (!steps[step]) return { definition: def, index: -1 };
  const routes = routesOf(def, step);
  const target = steps[step + 1];
  const route: StepRoute = { to: target ? target.id : null, show: [proposal(def, step, routes)] };
  const fallback = fallbackIndex(routes);
  const index = fallback === -1 ? routes.length : fallback;
  routes.splice(index, 0, route);
  return { definition: updateStep(def, step, { routes }), index };
}

/** Fields a route's first condition starts from: one answer out of a fixed list. */
const isChoice = (f: FormField) => (f.type === 'radio' || f.type === 'select') && !f.optionsFrom;

/** Index of the step's "Otherwise" route: a last route without conditions; -1 when there is none. */
function fallbackIndex(routes: readonly StepRoute[]): number {
  const last = routes.length - 1;
  return last >= 0 && isUnconditional(routes[last]) ? last : -1;
}

/**
 * Where a step sends everyone no route catches: `undefined` for the next step (no "Otherwise" route),
 * else the target of its "Otherwise" route (a later step's id, or null for the end).
 */
export function fallbackOf(def: FormDefinition, step: number): string | null | undefined {
  const routes = routesOf(def, step);
  const i = fallbackIndex(routes);
  return i === -1 ? undefined : routes[i].to;
}

/** Sets where everyone else goes: undefined removes the "Otherwise" route (on to the next step). */
export function setFallback(def: FormDefinition, step: number, to: string | null | undefined): FormDefinition {
  if (!def.steps?.[step]) return def;
  const routes = routesOf(def, step);
  const i = fallbackIndex(routes);
  if (i !== -1) routes.splice(i, 1);
  if (to !== undefined) routes.push({ to });
  return updateStep(def, step, { routes: routes.length ? routes : undefined });
}

/** Sets where a route goes (a later step's id, or null: the form ends after this step). */
export function setRouteTarget(def: FormDefinition, step: number, index: number, to: string | null): FormDefinition {
  const routes = routesOf(def, step);
  if (!routes[index]) return def;
  routes[index] = { ...routes[index], to };
  return updateStep(def, step, { routes });
}

/** Removes a route. */
export function removeRoute(def: FormDefinition, step: number, index: number): FormDefinition {
  const routes = routesOf(def, step);
  routes.splice(index, 1);
  return updateStep(def, step, { routes: routes.length ? routes : undefined });
}

/** Moves a route one place earlier or later (earlier ones are checked first). */
export function moveRoute(def: FormDefinition, step: number, index: number, delta: -1 | 1): FormDefinition {
  const routes = routesOf(def, step);
  const to = index + delta;
  if (!routes[index] || to < 0 || to >= routes.length) return def;
  [routes[index], routes[to]] = [routes[to], routes[index]];
  return updateStep(def, step, { routes });
}

/** The steps a route from `step` may go to: only later ones (routes go forward). */
export function routeTargets(def: FormDefinition, step: number) {
  return (def.steps ?? []).slice(step + 1).map((s) => ({ id: s.id, title: s.title }));
}
