// The per-definition structures every evaluation needs, built once and cached on the definition
// object. The server parses a definition once and evaluates many submissions against it, so all the
// work that does not depend on the values (lookups, resolution order, compiled conditions, option
// sets, compiled patterns) happens here and never again.
import type { FormDefinition, FormField, FormStep } from '../definition/schema.ts';
import { optionFieldTypes } from '../definition/field-types.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import type { PlanCalc } from './calc/calculations.ts';
import { calcEngine } from './calc/engine-slot.ts';
import { compileConditions, conditionKey, conditionKeys, type Values } from './conditions.ts';
import { dependencyOrder } from './dependencies.ts';
import type { RegexEngine } from './regex.ts';

/** A field with what the engine precomputed about it. */
export interface PlanField {
  readonly field: FormField;
  readonly key: string;
  /** The step that holds the field (the single implicit step of a single-step form). */
  readonly step: PlanStep;
  /** The field's own show/showAny, compiled; undefined when it has none. */
  readonly visible: ((values: Values) => boolean) | undefined;
  /** The allowed values of a select, radio, autocomplete or multiselect with static options. */
  readonly optionValues: ReadonlySet<string> | undefined;
  /** checkbox and switch, whose `required` means "must be on". */
  readonly isToggle: boolean;
  /** A statement: shown, never answered (not in values; a posted value is an unknown field). */
  readonly noAnswer: boolean;
  /** A fresh copy of the default value (lists and objects are copied so no one edits the definition). */
  initialValue(): unknown;
  /** The field's pattern compiled by an engine; undefined when it has none or the engine cannot run it. */
  patternTester(engine: RegexEngine): ((value: string) => boolean) | undefined;
}

/** A step: its fields in resolution order, its compiled conditions and routes. */
export interface PlanStep {
  /** The step id; '' for the implicit step of a single-step form. */
  readonly id: string;
  readonly index: number;
  /** The definition's step; undefined for a single-step form. */
  readonly step: FormStep | undefined;
  /** The fields, ordered so each comes after the fields its conditions read (see dependencies.ts). */
  readonly fields: readonly PlanField[];
  readonly visible: ((values: Values) => boolean) | undefined;
  readonly routes: readonly PlanRoute[];
}

/** A route: its compiled conditions and its target (null ends the form, undefined is an unknown id). */
export interface PlanRoute {
  readonly matches: ((values: Values) => boolean) | undefined;
  readonly to: PlanStep | null | undefined;
}

/** Everything precomputed about one definition. */
export interface Plan {
  readonly definition: FormDefinition;
  readonly multiStep: boolean;
  readonly steps: readonly PlanStep[];
  readonly fieldsByKey: ReadonlyMap<string, PlanField>;
  readonly stepsById: ReadonlyMap<string, PlanStep>;
  /** The calculations in definition order, compiled (calc/calculations.ts). */
  readonly calcs: readonly PlanCalc[];
  readonly calcsByKey: ReadonlyMap<string, PlanCalc>;
}

const cache = new WeakMap<FormDefinition, Plan>();

/** The plan of a definition, built on first use and cached for as long as the definition object lives. */
export function getPlan(definition: FormDefinition): Plan {
  let plan = cache.get(definition);
  if (!plan) {
    plan = buildPlan(definition);
    cache.set(definition, plan);
  }
  return plan;
}

/** Whether the definition is multi-step; like @formhaus/core, non-empty steps win over fields. */
function isMultiStep(definition: FormDefinition): boolean {
  return (definition.steps?.length ?? 0) > 0;
}

/** Every field of a definition in order: the steps' fields when it is multi-step, else `fields`. */
export function allFields(definition: FormDefinition): FormField[] {
  return isMultiStep(definition) ? definition.steps!.flatMap((step) => step.fields) : (definition.fields ?? []);
}

