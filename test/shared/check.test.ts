import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition, nativeRegex, type FormField, type FormStep } from '../../shared/engine/index.ts';
import { linearRegex } from '../../server/lib/safe-regex.ts';

// Helpers: a definition from fields or steps, and the problems checkDefinition gives for it.
const form = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  fields,
  ...extra,
});
const stepped = (steps: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'f',
  title: 'F',
  submit: { label: 'Send' },
  steps,
  ...extra,
});
const text = (key: string, more: Partial<FormField> = {}): FormField => ({
  key,
  type: 'text',
  label: key.toUpperCase(),
  ...more,
});
const step = (id: string, fields: FormField[], more: Partial<FormStep> = {}): FormStep => ({
  id,
  title: id,
  fields,
  ...more,
});

function problems(input: unknown, options?: Parameters<typeof checkDefinition>[1]): string[] {
  const result = checkDefinition(input, options);
  return 'problems' in result ? result.problems : [];
}
function valid(input: unknown, options?: Parameters<typeof checkDefinition>[1]) {
  const result = checkDefinition(input, options);
  assert.ok('definition' in result, 'problems' in result ? result.problems.join('\n') : '');
  return 'definition' in result ? result.definition : undefined!;
}

const shape = suite('checkDefinition: shape');

shape('a valid definition comes back typed and unchanged', () => {
  const input = form([text('name', { validation: { required: true } })]);
  assert.equal(valid(input), input);
});

shape('description: an optional text under the title (additive); anything but a string is refused', () => {
  const input = form([text('name')], { description: 'Tell us about your project.\nIt takes two minutes.' });
  assert.equal(valid(input), input);
  assert.equal(valid(form([text('name')], { description: '' })), form([text('name')], { description: '' }));
  assert.equal(problems(form([text('name')], { description: 42 })), ['description: expected string']);
  assert.equal(problems(form([text('name')], { description: ['a'] })), ['description: expected string']);
});

shape('lists every shape problem with its exact path', () => {
  const input = stepped([
    step('one', [text('a')]),
    {
      id: 'two',
      title: 'Two',
      fields: [
        { key: 'b', type: 'number', label: 'B', validation: { min: '3', colour: 'red' } },
        { key: 'c', type: 'text' },
      ],
    },
  ]);
  assert.equal(problems(input), [
    'steps[1].fields[0].validation.min: expected number',
    'steps[1].fields[0].validation.colour: unknown property',
    'steps[1].fields[1].label: required',
  ]);
});

shape('names unions and enums in words', () => {
  assert.equal(
    problems(
      form([text('a', { show: [{ field: 'a', eq: {} as never }] })], { submit: { label: 'Go', variant: 'big' } }),
    ).slice(0, 2),
    [
      'submit.variant: expected one of "primary", "secondary" or "text"',
      'fields[0].show[0].eq: expected string, number or boolean',
    ],
  );
  assert.equal(problems(stepped([step('s', [text('a')], { next: true as never })])), [
    'steps[0].next: expected object or false',
  ]);
});

shape('a wrong object inside a union reports what is wrong inside it', () => {
  assert.equal(problems(stepped([step('s', [text('a')], { back: { label: 7, extra: 1 } as never })])), [
    'steps[0].back.label: expected string',
    'steps[0].back.extra: unknown property',
  ]);
});

shape('non-object input, empty ids, whole-number lengths', () => {
  assert.equal(problems('form'), ['(root): expected object']);
  assert.equal(problems(null), ['(root): expected object']);
  assert.equal(problems(form([text('a', { validation: { maxLength: 2.5 } })], { id: '' })), [
    'id: must not be empty',
    'fields[0].validation.maxLength: expected integer',
  ]);
});

shape('pathPrefix is written before every path', () => {
  assert.equal(problems(form([{ key: 'a', type: 'text' }]), { pathPrefix: 'definition' }), [
    'definition.fields[0].label: required',
  ]);
  assert.equal(problems(3, { pathPrefix: 'definition' }), ['definition: expected object']);
});

