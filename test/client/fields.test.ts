// The renderer's fields (spec 2.4, 2.5) under happy-dom: every built-in type as a native control,
// labels and descriptions wired for assistive technology, custom types through `components`.
import { act, button, byLabel, choose, click, mount, type, unmountAll } from '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { html } from '../../client/renderer/html.ts';
import { FormRenderer, type FieldProps, type FormDefinition } from '../../client/renderer/index.ts';

const colours = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
];

const allTypes: FormDefinition = {
  id: 'all',
  title: 'Every type',
  submit: { label: 'Send' },
  fields: [
    {
      key: 'text',
      type: 'text',
      label: 'Text',
      placeholder: 'Ada',
      inputMode: 'text',
      helperText: 'As on your passport',
      validation: { required: true },
    },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'phone', type: 'phone', label: 'Phone', inputMode: 'tel' },
    { key: 'number', type: 'number', label: 'Number' },
    { key: 'password', type: 'password', label: 'Password' },
    { key: 'select', type: 'select', label: 'Select', options: colours, placeholder: 'Pick one' },
    { key: 'autocomplete', type: 'autocomplete', label: 'Autocomplete', options: colours },
    { key: 'multiselect', type: 'multiselect', label: 'Multiselect', options: colours, validation: { required: true } },
    { key: 'checkbox', type: 'checkbox', label: 'Checkbox' },
    { key: 'radio', type: 'radio', label: 'Radio', options: colours, validation: { required: true } },
    { key: 'switch', type: 'switch', label: 'Switch', defaultValue: true },
    { key: 'file', type: 'file', label: 'File', accept: '.pdf' },
    { key: 'date', type: 'date', label: 'Date' },
    { key: 'datetime', type: 'datetime', label: 'Datetime' },
    { key: 'textarea', type: 'textarea', label: 'Textarea', rows: 6 },
  ],
};

const attrs = (el: Element, ...names: string[]) => Object.fromEntries(names.map((n) => [n, el.getAttribute(n)]));

const fields = suite('fields');
fields.after.each(unmountAll);

fields('each built-in type is the native control with its attributes', async () => {
  const root = await mount(html`<${FormRenderer} definition=${allTypes} onSubmit=${() => {}} />`);
  const input = (label: string) => byLabel(root, label) as HTMLInputElement;
  assert.equal(attrs(input('Text'), 'type', 'placeholder', 'inputmode', 'aria-required'), {
    type: 'text',
    placeholder: 'Ada',
    inputmode: 'text',
    'aria-required': 'true',
  });
  assert.equal(attrs(input('Email'), 'type', 'autocomplete'), { type: 'email', autocomplete: 'email' });
  assert.equal(attrs(input('Phone'), 'type', 'inputmode'), { type: 'tel', inputmode: 'tel' });
  assert.equal(attrs(input('Number'), 'type', 'inputmode'), { type: 'number', inputmode: 'decimal' });
  assert.is(input('Password').type, 'password');
  assert.is(input('Date').type, 'date');
  assert.is(input('Datetime').type, 'datetime-local');
  assert.equal(attrs(input('File'), 'type', 'accept'), { type: 'file', accept: '.pdf' });
  assert.is(input('Textarea').tagName, 'TEXTAREA');
  assert.is(input('Textarea').getAttribute('rows'), '6');
  const select = input('Select') as unknown as HTMLSelectElement;
  assert.is(select.tagName, 'SELECT');
  assert.equal(
    [...select.options].map((o) => o.textContent),
    ['Pick one', 'Red', 'Green'],
  );
  const auto = input('Autocomplete');
  assert.is(auto.getAttribute('list'), `${auto.id}-list`);
  assert.equal(
    [...root.querySelectorAll(`#${auto.id}-list option`)].map((o) => o.getAttribute('value')),
    ['Red', 'Green'],
  );
  assert.is(input('Checkbox').type, 'checkbox');
  assert.is(input('Switch').getAttribute('role'), 'switch');
  assert.is(input('Switch').checked, true, 'defaultValue applies');
});

fields('radio and multiselect are fieldsets with a legend; radio groups carry the required state', async () => {
  const root = await mount(html`<${FormRenderer} definition=${allTypes} onSubmit=${() => {}} />`);
  const radio = byLabel(root, 'Radio');
  assert.is(radio.tagName, 'FIELDSET');
  assert.is(radio.getAttribute('role'), 'radiogroup');
  assert.is(radio.getAttribute('aria-required'), 'true');
  assert.equal(
    [...radio.querySelectorAll('input[type=radio]')].map((i) => i.getAttribute('name')),
    ['radio', 'radio'],
  );
  const multi = byLabel(root, 'Multiselect');
  assert.is(multi.tagName, 'FIELDSET');
  assert.is(multi.getAttribute('role'), null);
  assert.match(multi.querySelector('legend')!.textContent!, /\(required\)/);
  assert.is(multi.querySelectorAll('input[type=checkbox]').length, 2);
});

