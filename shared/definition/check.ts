// checkDefinition: is this JSON a form definition the engine can run? It answers with the typed
// definition or with EVERY problem at once, each as `<path>: <problem>` (spec 7.1), e.g.
// `steps[1].fields[0].validation.min: expected number`.
//
// Two layers, both always run so one answer lists shape and meaning problems together:
// 1. shape, by the zod schemas (schema.ts);
// 2. meaning, by a tolerant walk over the raw input that only looks at parts of the right type
//    (a field whose key is a number is reported by the shape layer and skipped here).
//
// Rules of the meaning layer, beyond the spec's own:
// - a form needs at least one field (a form with nothing to answer is a mistake, not a use case);
// - `__proto__` is not a field key (values are plain objects; that name would set a prototype);
// - a condition needs an operator; option values are unique within a field;
// - conditions only read answers given before them: a field's conditions read fields of its own step
//   or earlier steps, a step's conditions earlier steps, a route's its own step or earlier. That is
//   what the respondent has seen, and it lets the engine settle a submission in one pass. Within a
//   step, conditions must not form a cycle. Buttons' `disabled`, matchField and optionsDependsOn may
//   name any field;
// - a defaultValue must fit its field's type (the same type rule submissions meet);
// - a pattern must be a valid JavaScript regular expression with the 'u' flag (renderers run it in
//   browsers) AND one the given engine can run (the server passes its linear-time engine);
// - calculations (check-calculations.ts): keys formulas can name, formulas that parse and name fields or
//   earlier calculations. A condition may name a calculation when it could name every field the
//   calculation reads (its inputs stand in for it, in the order and circle rules too);
// - piping (check-piping.ts): `{{key}}` names a field or calculation of this or an earlier step;
// - translations (check-translations.ts): language tags, and paths that name a text the form has;
// - endings (check-endings.ts): unique ids, redirect addresses, and conditions that may read any answer;
// - images (check-images.ts): `/i/<id>` addresses, and a field's picture described by its imageAlt.
import type { core } from 'zod';
import { conditionKey } from '../engine/conditions.ts';
import { dependencyCycles } from '../engine/dependencies.ts';
import { formatPath } from '../engine/problems.ts';
import { nativeRegex, type RegexEngine } from '../engine/regex.ts';
import { typeProblem } from '../engine/validation.ts';
import type { CoreField } from '../fields/field-type.ts';
import { partOwners, publishRules } from '../fields/publish-rules.ts';
import { fieldTypeCore } from '../fields/registry.ts';
import { calculationProblems } from './check-calculations.ts';
import { comparisonProblems, comparisons } from './check-comparisons.ts';
import {
  type CalcEntry,
  type FieldEntry,
  finite,
  type Json,
  list,
  type Path,
  type Problem,
  type Reference,
  record,
  type Scope,
  text,
} from './check-parts.ts';
import { endingProblems } from './check-endings.ts';
import { imageProblems } from './check-images.ts';
import { pipingProblems } from './check-piping.ts';
import { translationProblems } from './check-translations.ts';
import { FormDefinition, optionFieldTypes } from './schema.ts';

/** Options of checkDefinition. */
export interface CheckOptions {
  /** The engine patterns must run on besides the native one (the server passes linearRegex). */
  regex?: RegexEngine;
  /** Written before every path, e.g. 'definition' gives `definition.steps[0].id: ...`. */
  pathPrefix?: string;
}

/** The checked definition, or every problem found. */
export type CheckResult = { definition: FormDefinition } | { problems: string[] };

/** Checks an untrusted definition; see the rules at the top of this file. */
export function checkDefinition(input: unknown, options: CheckOptions = {}): CheckResult {
  const parsed = FormDefinition.safeParse(input, { reportInput: true });
  const problems = parsed.success ? [] : parsed.error.issues.flatMap((issue) => issueProblems(issue, []));
  problems.push(...meaningProblems(input, options.regex));
  if (parsed.success && problems.length === 0) return { definition: parsed.data };
  return { problems: problems.map((p) => `${formatPath(p.path, options.pathPrefix)}: ${p.message}`) };
}

