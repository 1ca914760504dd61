// One table of the wave-4 question types (rating, scale, nps, matrix, ranking, signature, time): values that
// fit, each refusal with its exact detail, empty answers, posts without JavaScript, and conditions at their
// edges. It runs in Node against the engine's source (test/shared/question-types.test.ts) and in Chromium
// against the built dist/engine.mjs (test/browser/question-types-engine.test.ts): both must answer alike.
// Every row's form is one field `q` (the row's field) and a text field `shown` whose `show` is the row's
// condition, when it has one.
import type { FormField, ShowCondition } from '../../shared/engine/index.ts';

/** One case: q's field, the raw values, the expected problems and accepted values (or whether `shown` shows). */
export interface TypeCase {
  name: string;
  field: Omit<FormField, 'key' | 'label'>;
  values: Record<string, unknown>;
  /** Every problem of the evaluation, in order ([] when accepted). */
  problems: string[];
  /** The accepted value of q, when the row checks it. */
  accepted?: unknown;
  /** The condition of `shown`, and whether it matches. */
  when?: { condition: Omit<ShowCondition, 'field'> & { field?: string }; shows: boolean };
  /** Post the values as a page without JavaScript does (form strings, coerced). */
  coerce?: boolean;
}

const grid = {
  rows: [
    { value: 'speed', label: 'Speed' },
    { value: 'price', label: 'Price' },
  ],
  columns: [
    { value: 'bad', label: 'Bad', score: 0 },
    { value: 'ok', label: 'OK', score: 1 },
    { value: 'good', label: 'Good', score: 2 },
  ],
};
const coffee = [
  { value: 'espresso', label: 'Espresso' },
  { value: 'latte', label: 'Latte' },
  { value: 'mocha', label: 'Mocha' },
];
/** A picture choice's options (each with an image) and a statement, for the wave-4 display types. */
export const pictureOptions = [
  { value: 'fox', label: 'Fox', image: '/i/00000000-0000-4000-8000-0000000000f0', score: 2 },
  { value: 'owl', label: 'Owl', image: '/i/00000000-0000-4000-8000-0000000000f1', score: 1 },
];
const required = { validation: { required: true } };
const point = (min: number, max: number) => `values.q: Choose a whole number from ${min} to ${max}`;

const ok = (name: string, field: TypeCase['field'], q: unknown, accepted: unknown = q): TypeCase => ({
  name,
  field,
  values: q === undefined ? {} : { q },
  problems: [],
  accepted,
});
const refused = (name: string, field: TypeCase['field'], q: unknown, ...problems: string[]): TypeCase => ({
  name,
  field,
  values: q === undefined ? {} : { q },
  problems,
});
const when = (
  name: string,
  field: TypeCase['field'],
  q: unknown,
  condition: NonNullable<TypeCase['when']>['condition'],
  shows: boolean,
): TypeCase => ({ name, field, values: { q, shown: 'x' }, problems: [], when: { condition, shows } });

