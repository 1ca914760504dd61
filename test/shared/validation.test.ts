import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  defaultMessages,
  typeProblem,
  validateField,
  type FieldValidation,
  type FormDefinition,
  type FormField,
  type ValidationOptions,
} from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';

function checked(fields: FormField[]): FormDefinition {
  const result = checkDefinition({ id: 'f', title: 'F', submit: { label: 'Send' }, fields });
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}

/** The message for `value` in a one-field form (plus any extra fields), or undefined. */
function messageFor(
  field: Partial<FormField>,
  value: unknown,
  options?: ValidationOptions,
  extra: FormField[] = [],
  others: Record<string, unknown> = {},
) {
  const def = checked([{ key: 'f', type: 'text', label: 'F', ...field } as FormField, ...extra]);
  return validateField(def, 'f', { ...others, f: value }, options);
}
const rule = (validation: FieldValidation, type = 'text') => ({ type, validation });

const required = suite('validation: required');

required('empty answers fail required with the default message; present ones pass', () => {
  for (const value of [undefined, null, '', []])
    assert.is(messageFor(rule({ required: true }), value), 'This field is required');
  assert.is(messageFor(rule({ required: true }), ' '), undefined);
  assert.is(messageFor(rule({ required: true }, 'number'), 0), undefined);
});

required('required as a string is the message; an empty string means the default', () => {
  assert.is(messageFor(rule({ required: 'Tell us your name' }), ''), 'Tell us your name');
  assert.is(messageFor(rule({ required: '' }), ''), 'This field is required');
  assert.is(messageFor(rule({ required: false }), ''), undefined);
});

required('a required checkbox or switch must be on', () => {
  for (const type of ['checkbox', 'switch']) {
    assert.is(messageFor(rule({ required: 'Please accept' }, type), false), 'Please accept');
    assert.is(messageFor(rule({ required: true }, type), true), undefined);
    assert.is(messageFor(rule({}, type), false), undefined);
  }
});

required('an empty answer to an optional field skips every other rule', () => {
  assert.is(
    messageFor({ type: 'email', validation: { minLength: 5, pattern: '^x', validator: 'never' } }, ''),
    undefined,
  );
  const validators = { never: () => 'called' };
  assert.is(messageFor(rule({ validator: 'never' }), undefined, { validators }), undefined);
});

required.run();

const types = suite('validation: built-in types');

types('each built-in type accepts its own kind of value and names the problem otherwise', () => {
  const options = new Set(['a', 'b']);
  const table: [type: string, good: unknown[], bad: unknown[], message: string][] = [
    ['text', ['hello', ' '], [3, true, ['a'], {}], 'Enter text'],
    ['textarea', ['line\nline'], [1], 'Enter text'],
    ['password', ['secret'], [false], 'Enter text'],
    ['phone', ['+31 6 1234'], [316], 'Enter text'],
    [
      'email',
      ['a@b.co', 'first.last+tag@sub.example.org', 'x@localhost'],
      ['a@', '@b.co', 'a b@c.d', 'a@b..c', 'a@-b.c', 3, `${'a'.repeat(250)}@b.co`],
      'Enter a valid email address',
    ],
    ['number', [0, -1.5, 1e9], ['42', NaN, Infinity, true], 'Enter a number'],
    ['checkbox', [true, false], ['on', 1], 'Must be on or off'],
    ['switch', [true], ['true'], 'Must be on or off'],
    [
      'date',
      ['2026-11-21', '2024-02-29', '2000-02-29'],
      ['2026-02-29', '1900-02-29', '2026-13-01', '2026-04-31', '2026-1-5', '21-11-2026', 20261121],
      'Enter a valid date (YYYY-MM-DD)',
    ],
    [
      'datetime',
      ['2026-11-21T09:30', '2026-11-21T09:30:15', '2026-11-21T09:30:15.123Z', '2026-11-21T23:59:59+05:30'],
      [
        '2026-11-21',
        '2026-11-21 09:30',
        '2026-11-21T24:00',
        '2026-11-21T09:60',
        '2026-02-30T10:00',
        '2026-11-21T09:30+25:00',
      ],
      'Enter a valid date and time',
    ],
    ['select', ['a'], ['c', 1, ['a']], 'Choose one of the options'],
    ['radio', ['b'], ['B'], 'Choose one of the options'],
    ['autocomplete', ['a'], ['zz'], 'Choose one of the options'],
    ['multiselect', [['a'], ['a', 'b']], ['a', ['c'], ['a', 'a'], [1]], 'Choose from the options, each at most once'],
  ];
  for (const [type, good, bad, message] of table) {
    for (const value of good)
      assert.is(typeProblem(type, value, { optionValues: options }), undefined, `${type} ${JSON.stringify(value)}`);
    for (const value of bad)
      assert.is(typeProblem(type, value, { optionValues: options }), message, `${type} ${JSON.stringify(value)}`);
  }
});

