// The submit lane's checker: for the plainest forms (one step, no conditions, defaults, calculations,
// matchField or validators, a submit button that cannot be disabled) a function compiled once per definition
// that accepts a JSON post's values in one pass, with exactly the values evaluateSubmission would return.
// It only ever accepts: a value it is not sure of (a wrong type, an empty list, a rule broken, a key no
// field has) gives undefined and the engine decides, problems and all. So a post it takes is one the engine
// takes with the same values in the same order, and every refusal still comes from the engine (proved over
// generated forms and values in test/server/core/submit-lane.test.ts). The engine walked the form's plan
// (path, visibility, a prototype-less values object, the rules of each field) for ~5-7 µs of a 20-field
// submission under load (docs/performance.md, "The write path, session 7 (lane)").
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { fieldTypeCore } from '../../../shared/fields/registry.ts';
import { textCheck } from '../../../shared/fields/rules.ts';
import { getPlan, type Plan, type PlanField } from '../../../shared/engine/plan.ts';
import type { RegexEngine } from '../../../shared/engine/regex.ts';
import { planFieldProblem } from '../../../shared/engine/validation.ts';

/** Whether one posted value (undefined when absent) passes every rule of its field. */
type ValueCheck = (value: unknown) => boolean;

/** A definition's compiled lane: its fields' keys and checks in the engine's order. */
interface Lane {
  keys: string[];
  checks: ValueCheck[];
  index: ReadonlySet<string>;
}

/** The lanes by definition and regex engine; null for a definition the lane does not cover. */
const lanes = new WeakMap<FormDefinition, Map<RegexEngine, Lane | null>>();

/** What a post must be for the lane: a JSON post's values, no skipped steps. */
export interface LaneInput {
  values: unknown;
  formPost: boolean;
  skippedSteps?: unknown;
}

/**
 * The values evaluateSubmission(definition, input.values, { regex, skippedSteps, coerceFormStrings: formPost })
 * would accept, or undefined when the engine must decide (a form or a post the lane does not cover, or any
 * value it does not accept).
 */
export function fastAccept(
  definition: FormDefinition,
  input: LaneInput,
  regex: RegexEngine,
): Record<string, unknown> | undefined {
  const raw = input.values;
  if (input.formPost || input.skippedSteps !== undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const lane = laneOf(definition, regex);
  if (lane === null) return undefined;
  const source = raw as Record<string, unknown>;
  const { keys, checks, index } = lane;
  let present = 0;
  for (let i = 0; i < keys.length; i++) {
    const value = Object.hasOwn(source, keys[i]) ? source[keys[i]] : undefined;
    if (!checks[i](value)) return undefined;
    if (value !== undefined) present++;
  }
  // Every enumerable key, inherited ones included, must be a field's with a value: the engine refuses a key no
  // field has.
  let posted = 0;
  let inOrder = true;
  for (const key in source) {
    if (key !== keys[posted]) {
      if (!index.has(key)) return undefined;
      inOrder = false;
    }
    if (!Object.hasOwn(source, key) || source[key] === undefined) return undefined;
    posted++;
  }
  // Posted as the engine would write them (every field, in the fields' order): the posted object is the answer,
  // with no copy made key by key (docs/performance.md, "The write path, session 7 (lane)").
  if (inOrder && posted === keys.length && present === keys.length) return source;
  const values: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const value = Object.hasOwn(source, keys[i]) ? source[keys[i]] : undefined;
    if (value !== undefined) values[keys[i]] = value;
  }
  return values;
}

function laneOf(definition: FormDefinition, regex: RegexEngine): Lane | null {
  let byRegex = lanes.get(definition);
  if (byRegex === undefined) {
    byRegex = new Map();
    lanes.set(definition, byRegex);
  }
  let lane = byRegex.get(regex);
  if (lane === undefined) {
    lane = compile(getPlan(definition), regex);
    byRegex.set(regex, lane);
  }
  return lane;
}

/** The lane of a plan, or null when the form has anything the lane leaves to the engine. */
function compile(plan: Plan, regex: RegexEngine): Lane | null {
  const definition = plan.definition;
  if (plan.multiStep || plan.steps.length !== 1 || plan.calcs.length > 0 || plan.calcsByKey.size > 0) return null;
  if (definition.submit && (definition.submit.disabled?.length ?? 0) > 0) return null;
  const fields = plan.steps[0].fields;
  const keys = new Set<string>();
  for (const f of fields) {
    const rules = f.field.validation;
    if (
      f.visible !== undefined ||
      f.noAnswer ||
      f.field.defaultValue !== undefined ||
      f.initialValue() !== undefined ||
      rules?.matchField !== undefined ||
      rules?.validator !== undefined ||
      keys.has(f.key) ||
      // An own `__proto__` of a post is no key of an object the engine builds.
      f.key === '__proto__' ||
      plan.fieldsByKey.get(f.key) !== f ||
      !fieldTypeCore(f.field.type)
    )
      return null;
    keys.add(f.key);
  }
  return { keys: [...keys], checks: fields.map((f) => valueCheck(f, plan, regex)), index: keys };
}

/**
 * A field's check: text-like and number fields by their rules inline; any other type through the engine's own
 * planFieldProblem (no walk, and with no matchField or validator its answer depends on the value alone).
 */
function valueCheck(f: PlanField, plan: Plan, regex: RegexEngine): ValueCheck {
  const rules = f.field.validation;
  const required = rules?.required !== undefined && rules.required !== false;
  const core = fieldTypeCore(f.field.type);
  const test = rules?.pattern === undefined ? undefined : f.patternTester(regex);
  const { minLength, maxLength, min, max } = rules ?? {};
  if (core?.check === textCheck && !f.isToggle) {
    return (value) => {
      if (value === undefined || value === null) return !required;
      if (typeof value !== 'string') return false;
      if (value === '') return !required;
      if (minLength !== undefined && value.length < minLength) return false;
      if (maxLength !== undefined && value.length > maxLength) return false;
      return test === undefined || test(value);
    };
  }
  if (f.field.type === 'number' && core?.fromText === 'number' && !f.isToggle) {
    return (value) => {
      if (value === undefined || value === null) return !required;
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (min !== undefined && value < min) return false;
      if (max !== undefined && value > max) return false;
      return test === undefined || test(String(value));
    };
  }
  const options = { regex };
  const none = {};
  return (value) => planFieldProblem(f, value, none, options, plan) === undefined;
}