/** Every row. */
export const typeCases: TypeCase[] = [
  // rating: 1 to scale.max (5 unless given)
  ok('rating 1', { type: 'rating' }, 1),
  ok('rating 5 of 5', { type: 'rating' }, 5),
  ok('rating 10 of 10', { type: 'rating', scale: { max: 10 } }, 10),
  refused('rating 0', { type: 'rating' }, 0, point(1, 5)),
  refused('rating max + 1', { type: 'rating' }, 6, point(1, 5)),
  refused('rating 2.5', { type: 'rating' }, 2.5, point(1, 5)),
  refused('rating as text', { type: 'rating' }, '3', point(1, 5)),
  ok('rating empty', { type: 'rating' }, undefined, undefined),
  refused('rating required, empty', { type: 'rating', ...required }, undefined, 'values.q: This field is required'),
  // scale: min 0 or 1 (1), max 2 to 10 (5)
  ok('scale 1 to 5', { type: 'scale' }, 3),
  refused('scale 0 on 1..5', { type: 'scale' }, 0, point(1, 5)),
  ok('scale 0 on 0..10', { type: 'scale', scale: { min: 0, max: 10 } }, 0),
  refused('scale 11 on 0..10', { type: 'scale', scale: { min: 0, max: 10 } }, 11, point(0, 10)),
  // nps: 0 to 10
  ok('nps 0', { type: 'nps' }, 0),
  ok('nps 10', { type: 'nps' }, 10),
  refused('nps -1', { type: 'nps' }, -1, point(0, 10)),
  refused('nps 11', { type: 'nps' }, 11, point(0, 10)),
  refused('nps 7.5', { type: 'nps' }, 7.5, point(0, 10)),
  // matrix: an object row -> column (a list of columns when multiple); problems at values.q.<row>
  ok('matrix one row', { type: 'matrix', matrix: grid }, { speed: 'good' }),
  ok('matrix every row', { type: 'matrix', matrix: grid }, { speed: 'good', price: 'bad' }),
  refused(
    'matrix unknown row',
    { type: 'matrix', matrix: grid },
    { taste: 'ok' },
    'values.q.taste: Not a row of this question',
  ),
  refused(
    'matrix unknown column',
    { type: 'matrix', matrix: grid },
    { speed: 'great' },
    'values.q.speed: Choose one of the columns',
  ),
  refused('matrix not an object', { type: 'matrix', matrix: grid }, 'good', 'values.q: Choose one of the columns'),
  refused(
    'matrix required, a row missing',
    { type: 'matrix', matrix: grid, ...required },
    { speed: 'ok' },
    'values.q.price: Answer every row',
  ),
  refused(
    'matrix required, no row',
    { type: 'matrix', matrix: grid, ...required },
    {},
    'values.q: This field is required',
  ),
  ok('matrix multiple', { type: 'matrix', matrix: { ...grid, multiple: true } }, { speed: ['ok', 'good'] }),
  refused(
    'matrix multiple, a column twice',
    { type: 'matrix', matrix: { ...grid, multiple: true } },
    { speed: ['ok', 'ok'] },
    'values.q.speed: Choose one of the columns',
  ),
  ok('matrix empty', { type: 'matrix', matrix: grid }, {}),
  // ranking: distinct option values in order; required ranks all; minLength at least that many
  ok('ranking all', { type: 'ranking', options: coffee }, ['mocha', 'espresso', 'latte']),
  ok('ranking some', { type: 'ranking', options: coffee }, ['latte']),
  refused(
    'ranking duplicate',
    { type: 'ranking', options: coffee },
    ['latte', 'latte'],
    'values.q: Rank the options, each once',
  ),
  refused('ranking unknown', { type: 'ranking', options: coffee }, ['tea'], 'values.q: Rank the options, each once'),
  refused(
    'ranking required, one left out',
    { type: 'ranking', options: coffee, ...required },
    ['latte', 'mocha'],
    'values.q: Rank every option',
  ),
  refused(
    'ranking top 2, one given',
    { type: 'ranking', options: coffee, validation: { minLength: 2 } },
    ['latte'],
    'values.q: Choose at least 2 options',
  ),
  // time: HH:MM, 00:00 to 23:59
  ok('time 00:00', { type: 'time' }, '00:00'),
  ok('time 23:59', { type: 'time' }, '23:59'),
  refused('time 24:00', { type: 'time' }, '24:00', 'values.q: Enter a valid time (HH:MM)'),
  refused('time 9:30', { type: 'time' }, '9:30', 'values.q: Enter a valid time (HH:MM)'),
  refused('time 12:60', { type: 'time' }, '12:60', 'values.q: Enter a valid time (HH:MM)'),
  // picture: one option, or a list when multiple
  ok('picture one', { type: 'picture', options: pictureOptions }, 'fox'),
  refused(
    'picture unknown',
    { type: 'picture', options: pictureOptions },
    'cat',
    'values.q: Choose one of the options',
  ),
  ok('picture multiple', { type: 'picture', options: pictureOptions, multiple: true }, ['owl', 'fox']),
  refused(
    'picture multiple, one twice',
    { type: 'picture', options: pictureOptions, multiple: true },
    ['owl', 'owl'],
    'values.q: Choose from the options, each at most once',
  ),
  refused(
    'picture multiple, at most 1',
    { type: 'picture', options: pictureOptions, multiple: true, validation: { maxLength: 1 } },
    ['owl', 'fox'],
    'values.q: Choose at most 1 option',
  ),
  // statement: no answer; a posted value is an unknown field
  ok('statement shown, nothing posted', { type: 'statement', body: 'Welcome **in**' }, undefined, undefined),
  refused('statement posted', { type: 'statement', body: 'Hi' }, 'x', 'values.q: unknown field'),
  // posts without JavaScript
  {
    name: 'picture multiple posted as checkboxes',
    field: { type: 'picture', options: pictureOptions, multiple: true },
    values: { q: 'fox' },
    problems: [],
    accepted: ['fox'],
    coerce: true,
  },
  {
    name: 'picture posted',
    field: { type: 'picture', options: pictureOptions },
    values: { q: 'owl' },
    problems: [],
    accepted: 'owl',
    coerce: true,
  },
  { name: 'rating posted', field: { type: 'rating' }, values: { q: '4' }, problems: [], accepted: 4, coerce: true },
  {
    name: 'matrix posted as a group per row',
    field: { type: 'matrix', matrix: grid },
    values: { 'q.speed': 'ok', 'q.price': 'good' },
    problems: [],
    accepted: { speed: 'ok', price: 'good' },
    coerce: true,
  },
  {
    name: 'matrix multiple posted as checkbox groups',
    field: { type: 'matrix', matrix: { ...grid, multiple: true } },
    values: { 'q.speed': ['ok', 'good'], 'q.price': 'bad' },
    problems: [],
    accepted: { speed: ['ok', 'good'], price: ['bad'] },
    coerce: true,
  },
  {
    name: 'ranking posted as position selects',
    field: { type: 'ranking', options: coffee },
    values: { 'q.espresso': '2', 'q.latte': '', 'q.mocha': '1' },
    problems: [],
    accepted: ['mocha', 'espresso'],
    coerce: true,
  },
  {
    name: 'ranking posted with two at one position',
    field: { type: 'ranking', options: coffee },
    values: { 'q.espresso': '1', 'q.latte': '1', 'q.mocha': '' },
    problems: ['values.q: Rank the options, each once'],
    coerce: true,
  },
  // conditions at their edges: "less than 7" is a detractor
  when('nps 6 < 7', { type: 'nps' }, 6, { lt: 7 }, true),
  when('nps 7 < 7', { type: 'nps' }, 7, { lt: 7 }, false),
  when('nps 9 >= 9', { type: 'nps' }, 9, { gte: 9 }, true),
  when('nps 8 >= 9', { type: 'nps' }, 8, { gte: 9 }, false),
  when('rating 4 > 3', { type: 'rating' }, 4, { gt: 3 }, true),
  when('rating 3 <= 3', { type: 'rating' }, 3, { lte: 3 }, true),
  when('time 09:00 < 12:00', { type: 'time' }, '09:00', { lt: '12:00' }, true),
  when('time 12:00 < 12:00', { type: 'time' }, '12:00', { lt: '12:00' }, false),
  when('matrix row eq', { type: 'matrix', matrix: grid }, { speed: 'bad' }, { field: 'q.speed', eq: 'bad' }, true),
  when('matrix other row', { type: 'matrix', matrix: grid }, { speed: 'bad' }, { field: 'q.price', eq: 'bad' }, false),
  when(
    'matrix row answered',
    { type: 'matrix', matrix: grid },
    { price: 'ok' },
    { field: 'q.price', notEmpty: true },
    true,
  ),
  when('ranking answered', { type: 'ranking', options: coffee }, ['latte'], { notEmpty: true }, true),
];

