// Submitting from the renderer: onSubmit with the accepted values, server problems back on their
// fields (on the step that holds them), retry after a failure, the success screen, Cancel.
import { act, button, byLabel, click, mount, settle, type, unmountAll } from '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { html } from '../../client/renderer/html.ts';
import { FormRenderer, SubmitError, type FormDefinition } from '../../client/renderer/index.ts';

const twoSteps: FormDefinition = {
  id: 'two',
  title: 'Two steps',
  submit: { label: 'Send' },
  cancel: { label: 'Start over' },
  steps: [
    {
      id: 'name',
      title: 'Name',
      fields: [{ key: 'name', type: 'text', label: 'Name', validation: { required: true } }],
    },
    {
      id: 'mail',
      title: 'Mail',
      fields: [{ key: 'email', type: 'email', label: 'Email', validation: { required: true } }],
    },
  ],
};

async function fillBoth(root: HTMLElement) {
  await type(byLabel(root, 'Name'), 'Ada');
  await click(button(root, 'Continue'));
  await type(byLabel(root, 'Email'), 'ada@example.com');
}

const submit = suite('submit');
submit.after.each(unmountAll);

submit('onSubmit gets the accepted values; success shows the message and can start again', async () => {
  const calls: Record<string, unknown>[] = [];
  const root = await mount(
    html`<${FormRenderer}
      definition=${twoSteps}
      success=${{ message: 'Got it!', allowAnother: true }}
      onSubmit=${(v: Record<string, unknown>) => void calls.push(v)}
    />`,
  );
  await fillBoth(root);
  await click(button(root, 'Send'));
  await settle();
  assert.equal(calls, [{ name: 'Ada', email: 'ada@example.com' }]);
  const message = root.querySelector('.fs-success-message')!;
  assert.is(message.textContent, 'Got it!');
  assert.is(document.activeElement, message, 'focus goes to the success message');
  await click(button(root, 'Submit another response'));
  assert.is(root.querySelector('.fs-step-title')!.textContent, 'Name');
  assert.is((byLabel(root, 'Name') as HTMLInputElement).value, '', 'a new response starts empty');
});

submit('without allowAnother there is no "Submit another response"; the default message is used', async () => {
  const root = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${async () => {}} />`);
  await fillBoth(root);
  await click(button(root, 'Send'));
  await settle();
  assert.is(root.querySelector('.fs-success-message')!.textContent, 'Your response was sent.');
  assert.is(root.querySelector('.fs-success-title')!.textContent, 'Thank you!');
  assert.ok(root.querySelector('.fs-success svg[aria-hidden="true"]'), 'a check mark, hidden from screen readers');
  assert.is(root.querySelectorAll('button').length, 0);
});

submit('server problems are shown on their fields, on the step that holds them', async () => {
  const onSubmit = async () => {
    throw new SubmitError('Please check your answers.', {
      problems: [
        'values.name: Must be at least 5 characters',
        'values: the submit button is disabled for these answers',
      ],
    });
  };
  const root = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${onSubmit} />`);
  await fillBoth(root);
  await click(button(root, 'Send'));
  await settle();
  assert.is(root.querySelector('.fs-step-title')!.textContent, 'Name', 'moved back to the step of the first problem');
  const name = byLabel(root, 'Name');
  assert.is(document.getElementById(`${name.id}-error`)!.textContent, 'Must be at least 5 characters');
  assert.is(name.getAttribute('aria-invalid'), 'true');
  assert.is(document.activeElement, name);
  const alert = root.querySelector('.fs-alert')!;
  assert.match(alert.textContent!, /Please check your answers/);
  assert.match(alert.textContent!, /the submit button is disabled/);
  await type(name, 'Ada Lovelace');
  assert.is(name.getAttribute('aria-invalid'), null, 'the server message goes once the value changes');
});

submit('a failure with retry keeps the values and sends the same ones again', async () => {
  const calls: Record<string, unknown>[] = [];
  const onSubmit = async (values: Record<string, unknown>) => {
    calls.push(values);
    if (calls.length === 1) throw new SubmitError('The connection failed.', { retry: true });
  };
  const root = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${onSubmit} />`);
  await fillBoth(root);
  await click(button(root, 'Send'));
  await settle();
  const alert = root.querySelector('.fs-alert')!;
  assert.match(alert.textContent!, /The connection failed/);
  assert.is(document.activeElement, alert);
  assert.is((byLabel(root, 'Email') as HTMLInputElement).value, 'ada@example.com', 'values kept');
  await click(button(root, 'Try again'));
  await settle();
  assert.equal(calls[1], calls[0]);
  assert.ok(root.querySelector('.fs-success'));
});

submit('any other rejection is reported with a retry; buttons are disabled while sending', async () => {
  let release!: () => void;
  let calls = 0;
  const onSubmit = () => {
    calls++;
    return calls === 1 ? Promise.reject(new Error('boom')) : new Promise<void>((r) => (release = r));
  };
  const root = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${onSubmit} />`);
  await fillBoth(root);
  await click(button(root, 'Send'));
  await settle();
  assert.match(root.querySelector('.fs-alert')!.textContent!, /could not be sent/);
  await click(button(root, 'Try again'));
  assert.ok(button(root, 'Send').disabled);
  assert.is(root.querySelector('form')!.getAttribute('aria-busy'), 'true');
  release();
  await settle();
  assert.ok(root.querySelector('.fs-success'));
});

