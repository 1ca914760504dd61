// The engine's side of Wave 3 "Answers that flow": hidden and url fields, calculations in a submission
// (stored, posted values ignored, read by conditions and routes), piping and prefill.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  createFormState,
  evaluateSubmission,
  type FormDefinition,
  type FormField,
  pipedField,
  pipedStep,
  pipeText,
  prefillPairs,
  prefillValues,
  resolvePath,
} from '../../shared/engine/index.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const base = { id: 'f', title: 'F', submit: { label: 'Send' } };
const text = (key: string, more: Partial<FormField> = {}): FormField => ({ key, type: 'text', label: key, ...more });
const question = (key: string, scores: [number, number]): FormField => ({
  key,
  type: 'radio',
  label: key,
  options: [
    { value: 'right', label: 'Right answer', score: scores[0] },
    { value: 'wrong', label: 'Wrong answer', score: scores[1] },
  ],
});

const types = suite('hidden and url fields');

types('url: absolute http or https addresses only, with a plain-words message', () => {
  const def = checked({ ...base, fields: [{ key: 'site', type: 'url', label: 'Website' }] });
  for (const good of [
    'https://example.com',
    'http://example.com:8080/a?b=c#d',
    'https://例え.jp/パス',
    'HTTPS://X.ORG',
  ])
    assert.equal(evaluateSubmission(def, { site: good }).problems, [], good);
  for (const bad of ['example.com', 'ftp://example.com', 'https://', 'https:example.com', 'https://exa mple.com', 7])
    assert.equal(
      evaluateSubmission(def, { site: bad }).problems,
      ['values.site: Enter a full web address starting with https://'],
      String(bad),
    );
});

types('hidden: a text stored like any answer, its default when absent', () => {
  const def = checked({
    ...base,
    fields: [text('name'), { key: 'ref', type: 'hidden', label: 'Ref', defaultValue: 'direct' }],
  });
  assert.equal(evaluateSubmission(def, { name: 'Ada' }).values, { name: 'Ada', ref: 'direct' });
  assert.equal(evaluateSubmission(def, { name: 'Ada', ref: 'newsletter' }).values, { name: 'Ada', ref: 'newsletter' });
  assert.equal(evaluateSubmission(def, { ref: 3 }).problems, ['values.ref: Enter text']);
});

const calcs = suite('calculations in a submission');

const quiz = checked({
  ...base,
  fields: [question('q1', [2, 0]), question('q2', [3, 0]), text('name')],
  calculations: [
    { key: 'total', formula: 'score(q1) + score(q2)', label: 'Total' },
    { key: 'passed', formula: 'total >= 3' },
    { key: 'nothing', formula: 'none_given / 0'.replace('none_given', '1') },
  ],
});

calcs('each result is stored under its key after the answers, null included', () => {
  const result = evaluateSubmission(quiz, { q1: 'right', q2: 'right', name: 'Ada' });
  assert.equal(result.problems, []);
  assert.equal(result.values, { q1: 'right', q2: 'right', name: 'Ada', total: 5, passed: true, nothing: null });
  assert.equal(Object.keys(result.values), ['q1', 'q2', 'name', 'total', 'passed', 'nothing']);
});

calcs('a posted value for a calculation key is ignored, not refused: the engine computes its own', () => {
  const result = evaluateSubmission(quiz, { q1: 'wrong', q2: 'wrong', total: 100, passed: true });
  assert.equal(result.problems, []);
  assert.is(result.values.total, 0);
  assert.is(result.values.passed, false);
  // Evaluating the accepted values again gives the same values.
  assert.equal(evaluateSubmission(quiz, result.values).values, result.values);
});

calcs('conditions, routes and buttons read calculations', () => {
  const def = checked({
    ...base,
    steps: [
      {
        id: 'quiz',
        title: 'Quiz',
        fields: [question('q1', [2, 0]), text('why', { show: [{ field: 'points', eq: 0 }] })],
        routes: [{ to: 'expert', show: [{ field: 'points', eq: 2 }] }],
      },
      { id: 'basics', title: 'Basics', fields: [text('basic')] },
      { id: 'expert', title: 'Expert', fields: [text('expert')] },
    ],
    submit: { label: 'Send', disabled: [{ field: 'points', eq: 0 }] },
    calculations: [{ key: 'points', formula: 'score(q1)' }],
  });
  assert.equal(resolvePath(def, { q1: 'right' }).steps, ['quiz', 'expert']);
  assert.equal(resolvePath(def, { q1: 'wrong' }).steps, ['quiz', 'basics', 'expert']);
  assert.equal(resolvePath(def, { q1: 'wrong' }).visibleKeys, ['q1', 'why', 'basic', 'expert']);
  assert.equal(resolvePath(def, { q1: 'right' }).visibleKeys, ['q1', 'expert']);
  assert.equal(evaluateSubmission(def, { q1: 'wrong', why: 'x' }).problems, [
    'values: the submit button is disabled for these answers',
  ]);
});

calcs(
  'a field whose condition reads a calculation is settled after the calculation inputs, even if written first',
  () => {
    const def = checked({
      ...base,
      fields: [text('bonus', { show: [{ field: 'big', eq: true }] }), { key: 'qty', type: 'number', label: 'Qty' }],
      calculations: [{ key: 'big', formula: 'qty > 10' }],
    });
    assert.equal(evaluateSubmission(def, { qty: 11, bonus: 'yes' }).values, { bonus: 'yes', qty: 11, big: true });
    assert.equal(evaluateSubmission(def, { qty: 3, bonus: 'yes' }).values, { qty: 3, big: false });
  },
);