// ---- shape: zod issues in words ---------------------------------------------------------------

function issueProblems(issue: core.$ZodIssue, base: Path): Problem[] {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path: [...path, key], message: 'unknown property' }));
    case 'invalid_type':
      return [{ path, message: issue.input === undefined ? 'required' : `expected ${typeName(issue.expected)}` }];
    case 'invalid_value':
      return [
        {
          path,
          message:
            'expected ' +
            `${issue.values.length > 1 ? 'one of ' : ''}${orList(issue.values.map((v) => JSON.stringify(v)))}`,
        },
      ];
    case 'too_small':
      return [
        {
          path,
          message:
            issue.origin === 'string' && issue.minimum === 1
              ? 'must not be empty'
              : `must be at least ${issue.minimum}`,
        },
      ];
    case 'too_big':
      return [{ path, message: `must be at most ${issue.maximum}` }];
    case 'invalid_union': {
      // When the value is of the right kind for one branch (an object where FormAction or false is
      // allowed), report what is wrong inside it rather than "expected object or false".
      const inside = issue.errors.filter((branch) =>
        branch.every((i) => i.path.length > 0 || i.code === 'unrecognized_keys'),
      );
      if (inside.length === 1) return inside[0].flatMap((i) => issueProblems(i, path));
      const kinds = issue.errors.flatMap((branch) =>
        branch.flatMap((i) =>
          i.code === 'invalid_type'
            ? [typeName(i.expected)]
            : i.code === 'invalid_value'
              ? i.values.map((v) => JSON.stringify(v))
              : [],
        ),
      );
      return [{ path, message: `expected ${orList([...new Set(kinds)])}` }];
    }
    default:
      return [{ path, message: issue.message }];
  }
}

function typeName(expected: string): string {
  return expected === 'int' ? 'integer' : expected;
}

function orList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? 'another value';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

// ---- meaning: a tolerant walk over the raw input ---------------------------------------------

const operators = ['eq', 'neq', 'in', 'notIn', 'notEmpty', ...comparisons];

