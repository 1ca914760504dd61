import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  checkDefinition,
  createFormState,
  evaluateSubmission,
  type FormDefinition,
  type FormField,
  type FormStep,
} from '../../shared/engine/index.ts';

function checked(input: unknown): FormDefinition {
  const result = checkDefinition(input);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.definition;
}
const text = (key: string, more: Partial<FormField> = {}): FormField => ({ key, type: 'text', label: key, ...more });
const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

// Four steps: a radio that auto-advances and routes "no" straight to the end, a skippable step,
// a step shown only for "yes", and a last step that also has an auto-advancing radio.
const steps: FormStep[] = [
  {
    id: 'start',
    title: 'Start',
    fields: [
      {
        key: 'happy',
        type: 'radio',
        label: 'Happy?',
        options: yesNo,
        autoAdvance: true,
        validation: { required: true },
      },
    ],
    routes: [{ to: 'end', show: [{ field: 'happy', eq: 'no' }] }],
  },
  {
    id: 'extra',
    title: 'Extra',
    skip: { label: 'Skip' },
    fields: [text('detail', { defaultValue: 'n/a', validation: { required: true, minLength: 4 } })],
  },
  {
    id: 'praise',
    title: 'Praise',
    show: [{ field: 'happy', eq: 'yes' }],
    fields: [text('best', { validation: { required: true } })],
  },
  {
    id: 'end',
    title: 'End',
    fields: [{ key: 'again', type: 'radio', label: 'Again?', options: yesNo, autoAdvance: true }, text('note')],
  },
];
const def = checked({ id: 'f', title: 'F', submit: { label: 'Send' }, steps });

const navigation = suite('form state: navigation');

navigation('starts on the first step with defaults resolved', () => {
  const state = createFormState(def);
  assert.is(state.stepId, 'start');
  assert.is(state.step?.title, 'Start');
  assert.ok(state.isFirstStep);
  assert.not.ok(state.isLastStep);
  assert.equal(state.values, { detail: 'n/a' });
  assert.equal(
    state.visibleFields.map((f) => f.key),
    ['happy'],
  );
});

navigation('Continue validates only the current step and stays when it fails', () => {
  const state = createFormState(def);
  assert.not.ok(state.next());
  assert.equal(state.errors, { happy: 'This field is required' });
  state.setValue('happy', 'yes');
  assert.equal(state.errors, {});
  assert.ok(state.next());
  assert.is(state.stepId, 'extra');
});

navigation('Continue follows routes; Back returns along the path actually taken', () => {
  const state = createFormState(def);
  state.setValue('happy', 'no');
  assert.ok(state.next());
  assert.is(state.stepId, 'end');
  assert.ok(state.isLastStep);
  assert.equal(state.history, ['start', 'end']);
  assert.ok(state.back());
  assert.is(state.stepId, 'start');
  assert.not.ok(state.back());
});

navigation('changing an earlier answer changes the path ahead and clears what fell off it', () => {
  const state = createFormState(def, { values: { happy: 'yes', best: 'the people' } });
  assert.equal(state.path, ['start', 'extra', 'praise', 'end']);
  assert.equal(state.progress, { current: 1, total: 4 });
  state.setValue('happy', 'no');
  assert.equal(state.path, ['start', 'end']);
  assert.equal(state.values, { happy: 'no' });
  assert.equal(state.progress, { current: 1, total: 2 });
});

navigation('Continue is refused on the last step: that is where the respondent submits', () => {
  const state = createFormState(def, { values: { happy: 'no' } });
  state.next();
  assert.is(state.stepId, 'end');
  assert.not.ok(state.next());
  assert.is(state.stepId, 'end');
});

navigation('Continue is refused while the step next button is disabled', () => {
  const guarded = checked({
    id: 'g',
    title: 'G',
    submit: { label: 'Send' },
    steps: [
      {
        id: 'a',
        title: 'A',
        fields: [{ key: 'ok', type: 'checkbox', label: 'OK' }],
        next: { label: 'Next', disabled: [{ field: 'ok', neq: true }] },
      },
      { id: 'b', title: 'B', fields: [text('x')] },
    ],
  });
  const state = createFormState(guarded);
  assert.ok(state.isDisabled(guarded.steps![0].next));
  assert.not.ok(state.next());
  state.setValue('ok', true);
  assert.not.ok(state.isDisabled(guarded.steps![0].next));
  assert.ok(state.next());
});

navigation.run();

const skipping = suite('form state: skip and auto-advance');

skipping('Skip resets the step to its defaults and moves on without validating', () => {
  const state = createFormState(def, { values: { happy: 'yes' } });
  state.next();
  state.setValue('detail', 'x');
  assert.not.ok(state.next());
  assert.equal(state.errors, { detail: 'Must be at least 4 characters' });
  assert.ok(state.skip());
  assert.is(state.stepId, 'praise');
  assert.equal(state.skippedSteps, ['extra']);
  assert.is(state.values.detail, 'n/a');
  assert.equal(state.errors, {});
});

