// Multi-step forms in the renderer (spec 2.8, 2.9, 2.2): progress over the path, Continue with
// validation, routes, Back, Skip, button overrides and conditions, autoAdvance, focus.
import { act, button, byLabel, click, key, mount, type, unmountAll } from '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { html } from '../../client/renderer/html.ts';
import { FormRenderer, type FieldProps, type FormDefinition } from '../../client/renderer/index.ts';

const kinds = [
  { value: 'person', label: 'A person' },
  { value: 'business', label: 'A business' },
];

/** who → (company, only for businesses) → contact. */
const routed: FormDefinition = {
  id: 'routed',
  title: 'Routed',
  submit: { label: 'Finish' },
  steps: [
    {
      id: 'who',
      title: 'About you',
      description: 'Tell us who you are',
      fields: [{ key: 'kind', type: 'radio', label: 'You are', options: kinds, validation: { required: true } }],
      routes: [{ to: 'company', show: [{ field: 'kind', eq: 'business' }] }, { to: 'contact' }],
    },
    {
      id: 'company',
      title: 'Your company',
      fields: [
        { key: 'company', type: 'text', label: 'Company', defaultValue: 'ACME', validation: { required: true } },
      ],
      skip: { label: 'Skip this step' },
      back: { label: 'Previous' },
      next: { label: 'Onwards', disabled: [{ field: 'company', eq: 'blocked' }] },
    },
    {
      id: 'contact',
      title: 'Contact',
      fields: [{ key: 'email', type: 'email', label: 'Email', validation: { required: true } }],
    },
  ],
};

const heading = (root: HTMLElement) => root.querySelector('.fs-step-title')!;
const progress = (root: HTMLElement) => root.querySelector('.fs-progress-label')!.textContent;
const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent!.trim());
const radio = (root: HTMLElement, value: string) =>
  root.querySelector(`input[type=radio][value="${value}"]`) as HTMLElement;

const steps = suite('steps');
steps.after.each(unmountAll);

steps('the first step shows its title, description and the progress over the path', async () => {
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${() => {}} />`);
  assert.is(heading(root).tagName, 'H2');
  assert.is(heading(root).textContent, 'About you');
  assert.is(root.querySelector('.fs-step-description')!.textContent, 'Tell us who you are');
  // The route is still open (two steps or three): no total, and the bar measures the longest path.
  assert.is(progress(root), 'Step 1');
  const bar = root.querySelector('[role=progressbar]')!;
  assert.equal([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')], ['33', '100']);
  assert.equal(buttons(root), ['Continue'], 'no Back on the first step, Continue instead of Submit');
  assert.ok(!root.textContent!.includes('Routed'), 'the form title is not displayed (spec 2.1)');
});

steps('Continue validates the step, shows errors and focuses the first one', async () => {
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${() => {}} />`);
  await click(button(root, 'Continue'));
  assert.is(heading(root).textContent, 'About you');
  assert.is(root.querySelector('.fs-error')!.textContent, 'This field is required');
  assert.is(document.activeElement, radio(root, 'person'));
});

steps('routes follow the answers; the progress never goes back while moving forward', async () => {
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${() => {}} />`);
  await click(radio(root, 'business'));
  assert.is(progress(root), 'Step 1', 'an answer on the step does not change the count');
  await click(button(root, 'Continue'));
  assert.is(heading(root).textContent, 'Your company');
  assert.is(document.activeElement, heading(root), 'focus moves to the new step heading');
  assert.equal(buttons(root), ['Previous', 'Skip this step', 'Onwards']);
  await click(button(root, 'Previous'));
  await click(radio(root, 'person'));
  await click(button(root, 'Continue'));
  assert.is(heading(root).textContent, 'Contact');
  assert.is(progress(root), 'Step 2 of 2');
  assert.equal(buttons(root), ['Back', 'Finish']);
});

steps('Back returns along the steps taken and keeps the answers', async () => {
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${() => {}} />`);
  await click(radio(root, 'business'));
  await click(button(root, 'Continue'));
  await type(byLabel(root, 'Company'), 'Initech');
  await click(button(root, 'Onwards'));
  assert.is(heading(root).textContent, 'Contact');
  await click(button(root, 'Back'));
  assert.is(heading(root).textContent, 'Your company');
  assert.is((byLabel(root, 'Company') as HTMLInputElement).value, 'Initech');
  assert.is(document.activeElement, heading(root));
});

