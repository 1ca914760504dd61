// Progress over a routed definition (client/renderer/progress/path-progress.ts): it never moves back
// while the respondent moves forward, whatever the answers, and says "of M" only when the rest is fixed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { forwardOnly, pathProgress, type ProgressView } from '../../client/renderer/progress/path-progress.ts';
import { createFormState, type FormDefinition } from '../../client/renderer/engine.ts';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
/** start → (pets when has_pets) → (garden, only shown for a house) → end routes; `quit` ends the form at once. */
const routed: FormDefinition = {
  id: 'routed',
  title: 'Routed',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'start',
      title: 'Start',
      fields: [
        { key: 'quit', type: 'radio', label: 'Stop here?', options: yesNo },
        { key: 'has_pets', type: 'radio', label: 'Pets?', options: yesNo },
        { key: 'house', type: 'radio', label: 'House?', options: yesNo },
      ],
      routes: [
        { to: null, show: [{ field: 'quit', eq: 'yes' }] },
        { to: 'pets', show: [{ field: 'has_pets', eq: 'yes' }] },
        { to: 'garden' },
      ],
    },
    {
      id: 'pets',
      title: 'Pets',
      fields: [
        { key: 'pet', type: 'text', label: 'Which?' },
        { key: 'pet_age', type: 'number', label: 'Age', show: [{ field: 'pet', notEmpty: true }] },
      ],
    },
    {
      id: 'garden',
      title: 'Garden',
      show: [{ field: 'house', eq: 'yes' }],
      fields: [{ key: 'g', type: 'text', label: 'G' }],
    },
    { id: 'end', title: 'End', fields: [{ key: 'note', type: 'text', label: 'Note' }] },
  ],
};

const t = suite('path progress');

t('the first step of an open route shows no total; the bar measures the longest path', () => {
  // Longest: start, pets, garden, end (4); shortest: start alone (quit).
  assert.equal(pathProgress(routed, { done: 0, stepId: 'start' }, 'step'), {
    current: 1,
    total: undefined,
    percent: 25,
  });
  // From pets: garden (only for a house) may come or not: still open.
  assert.equal(pathProgress(routed, { done: 1, stepId: 'pets' }, 'step'), {
    current: 2,
    total: undefined,
    percent: 50,
  });
  // From garden only "end" is left: the total is known.
  assert.equal(pathProgress(routed, { done: 1, stepId: 'garden' }, 'step'), { current: 2, total: 3, percent: 67 });
  assert.equal(pathProgress(routed, { done: 2, stepId: 'end' }, 'step'), { current: 3, total: 3, percent: 100 });
});

t('a linear form keeps "Step N of M"', () => {
  const linear: FormDefinition = {
    ...routed,
    steps: routed.steps!.map((s) => ({ ...s, routes: undefined, show: undefined })),
  };
  assert.equal(pathProgress(linear, { done: 0, stepId: 'start' }, 'step'), { current: 1, total: 4, percent: 25 });
  assert.equal(pathProgress(linear, { done: 3, stepId: 'end' }, 'step'), { current: 4, total: 4, percent: 100 });
});

t('by question: conditional fields count in the longest path only', () => {
  // From the first question: 2 more on start, then pets (2, one conditional), garden (1), end (1) at most: 1 of 7.
  assert.equal(pathProgress(routed, { done: 0, stepId: 'start', fieldKey: 'quit' }, 'question'), {
    current: 1,
    total: undefined,
    percent: 14,
  });
  assert.equal(pathProgress(routed, { done: 4, stepId: 'end', fieldKey: 'note' }, 'question').percent, 100);
  const single: FormDefinition = { id: 's', title: 'S', submit: { label: 'Go' }, fields: routed.steps![0].fields };
  assert.equal(pathProgress(single, { done: 1, fieldKey: 'has_pets' }, 'question'), {
    current: 2,
    total: 3,
    percent: 67,
  });
});

t('forwardOnly holds the bar unless the respondent went back', () => {
  const a: ProgressView = { current: 2, percent: 60 };
  assert.equal(forwardOnly(a, { current: 2, percent: 40 }), { current: 2, percent: 60 });
  assert.equal(forwardOnly(a, { current: 1, percent: 20 }), { current: 1, percent: 20 });
  assert.equal(forwardOnly(undefined, { current: 1, percent: 20 }), { current: 1, percent: 20 });
});

/** Every answer combination, walked forward with the engine: the numbers only ever grow. */
t('over every route the engine takes, moving forward never moves the progress back', () => {
  const answers = ['yes', 'no'];
  let walks = 0;
  for (const quit of answers)
    for (const has_pets of answers)
      for (const house of answers)
        for (const pet of ['', 'Rex']) {
          const state = createFormState(routed);
          let last: ProgressView | undefined;
          let lastTotal: number | undefined;
          const check = (moved: boolean) => {
            const raw = pathProgress(routed, { done: state.history.length - 1, stepId: state.stepId }, 'step');
            const view = forwardOnly(last, raw);
            if (last && moved) {
              assert.ok(raw.percent > last.percent, `${raw.percent} after ${last.percent} (${state.history})`);
              assert.ok(view.current > last.current);
            }
            if (last) assert.ok(raw.percent >= last.percent, 'an answer on the same step does not take it back');
            if (lastTotal !== undefined && view.total !== undefined) assert.ok(view.total <= lastTotal);
            last = view;
            lastTotal = view.total ?? lastTotal;
          };
          check(false);
          for (const [k, v] of Object.entries({ quit, has_pets, house })) state.setValue(k, v);
          check(false);
          while (!state.isLastStep) {
            if (state.stepId === 'pets') state.setValue('pet', pet);
            assert.ok(state.next(), `moves on from ${state.stepId}`);
            check(true);
          }
          // An early end (quit) leaves the bar short of 100: it measures the longest path, never the answers.
          if (state.stepId === 'end') {
            assert.is(last!.percent, 100, `the last step is 100% (${state.history})`);
            assert.is(last!.total, last!.current, 'on the last step the total is known');
          } else assert.equal(state.history, ['start']);
          walks++;
        }
  assert.is(walks, 16);
});

t('nothing to count gives 0 %, never NaN (which forwardOnly would then keep)', () => {
  const empty = pathProgress({ id: 'f', title: 'F', fields: [] } as unknown as FormDefinition, { done: -1 }, 'step');
  assert.is(empty.percent, 0);
  const after = forwardOnly(empty, pathProgress(routed, { done: 0, stepId: 'start' }, 'step'));
  assert.ok(Number.isFinite(after.percent) && after.percent > 0);
});

t.run();