types('file and custom types take any value', () => {
  for (const type of ['file', 'star-rating'])
    for (const value of [1, 'x', { a: 1 }, [1]]) assert.is(typeProblem(type, value), undefined);
});

types('choice fields whose options come from optionsFrom take any string', () => {
  assert.is(messageFor({ type: 'select', optionsFrom: 'countries' }, 'anything'), undefined);
  assert.is(messageFor({ type: 'multiselect', optionsFrom: 'tags' }, ['x', 'y']), undefined);
  assert.is(messageFor({ type: 'select', optionsFrom: 'countries' }, 3), 'Choose one of the options');
});

types('a field checks its own options', () => {
  const field = {
    type: 'radio',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  };
  assert.is(messageFor(field, 'no'), undefined);
  assert.is(messageFor(field, 'maybe'), 'Choose one of the options');
});

types.run();

const bounds = suite('validation: lengths, min and max');

bounds('minLength and maxLength count characters of text, with the default or the given message', () => {
  assert.is(messageFor(rule({ minLength: 3 }), 'ab'), 'Must be at least 3 characters');
  assert.is(messageFor(rule({ minLength: 1, maxLength: 1 }), 'ab'), 'Must be at most 1 character');
  assert.is(messageFor(rule({ minLength: 3, minLengthMessage: 'Too short' }), 'ab'), 'Too short');
  assert.is(messageFor(rule({ maxLength: 2, maxLengthMessage: 'Too long' }), 'abc'), 'Too long');
  assert.is(messageFor(rule({ minLength: 2, maxLength: 3 }), 'abc'), undefined);
});

bounds('on a multiselect they count chosen options', () => {
  const field = { type: 'multiselect', options: ['a', 'b', 'c'].map((value) => ({ value, label: value })) };
  assert.is(messageFor({ ...field, validation: { minLength: 2 } }, ['a']), 'Choose at least 2 options');
  assert.is(messageFor({ ...field, validation: { maxLength: 1 } }, ['a', 'b']), 'Choose at most 1 option');
  assert.is(messageFor({ ...field, validation: { minLength: 1, maxLength: 2 } }, ['a', 'c']), undefined);
});

bounds('min and max bound numbers (inclusive), with the default or the given message', () => {
  const number = (validation: FieldValidation, value: number) => messageFor(rule(validation, 'number'), value);
  assert.is(number({ min: 18 }, 17), 'Must be at least 18');
  assert.is(number({ min: 18 }, 18), undefined);
  assert.is(number({ max: 10.5 }, 11), 'Must be at most 10.5');
  assert.is(number({ min: 1, minMessage: 'At least one' }, 0), 'At least one');
  assert.is(number({ max: 1, maxMessage: 'One at most' }, 2), 'One at most');
});

bounds('min and max do not apply to text or dates', () => {
  assert.is(messageFor(rule({ min: 5, max: 6 }), 'abc'), undefined);
  assert.is(messageFor(rule({ min: 5 }, 'date'), '2026-01-01'), undefined);
});

bounds('default messages are available for reuse', () => {
  assert.is(defaultMessages.minLength(1), 'Must be at least 1 character');
  assert.is(defaultMessages.matchField('Password'), 'Must match Password');
});

bounds.run();

const patterns = suite('validation: pattern');

patterns('a pattern is found anywhere in the value unless anchored (as in @formhaus/core)', () => {
  assert.is(messageFor(rule({ pattern: '\\d' }), 'abc1'), undefined);
  assert.is(messageFor(rule({ pattern: '^\\d+$' }), 'abc1'), 'Invalid format');
  assert.is(messageFor(rule({ pattern: '^\\d+$', patternMessage: 'Digits only' }), '12a'), 'Digits only');
});