submit('a double click sends once', async () => {
  let calls = 0;
  const root = await mount(
    html`<${FormRenderer} definition=${twoSteps} onSubmit=${() =>
      new Promise<void>((r) => {
        calls++;
        setTimeout(r, 10);
      })} />`,
  );
  await fillBoth(root);
  await act(() => {
    button(root, 'Send').click();
    button(root, 'Send').click();
  });
  await settle(20);
  assert.is(calls, 1);
  assert.ok(root.querySelector('.fs-success'));
});

submit(
  'Cancel asks before it clears typed answers ("Keep my answers" keeps them), or calls onCancel when given',
  async () => {
    const root = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${() => {}} />`);
    await type(byLabel(root, 'Name'), 'Ada');
    await click(button(root, 'Continue'));
    await click(button(root, 'Start over'));
    // The question is an on-demand module (lazy/reset-confirm.ts): FormRenderer fetched it at mount.
    for (let i = 0; i < 100 && !root.querySelector('.fs-confirm'); i++) await settle(10);
    assert.match(root.querySelector('.fs-confirm')!.textContent!, 'Clear all your answers and start over?');
    assert.is(document.activeElement, button(root, 'Keep my answers'), 'the safe choice has focus');
    await click(button(root, 'Keep my answers'));
    assert.not.ok(root.querySelector('.fs-confirm'));
    assert.is(root.querySelector('.fs-step-title')!.textContent, 'Mail', 'still on the step, answers kept');
    await click(button(root, 'Start over'));
    await click(button(root, 'Clear answers'));
    assert.is(root.querySelector('.fs-step-title')!.textContent, 'Name');
    assert.is((byLabel(root, 'Name') as HTMLInputElement).value, '');
    // Nothing typed: nothing to lose, no question.
    const fresh = await mount(html`<${FormRenderer} definition=${twoSteps} onSubmit=${() => {}} />`);
    await click(button(fresh, 'Start over'));
    assert.not.ok(fresh.querySelector('.fs-confirm'));
    let cancelled = 0;
    const other = await mount(
      html`<${FormRenderer} definition=${twoSteps} onSubmit=${() => {}} onCancel=${() => void cancelled++} />`,
    );
    await click(button(other, 'Start over'));
    assert.is(cancelled, 1);
  },
);

submit(
  'showTitle puts the title and description above the form; without it the renderer shows neither (spec 2.1)',
  async () => {
    const described = { ...twoSteps, description: 'Two quick questions.' };
    const shown = await mount(html`<${FormRenderer} definition=${described} onSubmit=${() => {}} showTitle />`);
    assert.is(shown.querySelector('.fs-page-title')!.tagName, 'H2');
    assert.is(shown.querySelector('.fs-page-title')!.textContent, 'Two steps');
    assert.is(shown.querySelector('.fs-page-description')!.textContent, 'Two quick questions.');
    const plain = await mount(html`<${FormRenderer} definition=${described} onSubmit=${() => {}} />`);
    assert.not.ok(plain.querySelector('.fs-page-title'));
    assert.not.ok(plain.textContent!.includes('Two quick questions.'));
  },
);

submit('initial values and validators are used', async () => {
  const def: FormDefinition = {
    id: 'v',
    title: 'V',
    submit: { label: 'Send' },
    fields: [{ key: 'code', type: 'text', label: 'Code', validation: { validator: 'even' } }],
  };
  const validators = { even: (v: unknown) => (String(v).length % 2 ? 'Use an even number of characters' : undefined) };
  let sent = 0;
  const root = await mount(
    html`<${FormRenderer}
      definition=${def}
      validators=${validators}
      initialValues=${{ code: 'abc' }}
      onSubmit=${() => void sent++}
    />`,
  );
  assert.is((byLabel(root, 'Code') as HTMLInputElement).value, 'abc');
  await click(button(root, 'Send'));
  assert.is(root.querySelector('.fs-error')!.textContent, 'Use an even number of characters');
  assert.is(sent, 0);
});

submit.run();