shape('odd property names are quoted in paths', () => {
  assert.equal(problems(form([{ ...text('a'), 'two words': 1 }])), ['fields[0]["two words"]: unknown property']);
});

shape.run();

const structure = suite('checkDefinition: fields, steps, keys, ids');

structure('fields and steps together are rejected', () => {
  assert.equal(problems({ ...form([text('a')]), steps: [step('s', [text('b')])] }), [
    'fields: use either fields or steps, not both',
  ]);
  valid({ ...form([text('a')]), steps: [] });
  valid({ ...stepped([step('s', [text('a')])]), fields: [] });
});

structure('a form with no field at all is rejected', () => {
  assert.equal(problems(form([])), ['fields: a form needs at least one field']);
  assert.equal(problems({ id: 'f', title: 'F', submit: { label: 'S' } }), ['fields: a form needs at least one field']);
  assert.equal(problems(stepped([step('a', []), step('b', [])])), ['steps: a form needs at least one field']);
  valid(stepped([step('intro', []), step('b', [text('x')])]));
});

structure('duplicate keys anywhere in the form, and duplicate step ids', () => {
  const input = stepped([
    step('a', [text('name'), text('email')]),
    step('b', [text('email')]),
    step('a', [text('name')]),
  ]);
  assert.equal(problems(input), [
    'steps[2].id: duplicate step id "a" (also steps[0])',
    'steps[1].fields[0].key: duplicate key "email" (also steps[0].fields[1])',
    'steps[2].fields[0].key: duplicate key "name" (also steps[0].fields[0])',
  ]);
  assert.equal(problems(form([text('x'), text('y'), text('x')])), [
    'fields[2].key: duplicate key "x" (also fields[0])',
  ]);
});

structure('"__proto__" cannot be a key', () => {
  assert.equal(problems(form([text('__proto__')])), ['fields[0].key: "__proto__" is reserved']);
});

structure.run();

const routes = suite('checkDefinition: routes');

routes('a route goes to a later step or to null', () => {
  const input = stepped([
    step('a', [text('x')], { routes: [{ to: 'c' }, { to: null }, { to: 'a' }, { to: 'nowhere' }] }),
    step('b', [text('y')], { routes: [{ to: 'a' }] }),
    step('c', [text('z')]),
  ]);
  assert.equal(problems(input), [
    'steps[0].routes[2].to: "a" is not after this step; routes only go forward',
    'steps[0].routes[3].to: no step has the id "nowhere"',
    'steps[1].routes[0].to: "a" is not after this step; routes only go forward',
  ]);
});

routes.run();

const references = suite('checkDefinition: condition references');

references('every place a condition or key reference can sit is checked for an existing field', () => {
  const input = stepped(
    [
      step(
        'a',
        [
          text('x', { show: [{ field: 'ghost1', eq: 1 }], showAny: [{ field: 'x2', notEmpty: true }] }),
          text('x2', { validation: { matchField: 'ghost2' }, optionsDependsOn: ['x', 'ghost3'] }),
        ],
        {
          routes: [{ to: 'b', show: [{ field: 'ghost4', eq: 'y' }] }],
          next: { label: 'Go', disabled: [{ field: 'ghost5', notEmpty: false }] },
        },
      ),
      step('b', [text('y')], {
        show: [{ field: 'ghost6', neq: 2 }],
        skip: { label: 'Skip', disabled: [{ field: 'y', eq: 'n' }] },
      }),
    ],
    {
      submit: { label: 'Send', disabled: [{ field: 'ghost7', eq: true }] },
      cancel: { label: 'Cancel', disabled: [{ field: 'x', in: ['q'] }] },
    },
  );
  assert.equal(problems(input), [
    'steps[0].fields[1].optionsDependsOn[1]: no field has the key "ghost3"',
    'steps[0].fields[1].validation.matchField: no field has the key "ghost2"',
    'steps[0].next.disabled[0].field: no field or calculation has the key "ghost5"',
    'steps[1].show[0].field: no field or calculation has the key "ghost6"',
    'steps[0].routes[0].show[0].field: no field or calculation has the key "ghost4"',
    'submit.disabled[0].field: no field or calculation has the key "ghost7"',
    'steps[0].fields[0].show[0].field: no field or calculation has the key "ghost1"',
  ]);
});

