// The comparing conditions gt, gte, lt and lte in Node: every row of compare-cases.ts through the engine,
// and the publish checks that refuse a bound of the wrong kind (the same rows run in Chromium:
// test/browser/compare-engine.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formDefinitionJsonSchema } from '../../shared/definition/json-schema.ts';
import { checkDefinition, conditionMatches, evaluateSubmission } from '../../shared/engine/index.ts';
import { compareCases, compareDefinition, compareValues, matched, refusedBounds } from './compare-cases.ts';

const engine = suite('conditions: gt, gte, lt, lte (engine)');

engine('every row of the case table matches as the table says, and its form passes the checks', () => {
  for (const c of compareCases) {
    const definition = compareDefinition(c);
    const checked = checkDefinition(definition);
    assert.ok('definition' in checked, `${JSON.stringify(c)}: ${'problems' in checked ? checked.problems : ''}`);
    const out = evaluateSubmission(definition, compareValues(c));
    // Only x's own answer may be refused (text in a number field); the condition never is.
    assert.equal(
      out.problems.filter((p) => !p.startsWith('values.x:')),
      [],
      JSON.stringify(c),
    );
    assert.is(matched(out.values), c.expect, JSON.stringify(c));
  }
});

engine('the comparisons come after notEmpty in the order operators are looked at; a list never compares', () => {
  assert.ok(conditionMatches({ field: 'x', notEmpty: true, lt: 0 }, { x: 5 }));
  assert.not.ok(conditionMatches({ field: 'x', gt: 1, lt: 0 }, { x: 0.5 }));
  assert.ok(conditionMatches({ field: 'x', lte: 0, lt: 1 }, { x: 0.5 }));
  assert.not.ok(conditionMatches({ field: 'x', gte: 'a' }, { x: ['b'] }));
  assert.not.ok(conditionMatches({ field: 'x', lte: 3 }, { x: [1] }));
});

engine.run();

const checks = suite('conditions: gt, gte, lt, lte (publish checks)');

checks('a bound of the wrong kind is one detail at the operator, naming the field and its type', () => {
  for (const { type, condition, detail } of refusedBounds) {
    const result = checkDefinition({
      id: 'f',
      title: 'F',
      submit: { label: 'Send' },
      fields: [
        { key: 'x', type, label: 'X' },
        { key: 'y', type: 'text', label: 'Y', show: [{ field: 'x', ...condition }] },
      ],
    });
    assert.equal('problems' in result ? result.problems : [], [detail], JSON.stringify(condition));
  }
});

checks('a calculation or a custom type may be compared with a number or text', () => {
  const result = checkDefinition({
    id: 'f',
    title: 'F',
    submit: { label: 'Send' },
    fields: [
      { key: 'x', type: 'number', label: 'X' },
      { key: 'c', type: 'stars', label: 'Custom' },
      {
        key: 'y',
        type: 'text',
        label: 'Y',
        show: [
          { field: 'double', gte: 10 },
          { field: 'c', lt: 'z' },
        ],
      },
    ],
    calculations: [{ key: 'double', formula: 'x * 2' }],
  });
  assert.ok('definition' in result, 'problems' in result ? result.problems.join('\n') : '');
});

checks("the comparing operators count as a condition's operator; without any the detail lists them", () => {
  const result = checkDefinition({
    id: 'f',
    title: 'F',
    submit: { label: 'Send' },
    fields: [
      { key: 'x', type: 'number', label: 'X' },
      { key: 'y', type: 'text', label: 'Y', show: [{ field: 'x' }] },
    ],
  });
  assert.equal('problems' in result ? result.problems : [], [
    'fields[1].show[0]: a condition needs one of eq, neq, in, notIn, notEmpty, gt, gte, lt, lte',
  ]);
});

checks('the JSON Schema describes the four operators as a number or text', () => {
  const defs = formDefinitionJsonSchema.$defs as Record<string, { properties: Record<string, { type?: unknown }> }>;
  for (const op of ['gt', 'gte', 'lt', 'lte'])
    assert.equal(defs.ShowCondition.properties[op].type, ['number', 'string'], op);
});

checks.run();