patterns('numbers are matched as their decimal text; lists are not matched', () => {
  assert.is(messageFor(rule({ pattern: '^\\d{4}$' }, 'number'), 1234), undefined);
  assert.is(messageFor(rule({ pattern: '^\\d{4}$' }, 'number'), 12345), 'Invalid format');
  assert.is(messageFor({ type: 'multiselect', optionsFrom: 'x', validation: { pattern: '^z' } }, ['a']), undefined);
});

patterns('the engine passed in runs the pattern; both engines agree on Unicode', () => {
  for (const regex of [undefined, linearRegex]) {
    assert.is(messageFor(rule({ pattern: '^.$' }), '😀', { regex }), undefined);
    assert.is(messageFor(rule({ pattern: '^\\p{Lu}' }), 'Émile', { regex }), undefined);
    assert.is(messageFor(rule({ pattern: '^\\p{Lu}' }), 'émile', { regex }), 'Invalid format');
  }
});

patterns('a catastrophic pattern is harmless on the linear engine', () => {
  assert.is(messageFor(rule({ pattern: '^(a+)+$' }), `${'a'.repeat(5000)}!`, { regex: linearRegex }), 'Invalid format');
});

patterns.run();

const matching = suite('validation: matchField and custom validators');

matching('matchField needs the same value; the default message names the other field', () => {
  const password: FormField = { key: 'password', type: 'password', label: 'Password' };
  const confirm = { type: 'password', validation: { matchField: 'password' } };
  assert.is(messageFor(confirm, 'secret', undefined, [password], { password: 'secret' }), undefined);
  assert.is(messageFor(confirm, 'secret', undefined, [password], { password: 'Secret' }), 'Must match Password');
  assert.is(
    messageFor(
      { ...confirm, validation: { matchField: 'password', matchFieldMessage: 'Passwords differ' } },
      'a',
      undefined,
      [password],
      {},
    ),
    'Passwords differ',
  );
});

matching('a named validator gets the value, all values and the field; its message is the error', () => {
  const seen: unknown[] = [];
  const validators = {
    even: (value: unknown, values: Record<string, unknown>, field: FormField) => {
      seen.push([value, values.other, field.key]);
      return (value as number) % 2 === 0 ? undefined : 'Must be even';
    },
    lenient: () => null,
  };
  assert.is(messageFor(rule({ validator: 'even' }, 'number'), 3, { validators }, [], { other: 'x' }), 'Must be even');
  assert.is(messageFor(rule({ validator: 'even' }, 'number'), 4, { validators }), undefined);
  assert.is(messageFor(rule({ validator: 'lenient' }), 'x', { validators }), undefined);
  assert.equal(seen, [
    [3, 'x', 'f'],
    [4, undefined, 'f'],
  ]);
});

matching('an unknown validator name is skipped, so the server (which has none) still accepts', () => {
  assert.is(messageFor(rule({ validator: 'vatNumber' }), 'anything'), undefined);
  assert.is(messageFor(rule({ validator: 'vatNumber' }), 'x', { validators: { other: () => 'no' } }), undefined);
  assert.is(messageFor(rule({ validator: 'constructor' }), 'x', { validators: {} }), undefined);
});

matching('rules run in order and the first failure is the message', () => {
  const validators = { no: () => 'validator said no' };
  const validation: FieldValidation = { minLength: 3, pattern: '^a', matchField: 'g', validator: 'no' };
  const g: FormField = { key: 'g', type: 'text', label: 'G' };
  assert.is(messageFor({ type: 'email', validation }, 'zz', { validators }, [g]), 'Enter a valid email address');
  assert.is(messageFor(rule(validation), 'zz', { validators }, [g]), 'Must be at least 3 characters');
  assert.is(messageFor(rule(validation), 'zzz', { validators }, [g]), 'Invalid format');
  assert.is(messageFor(rule(validation), 'abc', { validators }, [g], { g: 'x' }), 'Must match G');
  assert.is(messageFor(rule(validation), 'abc', { validators }, [g], { g: 'abc' }), 'validator said no');
});

matching('a key no field has gives no message', () => {
  assert.is(validateField(checked([{ key: 'a', type: 'text', label: 'A' }]), 'b', { b: 1 }), undefined);
});

matching.run();