references('conditions only read answers given before them', () => {
  const input = stepped([
    step(
      'a',
      [
        text('early', { show: [{ field: 'late', notEmpty: true }] }),
        text('a2', { show: [{ field: 'early', eq: 'x' }] }),
      ],
      {
        routes: [
          { to: 'c', show: [{ field: 'a2', eq: 'go' }] },
          { to: 'c', showAny: [{ field: 'late', eq: 'go' }] },
        ],
      },
    ),
    step('b', [text('late')], { show: [{ field: 'late', eq: 'x' }] }),
    step('c', [text('z')], {
      show: [{ field: 'early', notEmpty: true }],
      next: { label: 'Next', disabled: [{ field: 'late', eq: 'x' }] },
    }),
  ]);
  assert.equal(problems(input), [
    `steps[1].show[0].field: "late" is a field of this step; a step's conditions can only read earlier steps`,
    'steps[0].routes[1].showAny[0].field: "late" is asked in a later step (steps[1]); conditions can only ' +
      'read answers given before them',
    'steps[0].fields[0].show[0].field: "late" is asked in a later step (steps[1]); conditions can only read ' +
      'answers given before them',
  ]);
});

references('within one step (or a single-step form) conditions may look forward, but not in a circle', () => {
  valid(form([text('note', { show: [{ field: 'coupon', notEmpty: true }] }), text('coupon')]));
  assert.equal(
    problems(
      form([
        text('a', { show: [{ field: 'c', eq: 'x' }] }),
        text('b', { showAny: [{ field: 'a', notEmpty: true }] }),
        text('c', { show: [{ field: 'b', eq: 'y' }] }),
        text('self', { show: [{ field: 'self', notEmpty: true }] }),
        text('d', { show: [{ field: 'e', eq: 1 }] }),
        text('e', { show: [{ field: 'd', eq: 1 }] }),
      ]),
    ),
    [
      'fields[0].show[0].field: circular condition: a → c → b → a',
      'fields[3].show[0].field: circular condition: self → self',
      'fields[4].show[0].field: circular condition: d → e → d',
    ],
  );
  assert.equal(
    problems(
      stepped([
        step('s', [text('p', { show: [{ field: 'q', eq: 1 }] }), text('q', { show: [{ field: 'p', eq: 1 }] })]),
      ]),
    ),
    ['steps[0].fields[0].show[0].field: circular condition: p → q → p'],
  );
});

references('a condition needs an operator', () => {
  assert.equal(problems(form([text('a'), text('b', { show: [{ field: 'a' }] })])), [
    'fields[1].show[0]: a condition needs one of eq, neq, in, notIn, notEmpty, gt, gte, lt, lte',
  ]);
});

references.run();

const rules = suite('checkDefinition: field rules');

rules('min > max and minLength > maxLength', () => {
  assert.equal(
    problems(
      form([
        { key: 'n', type: 'number', label: 'N', validation: { min: 10, max: 5 } },
        text('t', { validation: { minLength: 8, maxLength: 3 } }),
      ]),
    ),
    [
      'fields[0].validation.min: greater than max (10 > 5)',
      'fields[1].validation.minLength: greater than maxLength (8 > 3)',
    ],
  );
  valid(form([{ key: 'n', type: 'number', label: 'N', validation: { min: 5, max: 5 } }]));
});

rules('choice fields need options unless optionsFrom is given', () => {
  const fields = ['select', 'radio', 'multiselect', 'autocomplete'].map((type, i) => ({
    key: `c${i}`,
    type,
    label: type,
    ...(i % 2 ? { options: [] } : {}),
  }));
  assert.equal(problems(form(fields)), [
    'fields[0].options: a select field needs options or optionsFrom',
    'fields[1].options: a radio field needs options or optionsFrom',
    'fields[2].options: a multiselect field needs options or optionsFrom',
    'fields[3].options: an autocomplete field needs options or optionsFrom',
  ]);
  valid(form([{ key: 'c', type: 'select', label: 'C', optionsFrom: 'countries' }]));
  valid(form([{ key: 'c', type: 'radio', label: 'C', options: [{ value: 'a', label: 'A' }] }]));
});

