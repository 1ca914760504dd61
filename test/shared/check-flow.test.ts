// Publish checks of Wave 3 "Answers that flow": calculations (keys, formulas, what they may name),
// option scores, piping, conditions that name calculations, and the hidden and url types.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CALCULATIONS_MAX, checkDefinition, FORMULA_MAX_LENGTH, type FormField } from '../../shared/engine/index.ts';

const base = { id: 'f', title: 'F', submit: { label: 'Send' } };
const text = (key: string, more: Partial<FormField> = {}): FormField => ({ key, type: 'text', label: key, ...more });
const quiz = (score: unknown = 2) => ({
  key: 'q1',
  type: 'radio',
  label: 'Q1',
  options: [
    { value: 'a', label: 'A', score },
    { value: 'b', label: 'B' },
  ],
});

function problems(input: unknown): string[] {
  const result = checkDefinition(input);
  return 'problems' in result ? result.problems : [];
}
function valid(input: unknown) {
  const result = checkDefinition(input);
  assert.ok('definition' in result, 'problems' in result ? result.problems.join('\n') : '');
}
const oneLine = (formula: string, fields: FormField[] = [text('name'), quiz() as FormField]) => ({
  ...base,
  fields,
  calculations: [{ key: 'total', formula }],
});

const calcs = suite('checkDefinition: calculations');

calcs('a valid set of calculations publishes, reading fields and earlier calculations', () => {
  valid({
    ...base,
    fields: [quiz(), { key: 'qty', type: 'number', label: 'Quantity' }],
    calculations: [
      { key: 'points', formula: 'score(q1)', label: 'Points' },
      { key: 'price', formula: 'round(qty * 9.5 + if(points > 1, 5, 0), 2)' },
    ],
  });
});

calcs('a formula that does not parse is refused at calculations[i].formula, saying where', () => {
  assert.equal(problems(oneLine('1 + * 2')), [
    'calculations[0].formula: does not parse: expected a number, a text, a key or "(" at character 5, found "*"',
  ]);
  assert.equal(problems(oneLine('eval("x")')), [
    'calculations[0].formula: does not parse: unknown function "eval" at character 1 (there are if, round, min, ' +
      'max, sum, count, score)',
  ]);
});

calcs('unknown keys, later calculations, itself, lists and files read directly are refused', () => {
  const def = {
    ...base,
    fields: [
      text('name'),
      quiz(),
      { key: 'tags', type: 'multiselect', label: 'Tags', options: [{ value: 'x', label: 'X' }] },
      { key: 'cv', type: 'file', label: 'CV' },
    ],
    calculations: [
      { key: 'a', formula: 'ghost + later + a' },
      { key: 'b', formula: 'tags + cv + count(a) + score(name) + count(nobody)' },
      { key: 'later', formula: '1' },
    ],
  };
  assert.equal(problems(def), [
    'calculations[0].formula: "ghost" names no field or earlier calculation (character 1)',
    'calculations[0].formula: "later" is this or a later calculation; a formula reads only earlier ones (character 9)',
    'calculations[0].formula: "a" is this or a later calculation; a formula reads only earlier ones (character 17)',
    'calculations[1].formula: "tags" is a list; use count(tags) or score(tags) (character 1)',
    'calculations[1].formula: "cv" is a file; use count(cv) (character 8)',
    'calculations[1].formula: count() takes a field key; "a" is a calculation (character 19)',
    'calculations[1].formula: "name" has no options to score; score() reads a choice field\'s options (character 30)',
    'calculations[1].formula: "nobody" names no field (character 44)',
  ]);
});

calcs('calculation keys: unique among fields and calculations, plain names, not reserved', () => {
  const def = {
    ...base,
    fields: [text('name')],
    calculations: [
      { key: 'name', formula: '1' },
      { key: 'x', formula: '1' },
      { key: 'x', formula: '2' },
      { key: 'first-name', formula: '1' },
      { key: '2x', formula: '1' },
      { key: 'and', formula: '1' },
      { key: '__proto__', formula: '1' },
      { key: '', formula: '1' },
    ],
  };
  assert.equal(problems(def), [
    'calculations[7].key: must not be empty',
    'calculations[0].key: duplicate key "name" (also fields[0])',
    'calculations[2].key: duplicate key "x" (also calculations[1])',
    'calculations[3].key: use letters, digits and _ only, not starting with a digit (formulas name calculations ' +
      'by their key)',
    'calculations[4].key: use letters, digits and _ only, not starting with a digit (formulas name calculations ' +
      'by their key)',
    'calculations[5].key: "and" is reserved',
    'calculations[6].key: "__proto__" is reserved',
  ]);
});

