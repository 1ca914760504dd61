// The respondent's path through a multi-step form, and the values that go with it.
//
// The path starts at the first visible step. Leaving a step, its routes are checked in order: the
// first route whose conditions match AND whose target step is visible wins; a matching route with
// `to: null` ends the path there. With no winning route the path goes on to the next visible step.
// Steps the path passes over are not on it: their fields are cleared like hidden ones.
//
// Every decision uses only answers already given on the path: the values of the steps walked so far
// (settled by visibility.ts). That is what the respondent saw, and checkDefinition makes sure
// conditions cannot look forward, so the walk needs a single pass and its result is stable: walking
// the returned values again gives the same path and the same values.
//
// A single-step form is one implicit step with no conditions and no routes.
import type { FormDefinition } from '../definition/schema.ts';
import type { Values } from './conditions.ts';
import { calcEngine } from './calc/engine-slot.ts';
import { getPlan, type Plan, type PlanField, type PlanStep } from './plan.ts';
import { settleStepFields } from './visibility.ts';

/** The outcome of a walk: steps on the path, visible fields on it (in resolution order), their values. */
export interface Walk {
  readonly steps: PlanStep[];
  readonly visible: PlanField[];
  /**
   * Values of the visible fields (defaults applied), then every calculation's result (null included);
   * a prototype-less object so any key reads safely.
   */
  readonly values: Record<string, unknown>;
}

/** Walks the path implied by the source values; steps in `skipped` have their fields reset to defaults. */
export function walkPath(plan: Plan, source: Values, skipped?: ReadonlySet<string>): Walk {
  const values: Record<string, unknown> = Object.create(null);
  const steps: PlanStep[] = [];
  const visible: PlanField[] = [];
  let step = firstStep(plan, values);
  while (step !== undefined) {
    steps.push(step);
    settleStepFields(step, source, values, skipped?.has(step.id) === true, visible);
    step = stepAfter(plan, step, values);
  }
  if (plan.calcs.length > 0) calcEngine().writeCalcResults(plan.calcs, values);
  return { steps, visible, values };
}

/** The first visible step. */
function firstStep(plan: Plan, values: Values): PlanStep | undefined {
  return visibleFrom(plan, 0, values);
}

/** The step the path goes to after `step`, given the values settled so far; undefined ends the path. */
export function stepAfter(plan: Plan, step: PlanStep, values: Values): PlanStep | undefined {
  for (const route of step.routes) {
    if (route.matches !== undefined && !route.matches(values)) continue;
    if (route.to === null) return undefined;
    // A hidden target lets the next route have its turn. So does a target that is unknown or not
    // after this step, which only an unchecked definition has; that also keeps the walk finite.
    const to = route.to;
    if (to !== undefined && to.index > step.index && (to.visible === undefined || to.visible(values))) return to;
  }
  return visibleFrom(plan, step.index + 1, values);
}

function visibleFrom(plan: Plan, index: number, values: Values): PlanStep | undefined {
  for (let i = index; i < plan.steps.length; i++) {
    const step = plan.steps[i];
    if (step.visible === undefined || step.visible(values)) return step;
  }
  return undefined;
}

/** The path, as public data: step ids, the values of visible fields on it, and their keys. */
export interface ResolvedPath {
  /** Ids of the steps on the path; empty for a single-step form. */
  steps: string[];
  /**
   * Values of the fields visible on the path, defaults applied, and the calculations' results; hidden and
   * off-path fields are absent.
   */
  values: Record<string, unknown>;
  /** Keys of the fields visible on the path, step by step. */
  visibleKeys: string[];
}

/** Resolves the path and the visible values the given values imply. */
export function resolvePath(
  definition: FormDefinition,
  values: Values,
  options: { skippedSteps?: readonly string[] } = {},
): ResolvedPath {
  const plan = getPlan(definition);
  const walk = walkPath(plan, values, options.skippedSteps ? new Set(options.skippedSteps) : undefined);
  return {
    steps: plan.multiStep ? walk.steps.map((s) => s.id) : [],
    values: { ...walk.values },
    visibleKeys: walk.visible.map((f) => f.key),
  };
}

/** The id of the step after `stepId` given the values (read as already resolved), or null at the end. */
export function nextStepId(definition: FormDefinition, stepId: string, values: Values): string | null {
  const plan = getPlan(definition);
  const step = plan.stepsById.get(stepId);
  if (!step || !plan.multiStep) return null;
  return stepAfter(plan, step, values)?.id ?? null;
}
