import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  nextStepId,
  resolvePath,
  type FormDefinition,
  type FormStep,
} from '../../shared/engine/index.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const step = (id: string, more: Partial<FormStep> = {}): FormStep => ({
  id,
  title: id,
  fields: [{ key: `${id}_q`, type: 'text', label: id }],
  ...more,
});
const stepped = (steps: FormStep[]) => checked({ id: 'f', title: 'F', submit: { label: 'Send' }, steps });
const pathOf = (def: FormDefinition, values: Record<string, unknown>) => resolvePath(def, values).steps;

// A survey: the first step asks for a plan; routes send free users past the payment steps.
const survey = stepped([
  step('start', {
    fields: [
      {
        key: 'plan',
        type: 'radio',
        label: 'Plan',
        options: ['free', 'pro', 'team'].map((value) => ({ value, label: value })),
      },
    ],
    routes: [
      { to: 'thanks', show: [{ field: 'plan', eq: 'free' }] },
      { to: 'seats', show: [{ field: 'plan', eq: 'team' }] },
    ],
  }),
  step('card'),
  step('seats', { show: [{ field: 'plan', eq: 'team' }] }),
  step('invoice', { routes: [{ to: null, show: [{ field: 'invoice_q', eq: 'no' }] }] }),
  step('thanks'),
]);

const routes = suite('path: routes');

routes('with no route matching, the path goes to the next visible step', () => {
  assert.equal(pathOf(survey, { plan: 'pro' }), ['start', 'card', 'invoice', 'thanks']);
  assert.equal(pathOf(survey, {}), ['start', 'card', 'invoice', 'thanks']);
});

routes('the first matching route wins', () => {
  assert.equal(pathOf(survey, { plan: 'free' }), ['start', 'thanks']);
  assert.equal(pathOf(survey, { plan: 'team' }), ['start', 'seats', 'invoice', 'thanks']);
});

routes('to: null ends the path on the current step', () => {
  assert.equal(pathOf(survey, { plan: 'pro', invoice_q: 'no' }), ['start', 'card', 'invoice']);
});

routes('a route whose target is hidden is passed over for the next route', () => {
  const def = stepped([
    step('a', {
      fields: [{ key: 'x', type: 'text', label: 'X' }],
      routes: [
        { to: 'c', show: [{ field: 'x', eq: 'go' }] },
        { to: 'd', show: [{ field: 'x', notEmpty: true }] },
      ],
    }),
    step('b'),
    step('c', { show: [{ field: 'x', eq: 'never' }] }),
    step('d'),
  ]);
  assert.equal(pathOf(def, { x: 'go' }), ['a', 'd']);
  assert.equal(pathOf(def, { x: 'never' }), ['a', 'd']);
  assert.equal(pathOf(def, {}), ['a', 'b', 'd']);
});

routes('a route with no conditions always matches; hidden steps are skipped without a route too', () => {
  const def = stepped([
    step('a', { fields: [{ key: 'x', type: 'text', label: 'X' }], routes: [{ to: 'c' }] }),
    step('b'),
    step('c', { show: [{ field: 'x', eq: 'show c' }] }),
    step('d'),
  ]);
  assert.equal(pathOf(def, { x: 'show c' }), ['a', 'c', 'd']);
  assert.equal(pathOf(def, { x: 'hide c' }), ['a', 'b', 'd']);
});

routes('fields of steps off the path are dropped, and later conditions read them as no answer', () => {
  const def = stepped([
    step('a', {
      fields: [{ key: 'skip', type: 'checkbox', label: 'Skip' }],
      routes: [{ to: 'c', show: [{ field: 'skip', eq: true }] }],
    }),
    step('b', { fields: [{ key: 'pet', type: 'text', label: 'Pet' }] }),
    step('c', {
      fields: [{ key: 'why', type: 'text', label: 'Why no pet', show: [{ field: 'pet', notEmpty: false }] }],
    }),
  ]);
  const resolved = resolvePath(def, { skip: true, pet: 'cat', why: 'allergic' });
  assert.equal(resolved.steps, ['a', 'c']);
  assert.equal(resolved.values, { skip: true, why: 'allergic' });
  assert.equal(resolvePath(def, { skip: false, pet: 'cat', why: 'allergic' }).values, { skip: false, pet: 'cat' });
});

routes('the path is stable: resolving the resolved values gives the same path and values', () => {
  for (const values of [
    { plan: 'free', card_q: 'x' },
    { plan: 'team', seats_q: '3', invoice_q: 'no', thanks_q: 'bye' },
  ]) {
    const first = resolvePath(survey, values);
    assert.equal(resolvePath(survey, first.values), first);
  }
});

routes('nextStepId answers for one step', () => {
  assert.is(nextStepId(survey, 'start', { plan: 'free' }), 'thanks');
  assert.is(nextStepId(survey, 'start', { plan: 'pro' }), 'card');
  assert.is(nextStepId(survey, 'invoice', { invoice_q: 'no' }), null);
  assert.is(nextStepId(survey, 'thanks', {}), null);
  assert.is(nextStepId(survey, 'nope', {}), null);
});

routes('a single-step form has an empty path', () => {
  const def = checked({
    id: 'f',
    title: 'F',
    submit: { label: 'S' },
    fields: [{ key: 'a', type: 'text', label: 'A' }],
  });
  assert.equal(resolvePath(def, { a: 'x' }), { steps: [], values: { a: 'x' }, visibleKeys: ['a'] });
});

routes.run();

const skipped = suite('path: skipped steps');

skipped('a skipped step is on the path with its fields reset to their defaults', () => {
  const def = stepped([
    step('a', {
      fields: [
        { key: 'size', type: 'text', label: 'Size', defaultValue: 'M' },
        { key: 'note', type: 'text', label: 'Note' },
      ],
      skip: { label: 'Skip' },
    }),
    step('b', { fields: [{ key: 'xl', type: 'text', label: 'XL', show: [{ field: 'size', eq: 'XL' }] }] }),
  ]);
  const resolved = resolvePath(def, { size: 'XL', note: 'hello', xl: 'yes' }, { skippedSteps: ['a'] });
  assert.equal(resolved.steps, ['a', 'b']);
  assert.equal(resolved.values, { size: 'M' });
});

skipped.run();
