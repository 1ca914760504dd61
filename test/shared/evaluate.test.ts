import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  evaluateSubmission,
  type FormDefinition,
  type FormField,
  type FormStep,
} from '../../shared/engine/index.ts';
import { getPlan } from '../../shared/engine/plan.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input, { regex: linearRegex });
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const text = (key: string, more: Partial<FormField> = {}): FormField => ({ key, type: 'text', label: key, ...more });
const single = (fields: FormField[], more: Record<string, unknown> = {}) =>
  checked({ id: 'f', title: 'F', submit: { label: 'Send' }, fields, ...more });
const stepped = (steps: FormStep[], more: Record<string, unknown> = {}) =>
  checked({ id: 'f', title: 'F', submit: { label: 'Send' }, steps, ...more });

const contact = single([
  text('name', { validation: { required: 'Please tell us your name', minLength: 2 } }),
  { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
  {
    key: 'topic',
    type: 'select',
    label: 'Topic',
    options: [
      { value: 'sales', label: 'Sales' },
      { value: 'other', label: 'Other' },
    ],
    defaultValue: 'sales',
  },
  text('other', { show: [{ field: 'topic', eq: 'other' }], validation: { required: true } }),
  { key: 'message', type: 'textarea', label: 'Message', validation: { maxLength: 20, pattern: '\\S' } },
]);

const accepted = suite('evaluateSubmission: accepted values');

accepted('valid values come back with no problems', () => {
  assert.equal(
    evaluateSubmission(contact, {
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'other',
      other: 'Hi',
      message: 'Hello',
    }),
    {
      values: { name: 'Ada', email: 'ada@example.com', topic: 'other', other: 'Hi', message: 'Hello' },
      problems: [],
      errors: {},
    },
  );
});

accepted('an absent visible field gets its default value', () => {
  assert.equal(evaluateSubmission(contact, { name: 'Ada', email: 'ada@example.com' }).values, {
    name: 'Ada',
    email: 'ada@example.com',
    topic: 'sales',
  });
});

accepted('hidden fields are dropped silently: never returned, never a problem', () => {
  const result = evaluateSubmission(contact, { name: 'Ada', email: 'ada@example.com', topic: 'sales', other: 12345 });
  assert.equal(result.problems, []);
  assert.equal(result.values, { name: 'Ada', email: 'ada@example.com', topic: 'sales' });
});

accepted('explicit empty answers are kept as given; only absent fields are left out', () => {
  const def = single([
    text('a'),
    { key: 'b', type: 'checkbox', label: 'B' },
    { key: 'c', type: 'multiselect', label: 'C', optionsFrom: 'x' },
    text('d'),
    text('e'),
  ]);
  assert.equal(evaluateSubmission(def, { a: '', b: false, c: [], d: null }).values, {
    a: '',
    b: false,
    c: [],
    d: null,
  });
});

accepted('accepted values evaluate to themselves again, even an answer cleared over a default', () => {
  const once = evaluateSubmission(contact, { name: 'Ada', email: 'a@b.co', topic: '', message: '' });
  assert.equal(once.values, { name: 'Ada', email: 'a@b.co', topic: '', message: '' });
  assert.equal(evaluateSubmission(contact, once.values), once);
});

accepted('the result does not depend on the order of the posted keys', () => {
  const a = evaluateSubmission(contact, { topic: 'other', other: 'x', name: 'Ada', email: 'a@b.c' });
  const b = evaluateSubmission(contact, { email: 'a@b.c', other: 'x', name: 'Ada', topic: 'other' });
  assert.equal(a, b);
});

accepted('the per-definition structures are built once and reused', () => {
  assert.is(getPlan(contact), getPlan(contact));
  assert.is.not(getPlan(contact), getPlan(structuredClone(contact)));
});

accepted.run();

const rejected = suite('evaluateSubmission: problems');

rejected('every problem is listed as values.<key>: <message>', () => {
  const result = evaluateSubmission(contact, { name: 'A', email: 'not an address', topic: 'other', message: '   ' });
  assert.equal(result.problems, [
    'values.name: Must be at least 2 characters',
    'values.email: Enter a valid email address',
    'values.other: This field is required',
    'values.message: Invalid format',
  ]);
  assert.equal(result.errors, {
    name: 'Must be at least 2 characters',
    email: 'Enter a valid email address',
    other: 'This field is required',
    message: 'Invalid format',
  });
});

rejected('keys no field has are rejected, quoted when they are not plain names', () => {
  const result = evaluateSubmission(contact, {
    name: 'Ada',
    email: 'a@b.co',
    admin: true,
    'two words': 1,
    __proto__x: 1,
  });
  assert.equal(result.problems, [
    'values.admin: unknown field',
    'values["two words"]: unknown field',
    'values.__proto__x: unknown field',
  ]);
});

rejected('a "__proto__" key from JSON is just an unknown field', () => {
  const raw = JSON.parse('{"name":"Ada","email":"a@b.co","__proto__":{"polluted":true}}');
  const result = evaluateSubmission(contact, raw);
  assert.equal(result.problems, ['values.__proto__: unknown field']);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(Object.getPrototypeOf(result.values), Object.prototype);
});

rejected('values that are not an object are one problem', () => {
  for (const raw of [null, [], 'x'])
    assert.equal(evaluateSubmission(contact, raw as never).problems, ['values: expected an object']);
});

rejected('the required message override is used', () => {
  assert.equal(evaluateSubmission(contact, { email: 'a@b.co' }).problems, ['values.name: Please tell us your name']);
});

rejected('a field named after an Object.prototype member is an ordinary field', () => {
  const def = single([
    text('constructor', { validation: { required: true } }),
    text('toString', { show: [{ field: 'constructor', notEmpty: true }] }),
  ]);
  assert.equal(evaluateSubmission(def, {}).problems, ['values.constructor: This field is required']);
  assert.equal(evaluateSubmission(def, { constructor: 'x', toString: 'y' }).values, {
    constructor: 'x',
    toString: 'y',
  });
});

rejected('a disabled submit button refuses the submission', () => {
  const def = single([{ key: 'agree', type: 'checkbox', label: 'Agree' }], {
    submit: { label: 'Send', disabled: [{ field: 'agree', neq: true }] },
  });
  assert.equal(evaluateSubmission(def, { agree: false }).problems, [
    'values: the submit button is disabled for these answers',
  ]);
  assert.equal(evaluateSubmission(def, { agree: true }).problems, []);
});

rejected.run();

// A multi-step form: contact details, an optional survey step that can be skipped, a final step.
const signup = stepped([
  {
    id: 'you',
    title: 'You',
    fields: [text('name', { validation: { required: true } }), { key: 'student', type: 'checkbox', label: 'Student' }],
    routes: [{ to: 'done', show: [{ field: 'student', eq: true }] }],
  },
  {
    id: 'survey',
    title: 'Survey',
    skip: { label: 'Skip survey' },
    next: { label: 'Next', disabled: [{ field: 'rating', eq: 1 }] },
    fields: [
      {
        key: 'rating',
        type: 'number',
        label: 'Rating',
        defaultValue: 3,
        validation: { required: true, min: 1, max: 5 },
      },
      text('why', { validation: { required: true } }),
    ],
  },
  { id: 'done', title: 'Done', fields: [text('comment', { show: [{ field: 'rating', neq: 3 }] })] },
]);

const steps = suite('evaluateSubmission: steps and skipping');

steps('only fields on the path are validated and returned; off-path fields read as no answer', () => {
  const result = evaluateSubmission(signup, { name: 'Ada', student: true, rating: 9, why: '', comment: 'hi' });
  assert.equal(result.problems, []);
  // The survey step is routed past, so rating is no answer, which is not 3: comment is visible.
  assert.equal(result.values, { name: 'Ada', student: true, comment: 'hi' });
});

steps('fields of steps on the path are validated', () => {
  assert.equal(evaluateSubmission(signup, { name: 'Ada', rating: 9 }).problems, [
    'values.rating: Must be at most 5',
    'values.why: This field is required',
  ]);
});

steps('a skipped step is reset to its defaults and not validated; later conditions see the defaults', () => {
  const result = evaluateSubmission(
    signup,
    { name: 'Ada', rating: 9, why: '', comment: 'great' },
    { skippedSteps: ['survey'] },
  );
  assert.equal(result.problems, []);
  assert.equal(result.values, { name: 'Ada', rating: 3 });
});

steps('a step without a skip button, or an unknown step, cannot be skipped', () => {
  const result = evaluateSubmission(
    signup,
    { name: 'Ada', student: true },
    { skippedSteps: ['you', 'nowhere', 'survey'] },
  );
  assert.equal(result.problems, [
    'skippedSteps[0]: step "you" has no skip button',
    'skippedSteps[1]: no step has the id "nowhere"',
  ]);
  assert.equal(result.values, { name: 'Ada', student: true });
});

steps('a malformed skippedSteps is a problem', () => {
  assert.equal(
    evaluateSubmission(signup, { name: 'Ada', student: true }, { skippedSteps: 'survey' as never }).problems,
    ['skippedSteps: expected a list of step ids'],
  );
  assert.equal(evaluateSubmission(signup, { name: 'Ada', student: true }, { skippedSteps: [3] as never }).problems, [
    'skippedSteps[0]: expected a step id',
  ]);
});

steps('a step whose Continue button is disabled for the answers refuses the submission, unless it was skipped', () => {
  assert.equal(evaluateSubmission(signup, { name: 'Ada', rating: 1, why: 'meh' }).problems, [
    'values: the Continue button of step "survey" is disabled for these answers',
  ]);
  assert.equal(evaluateSubmission(signup, { name: 'Ada', rating: 1 }, { skippedSteps: ['survey'] }).problems, []);
});

steps.run();