/** The form of a case: q, then `shown` with the case's condition. */
export function caseDefinition(c: TypeCase) {
  const fields: FormField[] = [{ key: 'q', label: 'Q', ...c.field } as FormField];
  if (c.when) fields.push({ key: 'shown', type: 'text', label: 'Shown', show: [{ field: 'q', ...c.when.condition }] });
  return { id: 'types', title: 'Types', submit: { label: 'Send' }, fields };
}

/** Publish refusals: a field of q and the one detail expected. */
export const refusedFields: { field: Record<string, unknown>; detail: string }[] = [
  { field: { type: 'rating', scale: { max: 11 } }, detail: 'fields[0].scale.max: rating max is 3 to 10' },
  { field: { type: 'rating', scale: { max: 2 } }, detail: 'fields[0].scale.max: rating max is 3 to 10' },
  { field: { type: 'rating', scale: { min: 0 } }, detail: 'fields[0].scale.min: min is not set on rating' },
  { field: { type: 'scale', scale: { min: 2 } }, detail: 'fields[0].scale.min: scale min is 0 to 1' },
  { field: { type: 'scale', scale: { max: 11 } }, detail: 'fields[0].scale.max: scale max is 2 to 10' },
  { field: { type: 'scale', scale: { max: 1 } }, detail: 'fields[0].scale.max: scale max is 2 to 10' },
  { field: { type: 'nps', scale: { min: 1 } }, detail: 'fields[0].scale.min: min is not set on nps' },
  { field: { type: 'nps', scale: { icon: 'heart' } }, detail: 'fields[0].scale.icon: icon is for rating fields only' },
  {
    field: { type: 'text', scale: { max: 5 } },
    detail: 'fields[0].scale: a text field has no scale (rating, scale, nps only)',
  },
  { field: { type: 'matrix' }, detail: 'fields[0].matrix: a matrix field needs matrix.rows and matrix.columns' },
  {
    field: { type: 'matrix', matrix: { rows: [], columns: grid.columns } },
    detail: 'fields[0].matrix.rows: a matrix has 1 to 30 rows',
  },
  {
    field: {
      type: 'matrix',
      matrix: {
        rows: Array.from({ length: 31 }, (_, i) => ({ value: `r${i}`, label: `R${i}` })),
        columns: grid.columns,
      },
    },
    detail: 'fields[0].matrix.rows: a matrix has 1 to 30 rows',
  },
  {
    field: { type: 'matrix', matrix: { rows: grid.rows, columns: grid.columns.slice(0, 1) } },
    detail: 'fields[0].matrix.columns: a matrix has 2 to 12 columns',
  },
  {
    field: {
      type: 'matrix',
      matrix: { rows: grid.rows, columns: Array.from({ length: 13 }, (_, i) => ({ value: `c${i}`, label: `C${i}` })) },
    },
    detail: 'fields[0].matrix.columns: a matrix has 2 to 12 columns',
  },
  {
    field: { type: 'matrix', matrix: { rows: [grid.rows[0], grid.rows[0]], columns: grid.columns } },
    detail: 'fields[0].matrix.rows[1].value: duplicate value "speed"',
  },
  {
    field: { type: 'ranking', options: coffee.slice(0, 1) },
    detail: 'fields[0].options: a ranking has 2 to 20 options',
  },
  {
    field: { type: 'ranking', options: Array.from({ length: 21 }, (_, i) => ({ value: `o${i}`, label: `O${i}` })) },
    detail: 'fields[0].options: a ranking has 2 to 20 options',
  },
  {
    field: { type: 'ranking', optionsFrom: 'drinks' },
    detail: 'fields[0].optionsFrom: a ranking orders static options only',
  },
  {
    field: { type: 'rating', defaultValue: 6 },
    detail: 'fields[0].defaultValue: not valid for a rating field (Choose a whole number from 1 to 5)',
  },
];

