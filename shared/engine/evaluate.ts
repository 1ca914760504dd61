// The one function that decides what a submission is: raw respondent values in, accepted values or
// a list of problems out. The server runs it on every post and the renderer runs it before sending,
// so both accept exactly the same values.
//
// Steps, in order:
//   1. coerce form-post strings when asked (coerce.ts);
//   2. reject keys no field has (`values.<key>: unknown field`);
//   3. check skippedSteps: each must name a step with a `skip` button;
//   4. walk the path the values imply (path.ts): defaults fill absent visible fields, hidden fields and
//      fields off the path are dropped, skipped steps are reset to their defaults;
//   5. validate the visible fields of the steps that were not skipped (validation.ts);
//   6. refuse when a button the respondent needed was disabled for these values;
//   7. return the values of the visible fields on the path, then every calculation's result under its
//      key (null when it has none). A posted value for a calculation's key is ignored, not refused:
//      the renderer sends what it computed, and only the engine's own result counts.
//
// Decision: an explicit empty answer ('', null, []) is kept as given and only undefined (no key) is
// left out, as in @formhaus/core's getSubmitValues. Absent means "use the default", so dropping an
// explicit '' would turn it into the default on a second evaluation; keeping it makes the accepted
// values evaluate to themselves again (the server may re-check stored values against a definition).
import type { FormDefinition } from '../definition/schema.ts';
import { isActionDisabled, type Values } from './conditions.ts';
import { coerceFormValues } from './coerce.ts';
import { walkPath, type Walk } from './path.ts';
import { getPlan, type Plan } from './plan.ts';
import { formatPath, valuePath } from './problems.ts';
import { planFieldProblem, type ValidationOptions } from './validation.ts';

/** Options of evaluateSubmission. */
export interface EvaluateOptions extends ValidationOptions {
  /** Coerce HTML form-post strings ("42", "on", a lone string for a multiselect) first. */
  coerceFormStrings?: boolean;
  /** Ids of steps the respondent skipped with their Skip button, as posted: checked here (a list of step ids). */
  skippedSteps?: unknown;
}

/** What a submission comes to: accepted values, every problem as `<path>: <message>`, and messages by field key. */
export interface Evaluation {
  values: Record<string, unknown>;
  problems: string[];
  errors: Record<string, string>;
}

/**
 * Evaluates raw respondent values against a (checked) definition; `problems` is empty when the submission is accepted.
 */
export function evaluateSubmission(
  definition: FormDefinition,
  rawValues: Values,
  options: EvaluateOptions = {},
): Evaluation {
  const coerce = options.coerceFormStrings && typeof rawValues === 'object' && rawValues !== null;
  return evaluateValues(
    definition,
    coerce && !Array.isArray(rawValues) ? coerceFormValues(definition, rawValues) : rawValues,
    options,
  );
}

/**
 * evaluateSubmission without the form-post coercion: what the renderer's form state calls, so a browser
 * bundle leaves coerce.ts out (the server coerces posts of the page without script).
 */
export function evaluateValues(
  definition: FormDefinition,
  source: Values,
  options: Omit<EvaluateOptions, 'coerceFormStrings'> = {},
): Evaluation {
  const plan = getPlan(definition);
  const problems: string[] = [];
  const errors: Record<string, string> = {};
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    return { values: {}, problems: ['values: expected an object'], errors };
  }

  for (const key of Object.keys(source)) {
    const f = plan.fieldsByKey.get(key);
    if ((!f && !plan.calcsByKey.has(key)) || f?.noAnswer) problems.push(`${valuePath(key)}: unknown field`);
  }
  const skipped = skippedStepSet(plan, options.skippedSteps, problems);
  const walk = walkPath(plan, source, skipped);

  const values: Record<string, unknown> = {};
  for (const f of walk.visible) {
    if (f.noAnswer) continue; // a statement: shown, never answered
    const value = walk.values[f.key];
    if (skipped === undefined || !skipped.has(f.step.id)) {
      const problem = planFieldProblem(f, value, walk.values, options, plan);
      if (problem !== undefined) {
        errors[f.key] = problem.message;
        const path = problem.part === undefined ? valuePath(f.key) : formatPath([f.key, problem.part], 'values');
        problems.push(`${path}: ${problem.message}`);
      }
    }
    if (value !== undefined) values[f.key] = value;
  }
  for (const c of plan.calcsByKey.values()) values[c.key] = walk.values[c.key];
  checkButtons(walk, definition, skipped, problems);
  return { values, problems, errors };
}

/** The skipped steps that really can be skipped; problems for the ones that cannot. */
function skippedStepSet(plan: Plan, ids: unknown, problems: string[]): Set<string> | undefined {
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids)) {
    problems.push('skippedSteps: expected a list of step ids');
    return undefined;
  }
  const set = new Set<string>();
  ids.forEach((id: unknown, i) => {
    const at = formatPath(['skippedSteps', i]);
    const step = typeof id === 'string' && plan.multiStep ? plan.stepsById.get(id) : undefined;
    if (typeof id !== 'string') problems.push(`${at}: expected a step id`);
    else if (!step) problems.push(`${at}: no step has the id ${JSON.stringify(id)}`);
    else if (!step.step?.skip) problems.push(`${at}: step ${JSON.stringify(id)} has no skip button`);
    else set.add(id);
  });
  return set;
}

/**
 * A respondent leaves a step with Continue (unless they skipped it) and ends with Submit; when the
 * definition disables one of those buttons for these values, the renderer would not have let the
 * post happen, so the server does not accept it either.
 */
function checkButtons(
  walk: Walk,
  definition: FormDefinition,
  skipped: Set<string> | undefined,
  problems: string[],
): void {
  for (let i = 0; i < walk.steps.length - 1; i++) {
    const step = walk.steps[i];
    if (skipped?.has(step.id)) continue;
    if (isActionDisabled(step.step?.next, walk.values)) {
      problems.push(`values: the Continue button of step ${JSON.stringify(step.id)} is disabled for these answers`);
    }
  }
  if (isActionDisabled(definition.submit, walk.values))
    problems.push('values: the submit button is disabled for these answers');
}