function meaningProblems(input: unknown, regex: RegexEngine | undefined): Problem[] {
  const def = record(input);
  if (!def) return [];
  const problems: Problem[] = [];
  const refs: Reference[] = [];
  const steps = list(def.steps);
  const multiStep = steps.length > 0;
  const fields: FieldEntry[] = [];

  if (list(def.fields).length > 0 && multiStep)
    problems.push({ path: ['fields'], message: 'use either fields or steps, not both' });

  // Gather every field, each step's own references, and the step ids.
  list(def.fields).forEach((f, i) => {
    addField(f, ['fields', i], -1);
  });
  const stepIds = new Map<string, { path: Path; index: number }>();
  steps.forEach((s, index) => {
    const step = record(s);
    if (!step) return;
    const path: Path = ['steps', index];
    const id = text(step.id);
    if (id !== undefined) {
      const first = stepIds.get(id);
      if (first)
        problems.push({
          path: [...path, 'id'],
          message: `duplicate step id ${JSON.stringify(id)} (also ${formatPath(first.path)})`,
        });
      else stepIds.set(id, { path, index });
    }
    list(step.fields).forEach((f, i) => {
      addField(f, [...path, 'fields', i], index);
    });
    collectConditions(step, path, { kind: 'step', step: index }, refs, problems);
    for (const button of ['next', 'back', 'skip']) collectButton(step[button], [...path, button], refs, problems);
  });
  // Routes need every step id, so they are checked once all are known.
  steps.forEach((s, index) => {
    list(record(s)?.routes).forEach((r, i) => {
      const route = record(r);
      if (!route) return;
      const path: Path = ['steps', index, 'routes', i];
      collectConditions(route, path, { kind: 'route', step: index }, refs, problems);
      const to = text(route.to);
      if (to === undefined) return;
      const target = stepIds.get(to);
      if (!target) problems.push({ path: [...path, 'to'], message: `no step has the id ${JSON.stringify(to)}` });
      else if (target.index <= index)
        problems.push({
          path: [...path, 'to'],
          message: `${JSON.stringify(to)} is not after this step; routes only go forward`,
        });
    });
  });
  collectButton(def.submit, ['submit'], refs, problems);
  collectButton(def.cancel, ['cancel'], refs, problems);
  problems.push(
    ...endingProblems(def.endings, (ending, path) =>
      // An ending is chosen once every answer is in: its conditions may read any field or calculation.
      collectConditions(ending, path, { kind: 'any' }, refs, problems),
    ),
  );

  // Entries are counted whatever their shape, so a malformed field is reported once, by the shape layer.
  const fieldCount = list(def.fields).length + steps.reduce((n: number, s) => n + list(record(s)?.fields).length, 0);
  const listsOk =
    (def.fields === undefined || Array.isArray(def.fields)) && (def.steps === undefined || Array.isArray(def.steps));
  if (fieldCount === 0 && listsOk)
    problems.push({ path: [multiStep ? 'steps' : 'fields'], message: 'a form needs at least one field' });

  // Keys: unique, not reserved.
  const keys = new Map<string, FieldEntry>();
  for (const entry of fields) {
    if (entry.key === undefined) continue;
    const first = keys.get(entry.key);
    if (entry.key === '__proto__') problems.push({ path: [...entry.path, 'key'], message: '"__proto__" is reserved' });
    else if (first)
      problems.push({
        path: [...entry.path, 'key'],
        message: `duplicate key ${JSON.stringify(entry.key)} (also ${formatPath(first.path)})`,
      });
    else keys.set(entry.key, entry);
  }

  for (const entry of fields) problems.push(...fieldProblems(entry, keys, regex));
  const calculations = calculationProblems(def, keys);
  problems.push(...calculations.problems);
  const calcs = calculations.calcs;
  for (const ref of [...refs, ...fields.flatMap((f) => f.reads)]) {
    const message =
      matrixRowProblem(ref, keys, calcs) ?? noAnswerProblem(ref, keys) ?? referenceProblem(ref, keys, calcs, multiStep);
    if (message) problems.push({ path: ref.path, message });
    else problems.push(...comparisonProblems(ref, keys));
  }
  problems.push(...cycleProblems(fields, multiStep ? steps.length : 0, calcs));
  problems.push(...pipingProblems(steps, list(def.endings), fields, keys, calcs));
  problems.push(...translationProblems(def));
  problems.push(...imageProblems(def));
  return problems;

  function addField(raw: unknown, path: Path, step: number) {
    const field = record(raw);
    if (!field) return;
    const reads: Reference[] = [];
    collectConditions(field, path, { kind: 'field', step }, reads, problems);
    fields.push({ path, field, key: text(field.key), step, reads });
  }
}

/** Records the references of an item's show and showAny lists. */
function collectConditions(item: Json, path: Path, scope: Scope, refs: Reference[], problems: Problem[]): void {
  for (const kind of ['show', 'showAny']) collectConditionList(item[kind], [...path, kind], scope, refs, problems);
}

/** A button's `disabled` conditions may read any field. */
function collectButton(raw: unknown, path: Path, refs: Reference[], problems: Problem[]): void {
  const button = record(raw);
  if (button) collectConditionList(button.disabled, [...path, 'disabled'], { kind: 'any' }, refs, problems);
}

/** Records the field each condition of a list reads, and reports conditions with no operator. */
function collectConditionList(
  conditions: unknown,
  path: Path,
  scope: Scope,
  refs: Reference[],
  problems: Problem[],
): void {
  list(conditions).forEach((c, i) => {
    const condition = record(c);
    if (!condition) return;
    if (!operators.some((op) => condition[op] !== undefined)) {
      problems.push({ path: [...path, i], message: `a condition needs one of ${operators.join(', ')}` });
    }
    const key = text(condition.field);
    if (key !== undefined) refs.push({ path: [...path, i, 'field'], key, scope, condition });
  });
}