steps('Skip resets the step to its defaults, moves on without validation and is reported on submit', async () => {
  let submitted: { values: Record<string, unknown>; skipped: readonly string[] } | undefined;
  const onSubmit = (values: Record<string, unknown>, ctx: { skippedSteps: readonly string[] }) => {
    submitted = { values, skipped: ctx.skippedSteps };
  };
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${onSubmit} />`);
  await click(radio(root, 'business'));
  await click(button(root, 'Continue'));
  await type(byLabel(root, 'Company'), '');
  await click(button(root, 'Skip this step'));
  assert.is(heading(root).textContent, 'Contact');
  await type(byLabel(root, 'Email'), 'ada@example.com');
  await click(button(root, 'Finish'));
  assert.equal(submitted, {
    values: { kind: 'business', company: 'ACME', email: 'ada@example.com' },
    skipped: ['company'],
  });
});

steps('disabled conditions disable Continue; `false` hides Back and Continue', async () => {
  const def: FormDefinition = {
    ...routed,
    steps: [
      { ...routed.steps![0], back: false },
      { ...routed.steps![1], back: false },
      { ...routed.steps![2], back: { label: 'Go back', disabled: [{ field: 'email', eq: 'x@example.com' }] } },
    ],
    submit: { label: 'Finish', disabled: [{ field: 'email', eq: 'no@example.com' }] },
  };
  const root = await mount(html`<${FormRenderer} definition=${def} onSubmit=${() => {}} />`);
  await click(radio(root, 'business'));
  await click(button(root, 'Continue'));
  assert.equal(buttons(root), ['Skip this step', 'Onwards'], 'back: false hides Back');
  await type(byLabel(root, 'Company'), 'blocked');
  assert.ok(button(root, 'Onwards').disabled);
  await act(
    () =>
      void root
        .querySelector('form')!
        .dispatchEvent(new window.Event('submit', { cancelable: true }) as unknown as Event),
  );
  assert.is(heading(root).textContent, 'Your company', 'Enter does not pass a disabled Continue');
  await type(byLabel(root, 'Company'), 'Initech');
  await click(button(root, 'Onwards'));
  await type(byLabel(root, 'Email'), 'no@example.com');
  assert.ok(button(root, 'Finish').disabled);
  await type(byLabel(root, 'Email'), 'x@example.com');
  assert.ok(!button(root, 'Finish').disabled);
  assert.ok(button(root, 'Go back').disabled);
  const hidden: FormDefinition = { ...routed, steps: [{ ...routed.steps![0], next: false }, routed.steps![2]] };
  const other = await mount(html`<${FormRenderer} definition=${hidden} onSubmit=${() => {}} />`);
  assert.equal(buttons(other), [], 'next: false hides Continue');
});

const auto: FormDefinition = {
  id: 'auto',
  title: 'Auto',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [{ key: 'a', type: 'radio', label: 'A', options: kinds, autoAdvance: true }],
      next: false,
    },
    { id: 'two', title: 'Two', fields: [{ key: 'b', type: 'stars', label: 'B', autoAdvance: true }] },
    {
      id: 'three',
      title: 'Three',
      fields: [{ key: 'c', type: 'radio', label: 'C', options: kinds, autoAdvance: true }],
    },
  ],
};
const Stars = (p: FieldProps) =>
  html`<button type="button" id=${p.id} onClick=${() => {
    p.onChange(5);
    p.onCommit();
  }}>Five stars</button>`;

steps('autoAdvance: a pointer click on a radio moves on; an arrow-key change does not', async () => {
  const root = await mount(
    html`<${FormRenderer} definition=${auto} components=${{ stars: Stars }} onSubmit=${() => {}} />`,
  );
  await click(radio(root, 'business'), 0);
  assert.is(heading(root).textContent, 'One', 'a keyboard-made click (detail 0) only changes the choice');
  assert.ok((radio(root, 'business') as HTMLInputElement).checked);
  await click(radio(root, 'person'), 1);
  assert.is(heading(root).textContent, 'Two');
  assert.is(document.activeElement, heading(root));
});

steps('autoAdvance: Space and Enter on a radio move on; a custom field commits through its callback', async () => {
  const root = await mount(
    html`<${FormRenderer} definition=${auto} components=${{ stars: Stars }} onSubmit=${() => {}} />`,
  );
  await key(radio(root, 'person'), 'keyup', ' ');
  assert.is(heading(root).textContent, 'Two');
  await click(button(root, 'Back'));
  const enter = new window.KeyboardEvent('keydown', {
    key: 'Enter',
    bubbles: true,
    cancelable: true,
  }) as unknown as Event;
  await act(() => void radio(root, 'business').dispatchEvent(enter));
  assert.ok(enter.defaultPrevented, 'Enter does not submit the form');
  assert.is(heading(root).textContent, 'Two');
  await click(button(root, 'Five stars'));
  assert.is(heading(root).textContent, 'Three');
});

steps('autoAdvance never submits from the last step', async () => {
  let sent = 0;
  const root = await mount(
    html`<${FormRenderer} definition=${auto} components=${{ stars: Stars }} onSubmit=${() => void sent++} />`,
  );
  await click(radio(root, 'person'));
  await click(button(root, 'Five stars'));
  await click(radio(root, 'business'));
  await key(radio(root, 'business'), 'keydown', 'Enter');
  assert.is(heading(root).textContent, 'Three');
  assert.is(sent, 0);
});

steps('Enter in a text input on a middle step means Continue', async () => {
  const root = await mount(html`<${FormRenderer} definition=${routed} onSubmit=${() => {}} />`);
  await click(radio(root, 'business'));
  await click(button(root, 'Continue'));
  await act(
    () =>
      void root
        .querySelector('form')!
        .dispatchEvent(new window.Event('submit', { cancelable: true }) as unknown as Event),
  );
  assert.is(heading(root).textContent, 'Contact');
});

steps.run();