calcs('a calculation reads a hidden (cleared) field as no answer', () => {
  const def = checked({
    ...base,
    fields: [
      { key: 'more', type: 'checkbox', label: 'More' },
      { key: 'qty', type: 'number', label: 'Qty', show: [{ field: 'more', eq: true }] },
    ],
    calculations: [{ key: 'price', formula: 'qty * 10' }],
  });
  assert.equal(evaluateSubmission(def, { more: false, qty: 4 }).values, { more: false, price: null });
  assert.equal(evaluateSubmission(def, { more: true, qty: 4 }).values, { more: true, qty: 4, price: 40 });
});

calcs('form state keeps results up to date as answers change', () => {
  const state = createFormState(quiz);
  assert.is(state.values.total, 0);
  state.setValue('q1', 'right');
  assert.is(state.values.total, 2);
  state.setValue('total', 99);
  assert.is(state.values.total, 2);
  assert.equal(state.submit().values.total, 2);
});

const piping = suite('piping');

const piped = checked({
  ...base,
  steps: [
    {
      id: 'one',
      title: 'Hello',
      fields: [
        text('name'),
        {
          key: 'tags',
          type: 'multiselect',
          label: 'Tags',
          options: [
            { value: 'a', label: 'Apples' },
            { value: 'b', label: 'Bananas' },
          ],
        },
        { key: 'ok', type: 'checkbox', label: 'OK' },
        question('q1', [2, 0]),
      ],
    },
    {
      id: 'two',
      title: 'Thanks {{name}}',
      description: 'You like {{ tags }} ({{ok}}), score {{points}}, {{q1}}',
      fields: [text('more', { label: 'More, {{name}}?', helperText: '<b>{{name}}</b>', placeholder: 'Not {{ q1 }}' })],
    },
  ],
  calculations: [{ key: 'points', formula: 'score(q1)' }],
});

piping('answers read as text: option labels, lists joined with ", ", Yes/No, empty when unanswered', () => {
  const values = evaluateSubmission(piped, { name: 'Ada', tags: ['a', 'b'], ok: true, q1: 'right' }).values;
  const step = pipedStep(piped, piped.steps![1], values);
  assert.is(step.title, 'Thanks Ada');
  assert.is(step.description, 'You like Apples, Bananas (Yes), score 2, Right answer');
  const field = pipedField(piped, piped.steps![1].fields[0], values);
  assert.is(field.label, 'More, Ada?');
  // Text, never markup: the caller escapes it; here it is only the answer put in place.
  assert.is(field.helperText, '<b>Ada</b>');
  assert.is(field.placeholder, 'Not Right answer');
  assert.is(pipeText(piped, 'Hi {{name}}', {}), 'Hi ');
  assert.is(pipeText(piped, 'Hi {{nobody}}!', { nobody: 'x' }), 'Hi !');
  assert.is(pipeText(piped, 'Cost: {{name}}', { name: '$& $1 $$' }), 'Cost: $& $1 $$');
});

piping('a text without {{ is returned as the same string, a field without piping as the same object', () => {
  const field = piped.steps![0].fields[0];
  assert.is(pipedField(piped, field, { name: 'Ada' }), field);
  assert.is(pipeText(piped, 'plain', { name: 'Ada' }), 'plain');
});

const prefill = suite('prefill');

const prefillForm = checked({
  ...base,
  fields: [
    text('name'),
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'age', type: 'number', label: 'Age' },
    { key: 'agree', type: 'checkbox', label: 'Agree' },
    {
      key: 'tags',
      type: 'multiselect',
      label: 'Tags',
      options: ['a', 'b', 'c'].map((value) => ({ value, label: value })),
    },
    { key: 'secret', type: 'password', label: 'Secret' },
    { key: 'when', type: 'datetime', label: 'When' },
    { key: 'ref', type: 'hidden', label: 'Ref' },
  ],
  calculations: [{ key: 'total', formula: 'age * 2' }],
});

prefill('query pairs become typed initial values; other types, calculations and unknown keys are ignored', () => {
  const query = new URLSearchParams(
    'name=Ada&email=ada@example.com&age=36&agree=true&tags=a,b&tags=c&secret=x&when=2026-01-01T10:00' +
      '&ref=newsletter&total=5&utm_source=mail',
  );
  assert.equal(prefillValues(prefillForm, query), {
    name: 'Ada',
    email: 'ada@example.com',
    age: 36,
    agree: true,
    tags: ['a', 'b', 'c'],
    ref: 'newsletter',
  });
});

prefill('a value that does not fit is kept, and the engine names it as the field error on submit', () => {
  const values = prefillValues(prefillForm, [
    ['age', 'lots'],
    ['agree', 'maybe'],
    ['email', 'nope'],
  ]);
  assert.equal(values, { age: 'lots', agree: 'maybe', email: 'nope' });
  const state = createFormState(prefillForm, { values });
  assert.equal(state.errors, {});
  assert.equal(state.submit().errors, {
    email: 'Enter a valid email address',
    age: 'Enter a number',
    agree: 'Must be on or off',
  });
});

prefill('an embed data-prefill object becomes the same pairs', () => {
  const pairs = prefillPairs({ name: 'Ada', age: 36, agree: false, tags: ['a', 'b'], nested: { x: 1 }, nil: null });
  assert.equal(pairs, [
    ['name', 'Ada'],
    ['age', '36'],
    ['agree', 'false'],
    ['tags', 'a'],
    ['tags', 'b'],
  ]);
  assert.equal(prefillValues(prefillForm, pairs), { name: 'Ada', age: 36, agree: false, tags: ['a', 'b'] });
  assert.equal(prefillPairs('not an object'), []);
  assert.equal(prefillPairs([1, 2]), []);
});

types.run();
calcs.run();
piping.run();
prefill.run();
