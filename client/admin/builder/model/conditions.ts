// Conditions as the builder shows them: a sentence "[field] [is / is not / is one of / is not one of /
// is answered / is not answered / is less than / is at most / is more than / is at least] [value]"
// read from and written to a spec 2.3 ShowCondition, and the fields a condition may read where
// it stands (the same ordering rule checkDefinition applies).
import type { FormDefinition, FormField, ShowCondition } from '../../../../shared/definition/schema.ts';
import { fieldTypeCore } from '../../../../shared/fields/registry.ts';
import { allFields, isMultiStep } from './fields.ts';
import type { GridItem } from './matrix.ts';
import { answeredOnly, hasOptions, takesSeveral, isBoolean, isNoAnswer, isScore, scoreRange } from './field-types.ts';

/** The operators of the sentence, in the picker's order. */
export const operators = [
  { op: 'is', text: 'is' },
  { op: 'isNot', text: 'is not' },
  { op: 'oneOf', text: 'is one of' },
  { op: 'notOneOf', text: 'is not one of' },
  { op: 'answered', text: 'is answered' },
  { op: 'notAnswered', text: 'is not answered' },
  // Wave 4: numbers, dates and date-times (the types whose core has `compare`).
  { op: 'lt', text: 'is less than' },
  { op: 'lte', text: 'is at most' },
  { op: 'gt', text: 'is more than' },
  { op: 'gte', text: 'is at least' },
] as const;

/** The operators that compare, named as ShowCondition's. */
const comparing = ['gt', 'gte', 'lt', 'lte'] as const;

/** Whether the operator compares (gt, gte, lt, lte). */
const isComparing = (op: Operator): op is (typeof comparing)[number] => (comparing as readonly string[]).includes(op);

/** An operator of the sentence. */
export type Operator = (typeof operators)[number]['op'];

/** One condition in sentence form; `value` holds one value, `values` the list of the "one of" forms. */
export interface Sentence {
  field: string;
  op: Operator;
  value?: string | number | boolean;
  values?: (string | number)[];
}

/** Reads a ShowCondition as a sentence (the first operator present decides, as in the engine). */
export function toSentence(c: ShowCondition): Sentence {
  if (c.eq !== undefined) return { field: c.field, op: 'is', value: c.eq };
  if (c.neq !== undefined) return { field: c.field, op: 'isNot', value: c.neq };
  if (c.in !== undefined) return { field: c.field, op: 'oneOf', values: c.in };
  if (c.notIn !== undefined) return { field: c.field, op: 'notOneOf', values: c.notIn };
  if (c.notEmpty === undefined)
    for (const op of comparing) if (c[op] !== undefined) return { field: c.field, op, value: c[op] };
  return { field: c.field, op: c.notEmpty === false ? 'notAnswered' : 'answered' };
}

/** Writes a sentence as a ShowCondition with one operator. */
export function fromSentence(s: Sentence): ShowCondition {
  switch (s.op) {
    case 'is':
      return { field: s.field, eq: s.value ?? '' };
    case 'isNot':
      return { field: s.field, neq: s.value ?? '' };
    case 'oneOf':
      return { field: s.field, in: s.values ?? [] };
    case 'notOneOf':
      return { field: s.field, notIn: s.values ?? [] };
    case 'answered':
      return { field: s.field, notEmpty: true };
    case 'notAnswered':
      return { field: s.field, notEmpty: false };
    default:
      return { field: s.field, [s.op]: typeof s.value === 'boolean' ? '' : (s.value ?? '') };
  }
}

/**
 * The operators that make sense for a field: a list answer (Checkboxes, a ranking, a file) never equals one
 * value, so only answered / not answered; a yes/no answer has no "one of". A matrix `row` holds one
 * column's value (compared as text), or a list of them when the matrix takes several per row.
 */
export function operatorsFor(field: FormField | undefined, row?: GridItem): readonly (typeof operators)[number][] {
  if (!field) return operators;
  if (row)
    return field.matrix?.multiple ? operators.filter((o) => o.op === 'answered' || o.op === 'notAnswered') : operators;
  const compares = fieldTypeCore(field.type)?.compare !== undefined;
  // Numbers, scores, dates, date-times and times take every operator; other types never compare.
  if (compares) return operators;
  if (answeredOnly(field.type) || takesSeveral(field))
    return operators.filter((o) => o.op === 'answered' || o.op === 'notAnswered');
  if (isBoolean(field.type)) return operators.filter((o) => o.op === 'is' || o.op === 'isNot');
  return operators.filter((o) => !isComparing(o.op));
}

/**
 * The first test of a score: the low end of its points. An NPS starts at "is less than 7", the
 * detractors (0 to 6) a follow-up question or route is usually for; a rating or scale below its middle.
 */
export function scoreStart(field: FormField): Sentence {
  if (field.type === 'nps') return { field: field.key, op: 'lt', value: 7 };
  const { min, max } = scoreRange(field);
  return { field: field.key, op: 'lt', value: Math.ceil((min + max) / 2) };
}

