import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  coerceFormValues,
  evaluateSubmission,
  type FormDefinition,
} from '../../shared/engine/index.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const options = ['a', 'b', 'c'].map((value) => ({ value, label: value }));
const def = checked({
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  fields: [
    { key: 'age', type: 'number', label: 'Age' },
    { key: 'agree', type: 'checkbox', label: 'Agree' },
    { key: 'news', type: 'switch', label: 'News' },
    { key: 'tags', type: 'multiselect', label: 'Tags', options },
    { key: 'name', type: 'text', label: 'Name' },
  ],
});
const coerce = (raw: Record<string, unknown>) => coerceFormValues(def, raw);

const numbers = suite('coerce: numbers');

numbers('numeric text becomes a number; empty text becomes null, an explicit no answer', () => {
  assert.equal(coerce({ age: '42' }).age, 42);
  assert.equal(coerce({ age: ' -1.5 ' }).age, -1.5);
  assert.equal(coerce({ age: '1e3' }).age, 1000);
  assert.equal(coerce({ age: '.5' }).age, 0.5);
  assert.is(coerce({ age: '' }).age, null);
  assert.is(coerce({ age: '   ' }).age, null);
  assert.not.ok('age' in coerce({}));
});

numbers('anything else stays text and then fails the number rule', () => {
  for (const text of ['4 2', '0x10', 'Infinity', 'twelve', '1,5']) assert.is(coerce({ age: text }).age, text);
  assert.equal(evaluateSubmission(def, { age: '0x10' }, { coerceFormStrings: true }).problems, [
    'values.age: Enter a number',
  ]);
});

numbers.run();

const toggles = suite('coerce: checkbox and switch');

toggles('"on" and "true" are true; "off", "false" and "" are false', () => {
  for (const text of ['on', 'true']) assert.is(coerce({ agree: text }).agree, true);
  for (const text of ['off', 'false', '']) assert.is(coerce({ agree: text }).agree, false);
});

toggles('an absent checkbox is false, as a browser leaves unchecked boxes out of the post', () => {
  assert.equal(coerce({}), { agree: false, news: false });
});

toggles('with a hidden "false" input before the box, the last value wins', () => {
  assert.is(coerce({ agree: ['false', 'on'] }).agree, true);
  assert.is(coerce({ agree: ['false'] }).agree, false);
});

toggles('an unknown word stays as posted and fails the type rule', () => {
  assert.is(coerce({ agree: 'yes' }).agree, 'yes');
});

toggles.run();

const lists = suite('coerce: multiselect and the rest');

lists('one string becomes a one-item list; repeated keys stay a list; "" is nothing chosen', () => {
  assert.equal(coerce({ tags: 'a' }).tags, ['a']);
  assert.equal(coerce({ tags: ['a', 'c'] }).tags, ['a', 'c']);
  assert.equal(coerce({ tags: '' }).tags, []);
  assert.not.ok('tags' in coerce({}));
});

lists('a cleared number does not bring its default back; an absent one does', () => {
  const withDefault = checkDefinition({
    id: 'd',
    title: 'D',
    submit: { label: 'S' },
    fields: [{ key: 'qty', type: 'number', label: 'Qty', defaultValue: 1 }],
  });
  if (!('definition' in withDefault)) throw new Error('invalid');
  assert.equal(evaluateSubmission(withDefault.definition, { qty: '' }, { coerceFormStrings: true }).values, {
    qty: null,
  });
  assert.equal(evaluateSubmission(withDefault.definition, {}, { coerceFormStrings: true }).values, { qty: 1 });
});

lists('text and unknown keys are left alone, and the input is not changed', () => {
  const raw = { name: ' 42 ', extra: 'x', age: '7' };
  const out = coerce(raw);
  assert.is(out.name, ' 42 ');
  assert.is(out.extra, 'x');
  assert.equal(raw, { name: ' 42 ', extra: 'x', age: '7' });
});

lists('evaluateSubmission coerces only when asked', () => {
  const post = { age: '42', agree: 'on', tags: 'b', name: 'Ada' };
  assert.equal(evaluateSubmission(def, post, { coerceFormStrings: true }), {
    values: { age: 42, agree: true, news: false, tags: ['b'], name: 'Ada' },
    problems: [],
    errors: {},
  });
  assert.equal(evaluateSubmission(def, post).problems, [
    'values.age: Enter a number',
    'values.agree: Must be on or off',
    'values.tags: Choose from the options, each at most once',
  ]);
});

lists.run();