rules('option values are unique within a field', () => {
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
    { value: 'a', label: 'Again' },
  ];
  assert.equal(problems(form([{ key: 'c', type: 'select', label: 'C', options }])), [
    'fields[0].options[2].value: duplicate option value "a"',
  ]);
});

rules('a default value must fit the field type', () => {
  const options = [{ value: 'a', label: 'A' }];
  assert.equal(
    problems(
      form([
        { key: 'n', type: 'number', label: 'N', defaultValue: '3' },
        { key: 's', type: 'select', label: 'S', options, defaultValue: 'b' },
        { key: 'm', type: 'multiselect', label: 'M', options, defaultValue: ['a'] },
        { key: 'c', type: 'checkbox', label: 'C', defaultValue: 'yes' },
        { key: 'd', type: 'date', label: 'D', defaultValue: '2026-02-30' },
        { key: 'x', type: 'my-widget', label: 'X', defaultValue: { any: 1 } },
      ]),
    ),
    [
      'fields[0].defaultValue: not valid for a number field (Enter a number)',
      'fields[1].defaultValue: not valid for a select field (Choose one of the options)',
      'fields[3].defaultValue: not valid for a checkbox field (Must be on or off)',
      'fields[4].defaultValue: not valid for a date field (Enter a valid date (YYYY-MM-DD))',
    ],
  );
});

rules.run();

const patterns = suite('checkDefinition: patterns');

patterns('a pattern must be a valid JavaScript regular expression (u flag)', () => {
  assert.equal(problems(form([text('a', { validation: { pattern: '[a-' } })])), [
    'fields[0].validation.pattern: not a valid regular expression: /[a-/u: Unterminated character class',
  ]);
  // Valid without the u flag, but not with it: an identity escape.
  assert.equal(problems(form([text('a', { validation: { pattern: '\\-' } })])).length, 1);
  valid(form([text('a', { validation: { pattern: '^\\d{5}$' } })]));
});

patterns('with linearRegex, backreferences and lookaround are rejected', () => {
  const input = form([
    text('a', { validation: { pattern: '(a)\\1' } }),
    text('b', { validation: { pattern: '^(?=.*\\d).{8,}$' } }),
    text('c', { validation: { pattern: '(?<!x)y' } }),
    text('d', { validation: { pattern: '^[\\p{L} ]+\\u00e9?$' } }),
  ]);
  valid(input);
  valid(input, { regex: nativeRegex });
  const found = problems(input, { regex: linearRegex });
  assert.is(found.length, 3);
  assert.ok(
    found[0].startsWith('fields[0].validation.pattern: not supported by the regex engine: invalid escape sequence'),
    found[0],
  );
  assert.ok(found[1].startsWith('fields[1].validation.pattern: not supported by the regex engine'), found[1]);
  assert.ok(found[2].startsWith('fields[2].validation.pattern: not supported by the regex engine'), found[2]);
});

patterns.run();

const together = suite('checkDefinition: everything in one answer');

together('shape and meaning problems come together', () => {
  const input = stepped([
    step('a', [{ key: 'n', type: 'number', label: 'N', validation: { min: 'low' } } as never, text('n')], {
      routes: [{ to: 'zz' }],
    }),
    { id: 'b', title: 'B', fields: [text('m', { show: [{ field: 'q', eq: 1 }] })], colour: 'red' },
  ]);
  assert.equal(problems(input, { regex: linearRegex }), [
    'steps[0].fields[0].validation.min: expected number',
    'steps[1].colour: unknown property',
    'steps[0].routes[0].to: no step has the id "zz"',
    'steps[0].fields[1].key: duplicate key "n" (also steps[0].fields[0])',
    'steps[1].fields[0].show[0].field: no field or calculation has the key "q"',
  ]);
});

together.run();