function fieldProblems(entry: FieldEntry, keys: Map<string, FieldEntry>, regex: RegexEngine | undefined): Problem[] {
  const { field, path } = entry;
  const problems: Problem[] = [];
  const at = (...rest: PropertyKey[]) => [...path, ...rest];
  const type = text(field.type);
  const options = Array.isArray(field.options) ? field.options.map(record) : undefined;

  if (
    type !== undefined &&
    optionFieldTypes.includes(type) &&
    field.optionsFrom === undefined &&
    (field.options === undefined || options?.length === 0)
  ) {
    problems.push({ path: at('options'), message: `${withArticle(type)} field needs options or optionsFrom` });
  }
  const seen = new Set<string>();
  options?.forEach((option, i) => {
    const value = text(option?.value);
    if (value === undefined) return;
    if (seen.has(value))
      problems.push({ path: at('options', i, 'value'), message: `duplicate option value ${JSON.stringify(value)}` });
    seen.add(value);
  });
  list(field.optionsDependsOn).forEach((key, i) => {
    if (typeof key === 'string' && !keys.has(key))
      problems.push({ path: at('optionsDependsOn', i), message: `no field has the key ${JSON.stringify(key)}` });
  });

  if (
    type !== undefined &&
    field.defaultValue !== undefined &&
    field.defaultValue !== null &&
    field.defaultValue !== ''
  ) {
    const allowed =
      optionFieldTypes.includes(type) && field.optionsFrom === undefined && seen.size > 0 ? seen : undefined;
    const message = typeProblem(type, field.defaultValue, { field: field as CoreField, optionValues: allowed });
    if (message)
      problems.push({ path: at('defaultValue'), message: `not valid for ${withArticle(type)} field (${message})` });
  }

  if (type !== undefined) problems.push(...typeParts(field, type, at));

  const rules = record(field.validation);
  if (!rules) return problems;
  const [min, max] = [finite(rules.min), finite(rules.max)];
  if (min !== undefined && max !== undefined && min > max)
    problems.push({ path: at('validation', 'min'), message: `greater than max (${min} > ${max})` });
  const [minLength, maxLength] = [finite(rules.minLength), finite(rules.maxLength)];
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    problems.push({
      path: at('validation', 'minLength'),
      message: `greater than maxLength (${minLength} > ${maxLength})`,
    });
  }
  const matchField = text(rules.matchField);
  if (matchField !== undefined && !keys.has(matchField))
    problems.push({
      path: at('validation', 'matchField'),
      message: `no field has the key ${JSON.stringify(matchField)}`,
    });
  const pattern = text(rules.pattern);
  if (pattern !== undefined) {
    const message = patternProblem(pattern, regex);
    if (message) problems.push({ path: at('validation', 'pattern'), message });
  }
  return problems;
}

/** "a select", "an autocomplete", "a url". */
function withArticle(word: string): string {
  return `${/^[aeio]/i.test(word) ? 'an' : 'a'} ${word}`;
}

function patternProblem(pattern: string, regex: RegexEngine | undefined): string | undefined {
  for (const engine of regex && regex !== nativeRegex ? [nativeRegex, regex] : [nativeRegex]) {
    try {
      engine.compile(pattern);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(
        /^Invalid regular expression: /,
        '',
      );
      return engine === nativeRegex
        ? `not a valid regular expression: ${reason}`
        : `not supported by the regex engine: ${reason}`;
    }
  }
  return undefined;
}

/** The problem with one condition's field (or calculation) reference, if any. */
function referenceProblem(
  ref: Reference,
  keys: Map<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
  multiStep: boolean,
): string | undefined {
  const calc = keys.has(ref.key) ? undefined : calcs.get(ref.key);
  if (calc) {
    // A calculation stands for the fields it reads: the condition must be able to read each of them.
    for (const input of calc.inputs) {
      const message = referenceProblem({ ...ref, key: input }, keys, calcs, multiStep);
      if (message) return `the calculation ${JSON.stringify(ref.key)} reads ${JSON.stringify(input)}: ${message}`;
    }
    return undefined;
  }
  const target = keys.get(ref.key);
  if (!target) return `no field or calculation has the key ${JSON.stringify(ref.key)}`;
  const { scope } = ref;
  // Ordering only means something between fields that live in steps of a multi-step form.
  if (scope.kind === 'any' || !multiStep || scope.step < 0 || target.step < 0) return undefined;
  const quoted = JSON.stringify(ref.key);
  if (target.step > scope.step) {
    return (
      `${quoted} is asked in a later step (${formatPath(['steps', target.step])}); ` +
      'conditions can only read answers given before them'
    );
  }
  if (scope.kind === 'step' && target.step === scope.step)
    return `${quoted} is a field of this step; a step's conditions can only read earlier steps`;
  return undefined;
}