function buildPlan(definition: FormDefinition): Plan {
  const multiStep = isMultiStep(definition);
  const sourceSteps: { id: string; step: FormStep | undefined; fields: FormField[] }[] = multiStep
    ? definition.steps!.map((step) => ({ id: step.id, step, fields: step.fields }))
    : [{ id: '', step: undefined, fields: definition.fields ?? [] }];

  const fieldsByKey = new Map<string, PlanField>();
  const stepsById = new Map<string, PlanStep>();
  const steps: PlanStep[] = [];
  const routeLists: { routes: PlanRoute[]; step: FormStep }[] = [];

  // Calculations first: conditions that name one read its result, and a field whose conditions do
  // depends on the calculation's inputs (its place in the resolution order says so).
  const definitionFields = new Map<string, FormField>();
  for (const source of sourceSteps)
    for (const f of source.fields) if (!definitionFields.has(f.key)) definitionFields.set(f.key, f);
  // A form without calculations never asks for their code (a browser loads it only when one has them).
  const calcs = definition.calculations?.length ? calcEngine().buildCalcs(definition, definitionFields) : [];
  const calcsByKey = new Map<string, PlanCalc>();
  for (const c of calcs) if (!calcsByKey.has(c.key) && !definitionFields.has(c.key)) calcsByKey.set(c.key, c);
  const readCalc = (key: string) => {
    const c = calcsByKey.get(key);
    return c ? calcEngine().calcReader(calcs, c.index) : undefined;
  };
  const isKey = (key: string) => definitionFields.has(key);
  const reads = (item: FormField) =>
    conditionKeys(item).flatMap((k) => {
      const c = calcsByKey.get(k);
      return c ? [...c.inputs] : [conditionKey(k, isKey)];
    });

  sourceSteps.forEach((source, index) => {
    const fields: PlanField[] = [];
    const routes: PlanRoute[] = [];
    const planStep: PlanStep = {
      id: source.id,
      index,
      step: source.step,
      fields,
      visible: source.step ? compileConditions(source.step, readCalc) : undefined,
      routes,
    };
    const order = dependencyOrder(source.fields.map((f) => ({ key: f.key, reads: reads(f) })));
    for (const i of order) fields.push(planField(source.fields[i], planStep, readCalc));
    // A repeated key or id (only in an unchecked definition) keeps its first owner, so lookups stay stable.
    for (const f of fields) if (!fieldsByKey.has(f.key)) fieldsByKey.set(f.key, f);
    if (!stepsById.has(planStep.id)) stepsById.set(planStep.id, planStep);
    steps.push(planStep);
    if (source.step?.routes) routeLists.push({ routes, step: source.step });
  });

  // Routes point at steps by id, so they are linked once every step exists.
  for (const { routes, step } of routeLists) {
    for (const route of step.routes!) {
      routes.push({
        matches: compileConditions(route, readCalc),
        to: route.to === null ? null : stepsById.get(route.to),
      });
    }
  }
  return { definition, multiStep, steps, fieldsByKey, stepsById, calcs, calcsByKey };
}

function planField(
  field: FormField,
  step: PlanStep,
  readCalc: (key: string) => ((values: Values) => unknown) | undefined,
): PlanField {
  const optionValues =
    optionFieldTypes.includes(field.type) &&
    field.optionsFrom === undefined &&
    field.options &&
    field.options.length > 0
      ? new Set(field.options.map((o) => o.value))
      : undefined;
  const defaultValue = field.defaultValue;
  const copyDefault = typeof defaultValue === 'object' && defaultValue !== null;
  const testers = new Map<RegexEngine, ((value: string) => boolean) | undefined>();
  const pattern = field.validation?.pattern;
  return {
    field,
    key: field.key,
    step,
    visible: compileConditions(field, readCalc),
    optionValues,
    isToggle: fieldTypeCore(field.type)?.fromText === 'boolean',
    noAnswer: fieldTypeCore(field.type)?.noAnswer === true,
    initialValue: copyDefault ? () => structuredClone(defaultValue) : () => defaultValue,
    patternTester(engine) {
      if (pattern === undefined) return undefined;
      if (!testers.has(engine)) {
        let tester: ((value: string) => boolean) | undefined;
        try {
          tester = engine.compile(pattern);
        } catch {
          // checkDefinition rejects patterns the engine cannot run; an unchecked definition that
          // still has one gets no pattern rule rather than a crash (as in @formhaus/core).
          tester = undefined;
        }
        testers.set(engine, tester);
      }
      return testers.get(engine);
    },
  };
}