calcs('shape: unknown properties, a missing formula, a bad score; at most 50 calculations and 2000 characters', () => {
  assert.equal(
    problems({
      ...base,
      fields: [quiz('two')],
      calculations: [{ key: 'a', formula: '1', colour: 'red' }, { key: 'b' }],
    }),
    [
      'fields[0].options[0].score: expected number',
      'calculations[0].colour: unknown property',
      'calculations[1].formula: required',
    ],
  );
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `c${i}`, formula: '1' }));
  valid({ ...base, fields: [text('a')], calculations: many(CALCULATIONS_MAX) });
  assert.equal(problems({ ...base, fields: [text('a')], calculations: many(CALCULATIONS_MAX + 1) }), [
    'calculations: must be at most 50',
  ]);
  const long = (n: number) => `1${' '.repeat(n - 1)}`;
  valid(oneLine(long(FORMULA_MAX_LENGTH)));
  assert.equal(problems(oneLine(long(FORMULA_MAX_LENGTH + 1))), ['calculations[0].formula: must be at most 2000']);
});

const conditions = suite('checkDefinition: conditions and routes that name calculations');

const stepped = (calculations: unknown[], steps: unknown[]) => ({ ...base, steps, calculations });

conditions('a condition may name a calculation whose inputs it could name itself', () => {
  valid(
    stepped(
      [{ key: 'points', formula: 'score(q1)' }],
      [
        {
          id: 's1',
          title: 'Quiz',
          fields: [quiz(), text('why', { show: [{ field: 'points', eq: 2 }] })],
          routes: [{ to: 's3', show: [{ field: 'points', eq: 0 }] }],
        },
        { id: 's2', title: 'More', fields: [text('more')], show: [{ field: 'points', neq: 2 }] },
        { id: 's3', title: 'End', fields: [text('end')] },
      ],
    ),
  );
});

conditions('naming a calculation that reads a later step (or, for a step, its own) is refused', () => {
  assert.equal(
    problems(
      stepped(
        [{ key: 'later', formula: 'count(q2)' }],
        [
          { id: 's1', title: 'One', fields: [text('a', { show: [{ field: 'later', eq: 1 }] })] },
          { id: 's2', title: 'Two', fields: [text('q2')], show: [{ field: 'later', eq: 1 }] },
        ],
      ),
    ),
    [
      'steps[1].show[0].field: the calculation "later" reads "q2": "q2" is a field of this step; a step\'s ' +
        'conditions can only read earlier steps',
      'steps[0].fields[0].show[0].field: the calculation "later" reads "q2": "q2" is asked in a later step ' +
        '(steps[1]); conditions can only read answers given before them',
    ],
  );
});

conditions('a circle through a calculation is refused', () => {
  assert.equal(
    problems({
      ...base,
      fields: [
        text('a', { show: [{ field: 'has_b', eq: true }] }),
        text('b', { show: [{ field: 'a', notEmpty: true }] }),
      ],
      calculations: [{ key: 'has_b', formula: 'count(b) > 0' }],
    }),
    ['fields[0].show[0].field: circular condition: a → b → a'],
  );
});

const piping = suite('checkDefinition: piping');

piping('{{key}} may name a field or calculation of this or an earlier step', () => {
  valid(
    stepped(
      [{ key: 'points', formula: 'score(q1)' }],
      [
        { id: 's1', title: 'Hello', fields: [text('name', { helperText: 'As {{ name }} likes it' }), quiz()] },
        {
          id: 's2',
          title: 'Thanks {{name}}',
          description: 'You have {{points}} points',
          fields: [text('more', { label: 'More, {{name}}?', placeholder: '{{q1}}' })],
        },
      ],
    ),
  );
});

piping('unknown keys, later steps, calculations reading later steps and passwords are refused, with paths', () => {
  assert.equal(
    problems(
      stepped(
        [{ key: 'late', formula: 'count(end)' }],
        [
          {
            id: 's1',
            title: 'Hi {{end}}',
            description: '{{late}}',
            fields: [text('name', { label: '{{foo}}', helperText: '{{pw}}' })],
          },
          { id: 's2', title: 'Two', fields: [{ key: 'pw', type: 'password', label: 'Password' }, text('end')] },
        ],
      ),
    ),
    [
      'steps[0].fields[0].label: {{foo}} names no field or calculation',
      'steps[0].fields[0].helperText: {{pw}} is a password; passwords are never shown',
      'steps[0].title: {{end}} names a field on a later step (steps[1])',
      'steps[0].description: {{late}} reads "end", a field on a later step (steps[1])',
    ],
  );
});

piping('in a one-page form any field may be piped anywhere', () => {
  valid({ ...base, fields: [text('a', { label: 'After {{b}}' }), text('b')] });
});

const types = suite('checkDefinition: hidden and url fields');

types('defaults must fit: hidden takes text, url an absolute http(s) address', () => {
  valid({ ...base, fields: [{ key: 'ref', type: 'hidden', label: 'Ref', defaultValue: 'direct' }] });
  valid({ ...base, fields: [{ key: 'site', type: 'url', label: 'Site', defaultValue: 'https://example.com' }] });
  assert.equal(
    problems({
      ...base,
      fields: [
        { key: 'ref', type: 'hidden', label: 'Ref', defaultValue: 3 },
        { key: 'site', type: 'url', label: 'Site', defaultValue: 'example.com' },
      ],
    }),
    [
      'fields[0].defaultValue: not valid for a hidden field (Enter text)',
      'fields[1].defaultValue: not valid for a url field (Enter a full web address starting with https://)',
    ],
  );
});

calcs.run();
conditions.run();
piping.run();
types.run();