skipping('a step without a skip button cannot be skipped; going back to a skipped step un-skips it', () => {
  const state = createFormState(def, { values: { happy: 'yes' } });
  assert.not.ok(state.skip());
  state.next();
  state.skip();
  assert.ok(state.back());
  assert.is(state.stepId, 'extra');
  assert.equal(state.skippedSteps, []);
});

skipping('commit() auto-advances a field with autoAdvance, never from the last step', () => {
  const state = createFormState(def);
  state.setValue('happy', 'no');
  assert.ok(state.commit('happy'));
  assert.is(state.stepId, 'end');
  state.setValue('again', 'yes');
  assert.not.ok(state.commit('again'));
  assert.is(state.stepId, 'end');
  assert.not.ok(state.commit('note'));
});

skipping('commit() does nothing for a field without autoAdvance or off the current step', () => {
  const state = createFormState(def, { values: { happy: 'yes' } });
  state.next();
  assert.not.ok(state.commit('detail'));
  assert.not.ok(state.commit('happy'));
  assert.is(state.stepId, 'extra');
});

skipping.run();

const submitting = suite('form state: submit, values and listeners');

submitting('submit() is evaluateSubmission with the state values and skipped steps', () => {
  const state = createFormState(def, { values: { happy: 'yes' } });
  state.next();
  state.skip();
  state.setValue('best', '');
  const result = state.submit();
  assert.equal(result, evaluateSubmission(def, state.values, { skippedSteps: ['extra'] }));
  assert.equal(result.problems, ['values.best: This field is required']);
  assert.equal(state.errors, { best: 'This field is required' });
  state.setValue('best', 'coffee');
  assert.equal(state.submit(), { values: { happy: 'yes', detail: 'n/a', best: 'coffee' }, problems: [], errors: {} });
});

submitting('a single-step form has no steps to move through', () => {
  const flat = checked({
    id: 's',
    title: 'S',
    submit: { label: 'Send' },
    fields: [text('a', { validation: { required: true } }), text('b', { show: [{ field: 'a', eq: 'b' }] })],
  });
  const state = createFormState(flat);
  assert.is(state.stepId, undefined);
  assert.ok(state.isLastStep);
  assert.not.ok(state.next());
  assert.equal(
    state.visibleFields.map((f) => f.key),
    ['a'],
  );
  state.setValue('a', 'b');
  assert.ok(state.isVisible('b'));
  assert.equal(
    state.visibleFields.map((f) => f.key),
    ['a', 'b'],
  );
  assert.equal(state.submit().problems, []);
});

submitting('hidden fields lose their value and their error at once', () => {
  const flat = checked({
    id: 's',
    title: 'S',
    submit: { label: 'Send' },
    fields: [
      { key: 'more', type: 'checkbox', label: 'More' },
      text('info', { show: [{ field: 'more', eq: true }], validation: { required: true } }),
    ],
  });
  const state = createFormState(flat, { values: { more: true } });
  state.submit();
  assert.equal(state.errors, { info: 'This field is required' });
  state.setValue('info', 'typed');
  state.setValue('more', false);
  assert.equal(state.values, { more: false });
  assert.equal(state.errors, {});
  state.setValue('more', true);
  assert.equal(state.values, { more: true });
});

submitting('setValue ignores keys no field has; every change gives new values and notifies', () => {
  const state = createFormState(def);
  const before = state.values;
  let calls = 0;
  const unsubscribe = state.subscribe(() => calls++);
  state.setValue('nope', 1);
  assert.is(calls, 0);
  state.setValue('happy', 'yes');
  assert.is.not(state.values, before);
  assert.is(calls, 1);
  state.next();
  assert.is(calls, 2);
  const version = state.version;
  unsubscribe();
  state.back();
  assert.is(calls, 2);
  assert.is(state.version, version + 1);
});

submitting('unsubscribe(listener) removes a listener too', () => {
  const state = createFormState(def);
  let calls = 0;
  const listener = () => calls++;
  state.subscribe(listener);
  state.unsubscribe(listener);
  state.setValue('happy', 'no');
  assert.is(calls, 0);
});

submitting('reset() starts over from the initial values', () => {
  const state = createFormState(def, { values: { happy: 'yes' } });
  state.next();
  state.skip();
  state.reset();
  assert.is(state.stepId, 'start');
  assert.equal(state.history, ['start']);
  assert.equal(state.skippedSteps, []);
  assert.equal(state.values, { happy: 'yes', detail: 'n/a' });
  state.reset({ happy: 'no' });
  assert.equal(state.path, ['start', 'end']);
});

submitting.run();