fields('required marks, helper text and errors are tied to the control', async () => {
  const root = await mount(html`<${FormRenderer} definition=${allTypes} onSubmit=${() => {}} />`);
  const text = byLabel(root, 'Text');
  assert.ok(root.querySelector(`label[for="${text.id}"] .fs-req`), 'required mark');
  assert.is(root.querySelector(`label[for="${byLabel(root, 'Email').id}"] .fs-req`), null);
  assert.is(text.getAttribute('aria-describedby'), `${text.id}-help`);
  assert.is(document.getElementById(`${text.id}-help`)!.textContent, 'As on your passport');
  assert.is(text.getAttribute('aria-invalid'), null);
  await click(button(root, 'Send'));
  assert.is(text.getAttribute('aria-invalid'), 'true');
  assert.is(text.getAttribute('aria-describedby'), `${text.id}-help ${text.id}-error`);
  assert.is(document.getElementById(`${text.id}-error`)!.textContent, 'This field is required');
  const radio = byLabel(root, 'Radio');
  assert.is(radio.getAttribute('aria-invalid'), 'true');
  assert.match(radio.getAttribute('aria-describedby')!, /-error$/);
  assert.is(document.activeElement, text, 'focus goes to the first field with an error');
  await type(text, 'Ada');
  assert.is(text.getAttribute('aria-invalid'), null, 'a change clears that field’s error');
});

fields('values are typed by the control and submitted as the engine accepts them', async () => {
  let submitted: Record<string, unknown> | undefined;
  const root = await mount(
    html`<${FormRenderer} definition=${allTypes} onSubmit=${(v: Record<string, unknown>) => {
      submitted = v;
    }} />`,
  );
  await type(byLabel(root, 'Text'), 'Ada');
  await type(byLabel(root, 'Number'), '42.5');
  await choose(byLabel(root, 'Select'), 'green');
  await type(byLabel(root, 'Autocomplete'), 'red');
  await click(byLabel(root, 'Multiselect').querySelector('input[value=green]') as HTMLElement);
  await click(byLabel(root, 'Checkbox'));
  await click(byLabel(root, 'Radio').querySelector('input[value=red]') as HTMLElement);
  await type(byLabel(root, 'Date'), '2026-11-21');
  await type(byLabel(root, 'Datetime'), '2026-11-21T09:30');
  await type(byLabel(root, 'Textarea'), 'Two\nlines');
  await click(button(root, 'Send'));
  assert.equal(submitted, {
    text: 'Ada',
    number: 42.5,
    select: 'green',
    autocomplete: 'red',
    multiselect: ['green'],
    checkbox: true,
    radio: 'red',
    switch: true,
    date: '2026-11-21',
    datetime: '2026-11-21T09:30',
    textarea: 'Two\nlines',
  });
});

fields('a cleared number is null, and typed text that is not a number stays in the input', async () => {
  const def: FormDefinition = {
    id: 'n',
    title: 'N',
    submit: { label: 'Send' },
    fields: [{ key: 'n', type: 'number', label: 'N', defaultValue: 3 }],
  };
  let submitted: Record<string, unknown> | undefined;
  const root = await mount(
    html`<${FormRenderer} definition=${def} onSubmit=${(v: Record<string, unknown>) => {
      submitted = v;
    }} />`,
  );
  const n = byLabel(root, 'N') as HTMLInputElement;
  assert.is(n.value, '3');
  await type(n, '');
  await click(button(root, 'Send'));
  assert.equal(submitted, { n: null });
});

/** The props each render of `Stars` got (only the custom-type test below renders it). */
const seen: FieldProps[] = [];
const Stars = (p: FieldProps) => {
  seen.push(p);
  return html`<div class="stars" id=${p.id} aria-describedby=${p.describedBy}>
    ${[1, 2, 3].map((n) => html`<button type="button" onClick=${() => p.onChange(n)}>${n} stars</button>`)}
  </div>`;
};

fields('a custom type renders through components with the field props, inside the label frame', async () => {
  const def: FormDefinition = {
    id: 'c',
    title: 'C',
    submit: { label: 'Send' },
    fields: [
      { key: 'rating', type: 'stars', label: 'Rating', helperText: 'Be kind', validation: { required: true } },
      { key: 'other', type: 'unknown-kind', label: 'Other' },
    ],
  };
  let submitted: Record<string, unknown> | undefined;
  const root = await mount(
    html`<${FormRenderer} definition=${def} components=${{ stars: Stars }} onSubmit=${(v: Record<string, unknown>) => {
      submitted = v;
    }} />`,
  );
  const stars = byLabel(root, 'Rating');
  assert.ok(stars.classList.contains('stars'), 'the label points at the custom control');
  assert.is(seen[0].required, true);
  assert.is(seen[0].name, 'rating');
  assert.is(stars.getAttribute('aria-describedby'), `${stars.id}-help`);
  assert.is(
    (byLabel(root, 'Other') as HTMLInputElement).type,
    'text',
    'a custom type with no component falls back to text',
  );
  await click(button(root, '3 stars'));
  await click(button(root, 'Send'));
  assert.equal(submitted, { rating: 3 });
});

fields('fields hidden by conditions disappear and lose their value', async () => {
  const def: FormDefinition = {
    id: 'h',
    title: 'H',
    submit: { label: 'Send' },
    fields: [
      {
        key: 'topic',
        type: 'select',
        label: 'Topic',
        options: [
          { value: 'other', label: 'Other' },
          { value: 'a', label: 'A' },
        ],
      },
      { key: 'detail', type: 'text', label: 'Detail', show: [{ field: 'topic', eq: 'other' }] },
    ],
  };
  let submitted: Record<string, unknown> | undefined;
  const root = await mount(
    html`<${FormRenderer} definition=${def} onSubmit=${(v: Record<string, unknown>) => {
      submitted = v;
    }} />`,
  );
  assert.throws(() => byLabel(root, 'Detail'));
  await choose(byLabel(root, 'Topic'), 'other');
  await type(byLabel(root, 'Detail'), 'Something');
  await choose(byLabel(root, 'Topic'), 'a');
  assert.throws(() => byLabel(root, 'Detail'));
  await act(() => (button(root, 'Send') as HTMLButtonElement).click());
  assert.equal(submitted, { topic: 'a' });
});

fields.run();