/**
 * Circular conditions within each group of fields settled together (a step, or a single-step form); a
 * condition naming a calculation reads the calculation's inputs.
 */
function cycleProblems(fields: FieldEntry[], stepCount: number, calcs: ReadonlyMap<string, CalcEntry>): Problem[] {
  const expand = (key: string) => {
    const calc = calcs.get(key);
    return calc ? [...calc.inputs] : [key];
  };
  const groups =
    stepCount > 0 ? Array.from({ length: stepCount }, (_, i) => fields.filter((f) => f.step === i)) : [fields];
  const problems: Problem[] = [];
  for (const group of groups) {
    const named = group.filter((f): f is FieldEntry & { key: string } => f.key !== undefined);
    const nodes = named.map((f) => ({ key: f.key, reads: f.reads.flatMap((r) => expand(r.key)) }));
    for (const cycle of dependencyCycles(nodes)) {
      const first = named.find((f) => f.key === cycle[0])!;
      const ref = first.reads.find((r) => expand(r.key).includes(cycle[1]))!;
      problems.push({ path: ref.path, message: `circular condition: ${cycle.join(' → ')}` });
    }
  }
  return problems;
}

/** A built-in type's own publish rules, and the wave-4 parts (scale, matrix...) on a type that has no use for them. */
function typeParts(field: Json, type: string, at: (...rest: PropertyKey[]) => Path): Problem[] {
  if (!fieldTypeCore(type)) return []; // a custom type's renderer may read any part
  const problems: Problem[] = [];
  for (const [part, owners] of Object.entries(partOwners)) {
    if (field[part] !== undefined && !owners.includes(type))
      problems.push({
        path: at(part),
        message: `${withArticle(type)} field has no ${part} (${owners.join(', ')} only)`,
      });
  }
  const rule = Object.hasOwn(publishRules, type) ? publishRules[type] : undefined;
  if (rule) problems.push(...rule(field, at));
  return problems;
}

/**
 * A condition naming one row of a matrix as `<key>.<row>` reads the matrix field: the reference is turned
 * into one of the matrix's key with its `row` (so scope and circle rules see the field), or a problem when
 * the matrix has no such row.
 */
function matrixRowProblem(
  ref: Reference,
  keys: Map<string, FieldEntry>,
  calcs: ReadonlyMap<string, CalcEntry>,
): string | undefined {
  if (keys.has(ref.key) || calcs.has(ref.key)) return undefined;
  const owner = conditionKey(ref.key, (key) => keys.has(key));
  const field = keys.get(owner)?.field;
  if (!field || !fieldTypeCore(text(field.type) ?? '')?.rows) return undefined;
  const row = ref.key.slice(owner.length + 1);
  const rows = list(record(field.matrix)?.rows).map((r) => text(record(r)?.value));
  if (!rows.includes(row)) return `the matrix ${JSON.stringify(owner)} has no row ${JSON.stringify(row)}`;
  ref.key = owner;
  ref.row = row;
  return undefined;
}

/** A condition that reads a statement, which never has an answer. */
function noAnswerProblem(ref: Reference, keys: Map<string, FieldEntry>): string | undefined {
  const type = text(keys.get(ref.key)?.field.type);
  if (type !== undefined && fieldTypeCore(type)?.noAnswer)
    return `${JSON.stringify(ref.key)} is a statement, which has no answer to check`;
  return undefined;
}