/**
 * A first sentence for a field (or one row of a matrix): "is <its first option>" where it has options,
 * "is <first column>" for a row, "is checked" for yes/no, a low score for a score.
 */
export function startSentence(field: FormField, row?: GridItem): Sentence {
  if (row) {
    const name = `${field.key}.${row.value}`;
    const first = field.matrix?.columns[0];
    return field.matrix?.multiple || !first
      ? { field: name, op: 'answered' }
      : { field: name, op: 'is', value: first.value };
  }
  if (answeredOnly(field.type) || takesSeveral(field)) return { field: field.key, op: 'answered' };
  if (isBoolean(field.type)) return { field: field.key, op: 'is', value: true };
  if (isScore(field.type)) return scoreStart(field);
  if (hasOptions(field.type) && field.options?.length)
    return { field: field.key, op: 'is', value: field.options[0].value };
  return { field: field.key, op: 'answered' };
}

/** A sentence's operator changed: keep the value where the new operator takes the same kind. */
export function changeOperator(s: Sentence, op: Operator): Sentence {
  const single = op === 'is' || op === 'isNot' || isComparing(op);
  const many = op === 'oneOf' || op === 'notOneOf';
  const first = s.value ?? s.values?.[0];
  if (single) return { field: s.field, op, value: first ?? '' };
  if (many)
    return {
      field: s.field,
      op,
      values: s.values ?? (first === undefined || typeof first === 'boolean' ? [] : [first]),
    };
  return { field: s.field, op };
}

/** Where a condition stands, which decides what it may read. */
export type ConditionPlace =
  | { kind: 'field'; step: number }
  | { kind: 'step'; step: number }
  | { kind: 'route'; step: number }
  | { kind: 'any' }
  /** An ending: chosen once every answer is in, so it reads every field and calculation. */
  | { kind: 'end' };

/**
 * Fields a condition at `place` may read: in a multi-step form a field's or route's conditions read its
 * own step and earlier ones, a step's conditions earlier steps only; a field never reads itself.
 */
export function readableFields(def: FormDefinition, place: ConditionPlace, self?: string): FormField[] {
  const multi = isMultiStep(def);
  return allFields(def)
    .filter(({ at, field }) => {
      // A statement has no answer to read.
      if (field.key === self || isNoAnswer(field.type)) return false;
      // A button's disabled conditions may read any field (checkDefinition's rule).
      if (!multi || place.kind === 'any' || place.kind === 'end') return true;
      return place.kind === 'step' ? at.step < place.step : at.step <= place.step;
    })
    .map(({ field }) => field);
}

/** One thing a condition may read: a field, or one row of a matrix, named `<key>.<row>`. */
export interface Subject {
  /** The condition's `field`. */
  name: string;
  /** As the picker shows it: the question, or "Question › Row". */
  label: string;
  field: FormField;
  row?: GridItem;
}

/** The subjects of one field: itself, or each row of a matrix (a whole grid is never compared). */
function subjectsOf(field: FormField): Subject[] {
  const label = field.label || field.key;
  if (field.type !== 'matrix' || !field.matrix?.rows.length) return [{ name: field.key, label, field }];
  return field.matrix.rows.map((row) => ({
    name: `${field.key}.${row.value}`,
    label: `${label} › ${row.label || row.value}`,
    field,
    row,
  }));
}

/** What a condition at `place` may read, in form order, matrix rows one by one. */
export function conditionSubjects(def: FormDefinition, place: ConditionPlace, self?: string): Subject[] {
  const fields = readableFields(def, place, self).flatMap(subjectsOf);
  return place.kind === 'end' ? [...fields, ...calculationSubjects(def)] : fields;
}

/**
 * The calculations as subjects ("Score is at least 8"): a number, compared as one. Offered to endings, which
 * are chosen once every answer is in (elsewhere a calculation must not read a later step: checkDefinition's rule).
 */
function calculationSubjects(def: FormDefinition): Subject[] {
  return (def.calculations ?? []).map((c) => ({
    name: c.key,
    label: `${c.label || c.key} (calculation)`,
    field: { key: c.key, type: 'number', label: c.label || c.key },
  }));
}

/** The subject a condition's `field` names anywhere in the form, if any (a key first, then `<key>.<row>`). */
export function subjectNamed(def: FormDefinition, name: string): Subject | undefined {
  const fields = allFields(def).map(({ field }) => field);
  const own = fields.find((f) => f.key === name);
  if (own) return subjectsOf(own).find((s) => s.name === name) ?? { name, label: own.label || name, field: own };
  for (const f of fields) {
    const row = subjectsOf(f).find((s) => s.name === name);
    if (row) return row;
  }
  return calculationSubjects(def).find((s) => s.name === name);
}

/** The sentence a subject starts with. */
export const subjectStart = (s: Subject): Sentence => startSentence(s.field, s.row);
