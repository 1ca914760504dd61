import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  conditionMatches,
  conditionsHold,
  isActionDisabled,
  isEmpty,
  type ShowCondition,
} from '../../shared/engine/index.ts';

const matches = (condition: Omit<ShowCondition, 'field'>, value: unknown) =>
  conditionMatches({ field: 'x', ...condition }, value === undefined ? {} : { x: value });

const empty = suite('conditions: isEmpty');

empty('undefined, null, empty string, empty list and a matrix with no row answered are empty; nothing else is', () => {
  for (const value of [undefined, null, '', [], {}, { r1: '', r2: [] }])
    assert.ok(isEmpty(value), JSON.stringify(value));
  for (const value of [0, false, ' ', '0', ['a'], { r1: 'a' }, { name: 'cv.pdf' }, NaN])
    assert.not.ok(isEmpty(value), String(value));
});

empty.run();

const operators = suite('conditions: operators (spec 2.3)');

operators('eq and neq compare strictly', () => {
  assert.ok(matches({ eq: 'yes' }, 'yes'));
  assert.not.ok(matches({ eq: 3 }, '3'));
  assert.not.ok(matches({ eq: true }, 'true'));
  assert.not.ok(matches({ eq: 'a' }, ['a']));
  assert.ok(matches({ neq: 3 }, '3'));
  assert.ok(matches({ neq: 'a' }, undefined));
  assert.not.ok(matches({ neq: false }, false));
});

operators('in and notIn look for the value among the items, strictly', () => {
  assert.ok(matches({ in: ['a', 2] }, 2));
  assert.not.ok(matches({ in: ['a', 2] }, '2'));
  assert.not.ok(matches({ in: ['a'] }, undefined));
  assert.ok(matches({ notIn: ['a', 2] }, 'b'));
  assert.ok(matches({ notIn: ['a'] }, undefined));
  assert.not.ok(matches({ notIn: ['a'] }, 'a'));
});

operators('notEmpty: true matches an answer, false matches no answer', () => {
  assert.ok(matches({ notEmpty: true }, 'x'));
  assert.ok(matches({ notEmpty: true }, false));
  assert.not.ok(matches({ notEmpty: true }, ''));
  assert.not.ok(matches({ notEmpty: true }, []));
  assert.ok(matches({ notEmpty: false }, undefined));
  assert.ok(matches({ notEmpty: false }, null));
  assert.ok(matches({ notEmpty: false }, []));
  assert.not.ok(matches({ notEmpty: false }, 'x'));
});

operators('only the first operator in the order eq, neq, in, notIn, notEmpty applies', () => {
  assert.ok(matches({ eq: 'a', neq: 'a' }, 'a'));
  assert.not.ok(matches({ neq: 'a', in: ['a'] }, 'a'));
  assert.ok(matches({ in: ['a'], notIn: ['a'] }, 'a'));
  assert.not.ok(matches({ notIn: ['a'], notEmpty: true }, 'a'));
  assert.ok(matches({ eq: 0, notEmpty: false }, 0));
});

operators('a condition with no operator matches (checkDefinition rejects it)', () => {
  assert.ok(matches({}, 'anything'));
});

operators('names of Object.prototype members read as no answer', () => {
  assert.ok(conditionMatches({ field: 'constructor', notEmpty: false }, {}));
  assert.ok(conditionMatches({ field: 'toString', eq: 'x' }, { toString: 'x' }));
});

operators.run();

const lists = suite('conditions: show, showAny and disabled');

lists('show needs every condition, showAny one of them', () => {
  const show = [
    { field: 'a', eq: 1 },
    { field: 'b', eq: 2 },
  ];
  assert.ok(conditionsHold({ show }, { a: 1, b: 2 }));
  assert.not.ok(conditionsHold({ show }, { a: 1, b: 3 }));
  assert.ok(conditionsHold({ showAny: show }, { a: 0, b: 2 }));
  assert.not.ok(conditionsHold({ showAny: show }, { a: 0, b: 0 }));
});

lists('with both show and showAny, both must hold', () => {
  const item = {
    show: [{ field: 'a', eq: 1 }],
    showAny: [
      { field: 'b', eq: 1 },
      { field: 'c', eq: 1 },
    ],
  };
  assert.ok(conditionsHold(item, { a: 1, c: 1 }));
  assert.not.ok(conditionsHold(item, { a: 1 }));
  assert.not.ok(conditionsHold(item, { a: 0, b: 1, c: 1 }));
});

lists('no list or an empty list always holds', () => {
  assert.ok(conditionsHold({}, {}));
  assert.ok(conditionsHold({ show: [], showAny: [] }, {}));
});

lists('a button is disabled when all its disabled conditions match; none means enabled', () => {
  const submit = {
    label: 'Send',
    disabled: [
      { field: 'agree', neq: true },
      { field: 'plan', eq: 'pro' },
    ],
  };
  assert.ok(isActionDisabled(submit, { plan: 'pro' }));
  assert.not.ok(isActionDisabled(submit, { plan: 'pro', agree: true }));
  assert.not.ok(isActionDisabled(submit, { plan: 'free' }));
  assert.not.ok(isActionDisabled({ label: 'x', disabled: [] }, {}));
  assert.not.ok(isActionDisabled(undefined, {}));
  assert.not.ok(isActionDisabled(false, {}));
});

lists.run();
