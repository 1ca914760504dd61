// The formula language in Node: every row of calc-cases.ts through evaluateSubmission (the same rows run
// in Chromium against dist/engine.mjs), plus the parser's refusals and the limits on nesting.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDefinition, evaluateSubmission, MAX_DEPTH, parseFormula } from '../../shared/engine/index.ts';
import { calcCases, caseDefinition, caseValues } from './calc-cases.ts';

const table = suite('calculations: the case table');

table('every formula of the table publishes and computes its expected result', () => {
  for (const c of calcCases) {
    const checked = checkDefinition(caseDefinition(c.formula));
    assert.ok('definition' in checked, `${c.formula}: ${'problems' in checked ? checked.problems.join('; ') : ''}`);
    const result = evaluateSubmission(caseDefinition(c.formula), caseValues(c));
    assert.equal(result.problems, [], c.formula);
    assert.is(result.values.r, c.expect, `${c.formula} with ${JSON.stringify(c.values ?? {})}`);
  }
});

table('the table covers every operator and function', () => {
  const all = calcCases.map((c) => c.formula).join(' ');
  for (const token of ['+', '-', '*', '/', '=', '!=', '<', '<=', '>', '>=', '(', 'and', 'or', 'not'])
    assert.ok(all.includes(` ${token} `) || all.includes(token), token);
  for (const fn of ['if(', 'round(', 'min(', 'max(', 'sum(', 'count(', 'score(']) assert.ok(all.includes(fn), fn);
});

const parsing = suite('calculations: parsing');

parsing('a formula that does not parse says where', () => {
  const cases: [string, RegExp][] = [
    ['1 +', /expected a number, a text, a key or "\(" at character 4, found the end/],
    ['(1 + 2', /expected "\)" at character 7/],
    ['1 2', /expected an operator or the end at character 3/],
    ['"open', /no closing " .*character 1|character 1 has no closing/],
    ['1 # 2', /unexpected "#" at character 3/],
    ['1 == 2', /character 4/],
    ['1 < 2 < 3', /compare two values at a time \(character 7\)/],
    ['foo(1)', /unknown function "foo" at character 1/],
    ['if(1, 2)', /if\(\) takes 3 arguments, not 2/],
    ['round(1, 2, 3)', /round\(\) takes 1 or 2 arguments, not 3/],
    ['count(1)', /count\(\) takes a field key, at character 7/],
    ['min()', /min\(\) takes at least 1 argument/],
    ['1.', /a number ends with "\." at character 2/],
    ['12abc', /unexpected "a" after a number at character 3/],
  ];
  for (const [formula, message] of cases) {
    assert.throws(() => parseFormula(formula), message, formula);
  }
});

parsing(`nesting is allowed up to ${MAX_DEPTH} levels, refused past it`, () => {
  const deep = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
  assert.is(parseFormula(deep(MAX_DEPTH)).kind, 'number');
  assert.throws(() => parseFormula(deep(MAX_DEPTH + 1)), /nested more than 40 levels deep at character 41/);
  assert.throws(() => parseFormula(`${'-'.repeat(MAX_DEPTH + 1)}1`), /nested more than/);
  assert.throws(() => parseFormula(`${'not '.repeat(MAX_DEPTH + 1)}1`), /nested more than/);
  // A long flat formula is no deeper: 500 terms parse.
  assert.is(parseFormula(Array.from({ length: 500 }, () => '1').join(' + ')).kind, 'binary');
});

table.run();
parsing.run();