/** The edges that pass: the bounds themselves. */
export const acceptedFields: Record<string, unknown>[] = [
  { type: 'rating', scale: { max: 3, icon: 'heart' } },
  { type: 'rating', scale: { max: 10, icon: 'number' } },
  { type: 'scale', scale: { min: 0, max: 2, minLabel: 'No', maxLabel: 'Yes' } },
  { type: 'scale', scale: { min: 1, max: 10 } },
  { type: 'nps', scale: { minLabel: 'Never', maxLabel: 'Surely' } },
  {
    type: 'matrix',
    matrix: { rows: Array.from({ length: 30 }, (_, i) => ({ value: `r${i}`, label: `R${i}` })), columns: grid.columns },
  },
  {
    type: 'matrix',
    matrix: { rows: grid.rows, columns: Array.from({ length: 12 }, (_, i) => ({ value: `c${i}`, label: `C${i}` })) },
  },
  { type: 'matrix', matrix: { rows: grid.rows.slice(0, 1), columns: grid.columns.slice(0, 2) } },
  { type: 'ranking', options: coffee.slice(0, 2) },
  { type: 'ranking', options: Array.from({ length: 20 }, (_, i) => ({ value: `o${i}`, label: `O${i}` })) },
  { type: 'signature' },
  { type: 'time', defaultValue: '08:30' },
  { type: 'picture', options: pictureOptions, multiple: true, validation: { minLength: 1, maxLength: 2 } },
  { type: 'statement', body: 'Read [our policy](https://example.com/privacy).' },
];

/** A one-field definition of q with `field`. */
export const oneField = (field: Record<string, unknown>) => ({
  id: 'types',
  title: 'Types',
  submit: { label: 'Send' },
  fields: [{ key: 'q', label: 'Q', ...field }],
});
