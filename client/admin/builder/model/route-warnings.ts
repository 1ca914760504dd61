// Warnings about the path through a multi-step form, shown above Publish without blocking it: a step no
// path can reach, and a route that can never match. The definition is valid either way; these are the
// mistakes the 2026-11-26 walkthrough saw people publish (a route on a misspelt option, a step orphaned
// by a route that sends everyone past it).
import type { FormDefinition, FormField, ShowCondition, StepRoute } from '../../../../shared/definition/schema.ts';
import type { PlacedProblem } from './problems.ts';
import { takesEveryAnswer } from './route-coverage.ts';
import { fallbackOf, isUnconditional } from './routes.ts';

const stepName = (def: FormDefinition, i: number) => {
  const s = def.steps![i];
  return s.title.trim() ? `"${s.title}"` : `${i + 1}`;
};

/** Where a key is asked: its step and field; `row` for one row of a matrix, a choice among its columns. */
interface Asked {
  step: number;
  field: FormField;
  row?: boolean;
}

/**
 * Where each field key is asked: its step index and the field. A matrix row, named `<key>.<row>`, is there
 * too as the choice it is: one of the columns (a list of them when the matrix takes several).
 */
function fieldIndex(def: FormDefinition): Map<string, Asked> {
  const map = new Map<string, Asked>();
  def.steps!.forEach((s, step) => {
    for (const field of s.fields) {
      map.set(field.key, { step, field });
      if (field.type !== 'matrix' || !field.matrix) continue;
      for (const row of field.matrix.rows) {
        const key = `${field.key}.${row.value}`;
        const label = `${field.label || field.key} › ${row.label || row.value}`;
        const type = field.matrix.multiple ? 'multiselect' : 'radio';
        map.set(key, { step, field: { key, type, label, options: field.matrix.columns }, row: true });
      }
    }
  });
  return map;
}

/** Why one condition of a route on `step` can never hold; undefined when it can. */
function impossible(
  c: ShowCondition,
  step: number,
  fields: Map<string, Asked>,
  def: FormDefinition,
): string | undefined {
  const at = fields.get(c.field);
  if (!at) return `it reads "${c.field}", which no field of this form asks`;
  const label = at.field.label || at.field.key;
  if (at.step > step) return `it reads "${label}", asked later on step ${stepName(def, at.step)}`;
  const f = at.field;
  if ((f.type !== 'radio' && f.type !== 'select') || f.optionsFrom || !f.options) return undefined;
  const values = new Set(f.options.map((o) => String(o.value)));
  const wanted = c.eq !== undefined ? [c.eq] : c.in;
  if (!wanted || wanted.some((v) => values.has(String(v)))) return undefined;
  const names = wanted.map((v) => JSON.stringify(String(v))).join(' or ');
  return `"${label}" has no ${at.row ? 'column' : 'option'} ${names}`;
}

/** Why a route can never match, or undefined: it may. */
function neverMatches(r: StepRoute, step: number, fields: Map<string, Asked>, def: FormDefinition): string | undefined {
  for (const c of r.show ?? []) {
    const why = impossible(c, step, fields, def);
    if (why) return why;
  }
  const any = r.showAny ?? [];
  if (any.length) {
    const whys = any.map((c) => impossible(c, step, fields, def));
    if (whys.every((w) => w !== undefined)) return whys[0];
  }
  return undefined;
}

/** Why a route matches every answer (see route-coverage.ts), or undefined. */
function matchesAll(r: StepRoute, fields: Map<string, Asked>): string | undefined {
  const why = (c: ShowCondition) => {
    const at = fields.get(c.field);
    return at && takesEveryAnswer(c, at.field);
  };
  // It matches when all of `show` holds and, if there is a `showAny`, one of it.
  const shown = (r.show ?? []).map(why);
  if (shown.some((w) => w === undefined)) return undefined;
  const any = r.showAny ?? [];
  const anyWhy = any.map(why).find((w) => w !== undefined);
  if (any.length && anyWhy === undefined) return undefined;
  return shown[0] ?? anyWhy;
}

/**
 * The index of a step's first route when every route that may match goes where everyone else goes (the
 * "Otherwise" target, or the next step): its conditions change nothing. -1 otherwise.
 */
function sameWayEverywhere(def: FormDefinition, i: number, live: readonly number[]): number {
  const routes = def.steps![i].routes ?? [];
  const fallback = fallbackOf(def, i);
  const rest = fallback === undefined ? (def.steps![i + 1]?.id ?? null) : fallback;
  const conditional = live.filter((n) => !isUnconditional(routes[n]));
  return conditional.length && conditional.every((n) => routes[n].to === rest) ? conditional[0] : -1;
}

/** The warnings of a multi-step definition, placed on the step (or route) they name; none for one step. */
export function routeWarnings(def: FormDefinition): PlacedProblem[] {
  const steps = def.steps;
  if (!steps || steps.length < 2) return [];
  const fields = fieldIndex(def);
  const index = new Map(steps.map((s, i) => [s.id, i]));
  const reached = new Set<number>([0]);
  const warnings: PlacedProblem[] = [];
  const warn = (step: number, rest: string, message: string) => warnings.push({ text: message, message, step, rest });
  steps.forEach((s, i) => {
    const arrives = reached.has(i);
    // A step with conditions may be hidden: the path then goes on past it.
    let through = Boolean(s.show?.length || s.showAny?.length);
    let stopped = 0;
    const live: number[] = [];
    (s.routes ?? []).forEach((r, n) => {
      const where = `routes[${n}]`;
      if (stopped) {
        warn(
          i,
          where,
          `This route can never match: route ${stopped} before it on step ${stepName(def, i)} always applies`,
        );
        return;
      }
      const why = neverMatches(r, i, fields, def);
      if (why) {
        warn(i, where, `This route can never match: route ${n + 1} on step ${stepName(def, i)}: ${why}`);
        return;
      }
      live.push(n);
      const all = matchesAll(r, fields);
      if (all) warn(i, where, `This route takes every answer: route ${n + 1} on step ${stepName(def, i)}: ${all}`);
      const to = r.to === null ? undefined : index.get(r.to);
      if (arrives && to !== undefined && to > i) reached.add(to);
      // A hidden target lets the next route have its turn, so only a sure target stops the list.
      const sure = r.to === null || (to !== undefined && !steps[to].show?.length && !steps[to].showAny?.length);
      if (isUnconditional(r) && sure) stopped = n + 1;
    });
    if (!stopped) through = true;
    const same = sameWayEverywhere(def, i, live);
    if (same !== -1) {
      const to = s.routes![same].to;
      const where = to === null ? 'the end' : `step ${stepName(def, index.get(to) ?? i)}`;
      warn(
        i,
        `routes[${same}]`,
        `Every answer goes the same way: the routes of step ${stepName(def, i)} and everyone else go to ${where}`,
      );
    }
    if (arrives && through) reached.add(i + 1);
    if (!arrives) warn(i, '', `No path reaches step ${stepName(def, i)}`);
  });
  return warnings;
}
