// Step routes (spec 2.9): "After this step, if [condition], go to [a later step | the end]". Checked
// in order; the first that matches wins, so order matters and can be changed.
import type { FormDefinition, StepRoute } from '../../../../shared/definition/schema.ts';
import { readableFields, startSentence, fromSentence } from './conditions.ts';
import { updateStep } from './steps.ts';

const routesOf = (def: FormDefinition, step: number): StepRoute[] => [...(def.steps?.[step]?.routes ?? [])];

/** Adds a route to a step: to the step after the next one (or the end), on its first readable field. */
export function addRoute(def: FormDefinition, step: number): { definition: FormDefinition; index: number } {
  const steps = def.steps ?? [];
  if (!steps[step]) return { definition: def, index: -1 };
  const target = steps[step + 2] ?? steps[step + 1];
  const route: StepRoute = { to: target ? target.id : null };
  const reads = readableFields(def, { kind: 'route', step });
  const own = reads.filter((f) => steps[step].fields.some((x) => x.key === f.key));
  const field = own[0] ?? reads[reads.length - 1];
  if (field) route.show = [fromSentence(startSentence(field))];
  const routes = [...routesOf(def, step), route];
  return { definition: updateStep(def, step, { routes }), index: routes.length - 1 };
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
