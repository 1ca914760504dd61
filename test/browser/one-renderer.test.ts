// One source of markup: the hosted page's plain form (rendered on the server, no JavaScript) and the
// live renderer draw every built-in field type (spec 2.5) with the same elements, attributes, text and
// state, and the thanks page shows the renderer's own success screen. Compared in Chromium, as the
// browser builds both pages; only the differences the post without script needs are allowed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let withScript: BrowserContext;
let withoutScript: BrowserContext;

const options = [
  { value: 'a', label: 'Apple' },
  { value: 'b', label: 'Banana <b>' },
];
/** Every built-in type once, with the properties that change markup: required, help, placeholder, defaults. */
const everyType = {
  id: 'all',
  title: 'Every type',
  submit: { label: 'Send' },
  cancel: { label: 'Clear' },
  fields: [
    {
      key: 'text',
      type: 'text',
      label: 'Text',
      helperText: 'Your "name" <here>',
      placeholder: 'Ada',
      defaultValue: 'Ada & co',
      validation: { required: true },
    },
    { key: 'email', type: 'email', label: 'Email', validation: { required: 'Say where' } },
    { key: 'phone', type: 'phone', label: 'Phone', inputMode: 'tel' },
    { key: 'number', type: 'number', label: 'Number', defaultValue: 2.5 },
    { key: 'password', type: 'password', label: 'Password' },
    { key: 'select', type: 'select', label: 'Select', options, defaultValue: 'b', validation: { required: true } },
    { key: 'autocomplete', type: 'autocomplete', label: 'Autocomplete', options, placeholder: 'Pick' },
    {
      key: 'multiselect',
      type: 'multiselect',
      label: 'Multiselect',
      options,
      defaultValue: ['b'],
      validation: { required: true },
      helperText: 'Any',
    },
    { key: 'checkbox', type: 'checkbox', label: 'Checkbox', defaultValue: true, validation: { required: true } },
    {
      key: 'radio',
      type: 'radio',
      label: 'Radio',
      options,
      defaultValue: 'a',
      validation: { required: true },
      helperText: 'One',
    },
    { key: 'switch', type: 'switch', label: 'Switch', helperText: 'On or off' },
    { key: 'file', type: 'file', label: 'File', accept: '.pdf,image/*' },
    { key: 'date', type: 'date', label: 'Date', defaultValue: '2026-11-24' },
    { key: 'datetime', type: 'datetime', label: 'Datetime' },
    { key: 'textarea', type: 'textarea', label: 'Textarea', rows: 3, defaultValue: 'Line </textarea> two' },
  ],
};

/**
 * An element as data: tag, attributes, text and live control state. Ids become #0, #1… by first mention in their field.
 */
interface Shape {
  tag: string;
  attrs: Record<string, string>;
  state: Record<string, unknown>;
  children: (Shape | string)[];
}

/** Lets functions with named helpers run in the page: tsx wraps them with a __name() the page lacks. */
const allowNamedHelpers = (page: Page) => page.evaluate('globalThis.__name = (f) => f');

/** The shapes of the fields (`[data-fs-key]`) under `root`, with the names of the controls marked `required`. */
async function fieldShapes(page: Page, root: string) {
  await allowNamedHelpers(page);
  return page.evaluate((root) => {
    let ids = new Map<string, string>();
    const ref = (id: string) => {
      if (!ids.has(id)) ids.set(id, `#${ids.size}`);
      return ids.get(id)!;
    };
    const idAttrs = ['id', 'for', 'list', 'aria-describedby', 'aria-labelledby'];
    // Value, checked and selected are compared as live state (the renderer sets properties, the server
    // writes attributes); `required` is the one difference allowed, asserted apart.
    const stateAttrs = ['value', 'checked', 'selected', 'required'];
    const shape = (el: Element): Shape => {
      const attrs: Record<string, string> = {};
      for (const a of el.attributes)
        if (!stateAttrs.includes(a.name))
          attrs[a.name] = idAttrs.includes(a.name) ? a.value.split(' ').map(ref).join(' ') : a.value;
      const state: Record<string, unknown> = {};
      if (el instanceof HTMLInputElement && el.type !== 'file')
        Object.assign(
          state,
          { value: el.value },
          el.type === 'checkbox' || el.type === 'radio' ? { checked: el.checked } : {},
        );
      if (el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) state.value = el.value;
      if (el instanceof HTMLOptionElement) Object.assign(state, { value: el.value, selected: el.selected });
      // A textarea's text is its value, written as content by the server and as a property by Preact.
      const nodes = el instanceof HTMLTextAreaElement ? [] : [...el.childNodes];
      const children = nodes
        .map((n) => (n instanceof Element ? shape(n) : (n.textContent ?? '')))
        .filter((c) => c !== '');
      return { tag: el.tagName.toLowerCase(), attrs, state, children };
    };
    return [...document.querySelectorAll(`${root} [data-fs-key]`)].map((el) => {
      const key = el.getAttribute('data-fs-key')!;
      ids = new Map();
      return {
        key,
        shape: shape(el),
        required: [...el.querySelectorAll('[required]')].map(
          (c) => `${c.getAttribute('name')}${c.getAttribute('type') === 'radio' ? `=${c.getAttribute('value')}` : ''}`,
        ),
      };
    });
  }, root);
}

/** The success screen as a shape, and its "Submit another response" control apart. */
async function successShape(page: Page) {
  await allowNamedHelpers(page);
  return page.evaluate(() => {
    const el = document.querySelector('.fs-success')!;
    const another = el.querySelector('.fs-another');
    const shape = (e: Element): unknown => ({
      tag: e.tagName.toLowerCase(),
      attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])),
      children: [...e.childNodes]
        .filter((n) => n !== another)
        .map((n) => (n instanceof Element ? shape(n) : n.textContent)),
    });
    return {
      shape: shape(el),
      another: another && {
        tag: another.tagName.toLowerCase(),
        text: another.textContent,
        href: another.getAttribute('href'),
        class: another.className,
      },
    };
  });
}

const one = suite('one renderer');
one.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  withScript = await browser.newContext({ viewport: { width: 900, height: 900 } });
  withoutScript = await browser.newContext({ viewport: { width: 900, height: 900 }, javaScriptEnabled: false });
});
one.after(async () => {
  await browser?.close();
  await server.stop();
});

one("every built-in type: the page without script has the live renderer's markup, and posts every answer", async () => {
  const published = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: everyType, success_message: 'Got it <3', allow_another_response: true },
  });
  assert.is(published.status, 201, published.text);
  const id = published.json.form_id as string;

  const plain = await withoutScript.newPage();
  await plain.goto(`${server.url}/f/${id}`);
  const served = await fieldShapes(plain, '#formstead form');
  const live = await withScript.newPage();
  const errors = pageErrors(live);
  await live.goto(`${server.url}/f/${id}`);
  await live.locator('.fs-renderer-host .fs-form').waitFor();
  const rendered = await fieldShapes(live, '.fs-renderer-host');

  assert.equal(
    served.map((f) => f.key),
    everyType.fields.map((f) => f.key),
    'every field, in order',
  );
  assert.equal(
    rendered.map((f) => f.key),
    served.map((f) => f.key),
  );
  for (const [i, f] of served.entries()) {
    // Autocomplete is the one control that changes: typed text would be a label, the server wants a value.
    if (f.key === 'autocomplete') continue;
    assert.equal(f.shape, rendered[i].shape, `${f.key}: the same markup`);
  }
  const auto = served.find((f) => f.key === 'autocomplete')!.shape;
  const select = (auto.children as Shape[]).find((c) => c.tag === 'select')!;
  assert.equal(
    select.children.map((o) => (o as Shape).state.value),
    ['', 'a', 'b'],
    'autocomplete posts an option value from a select',
  );
  assert.equal(
    select.children.map((o) => (o as Shape).children[0]),
    ['Pick', 'Apple', 'Banana <b>'],
  );

  // The browser's own check stands in for the engine's where there is no script; the live form has none.
  assert.equal(
    served.flatMap((f) => f.required),
    ['text', 'email', 'select', 'checkbox', 'radio=a'],
    'native required on each required control (one radio asks for the group; a checkbox group cannot)',
  );
  assert.equal(
    rendered.flatMap((f) => f.required),
    [],
  );

  // The buttons come from the same component: Clear resets the plain form, Send posts it.
  assert.equal(
    await plain
      .locator('#formstead .fs-actions button')
      .evaluateAll((b) => b.map((x) => `${x.getAttribute('type')} ${x.className} ${x.textContent}`)),
    ['reset fs-btn fs-btn-text fs-cancel Clear', 'submit fs-btn fs-btn-primary fs-submit Send'],
  );
  assert.equal(
    await live
      .locator('.fs-renderer-host .fs-actions button')
      .evaluateAll((b) => b.map((x) => `${x.getAttribute('type')} ${x.className} ${x.textContent}`)),
    ['button fs-btn fs-btn-text fs-cancel Clear', 'submit fs-btn fs-btn-primary fs-submit Send'],
  );

  // The plain form posts every type under its key (multipart: it has a file field).
  await plain.getByLabel('Email').fill('ada@example.com');
  await plain.getByLabel('Phone').fill('+33 1 23');
  await plain.getByLabel('Password').fill('s3cret');
  await plain.getByLabel('Autocomplete').selectOption('b');
  await plain.getByLabel('Apple').first().check();
  await plain.getByRole('switch', { name: 'Switch' }).check();
  await plain.getByLabel('Datetime').fill('2026-11-24T09:30');
  await Promise.all([
    plain.waitForURL(`${server.url}/f/${id}/thanks`),
    plain.getByRole('button', { name: 'Send' }).click(),
  ]);
  const stored = (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions;
  assert.equal(stored[0].values, {
    text: 'Ada & co',
    email: 'ada@example.com',
    phone: '+33 1 23',
    number: 2.5,
    password: 's3cret',
    select: 'b',
    autocomplete: 'b',
    multiselect: ['a', 'b'],
    checkbox: true,
    radio: 'a',
    switch: true,
    date: '2026-11-24',
    datetime: '2026-11-24T09:30',
    textarea: 'Line </textarea> two',
  });

  // The thanks page shows the renderer's success screen: the live form's, after it sends.
  const thanks = await successShape(plain);
  await live.getByLabel('Email').fill('ada@example.com');
  await live.waitForTimeout(2200); // the render token must be 2 s old
  await live.getByRole('button', { name: 'Send' }).click();
  await live.locator('.fs-success').waitFor();
  const done = await successShape(live);
  assert.equal(thanks.shape, done.shape, 'the same success screen');
  assert.equal(thanks.another, {
    tag: 'a',
    text: 'Submit another response',
    href: `/f/${id}`,
    class: 'fs-btn fs-btn-secondary fs-another',
  });
  assert.equal(done.another, {
    tag: 'button',
    text: 'Submit another response',
    href: null,
    class: 'fs-btn fs-btn-secondary fs-another',
  });
  assert.equal(errors, []);
  await closePage(plain);
  await closePage(live);
});

/** The question types of wave 4 whose page without script is the live markup (ranking and signature differ). */
const surveyTypes = {
  id: 'survey',
  title: 'Survey types',
  submit: { label: 'Send' },
  fields: [
    { key: 'nps', type: 'nps', label: 'NPS', validation: { required: true } },
    { key: 'stars', type: 'rating', label: 'Stars', defaultValue: 3, helperText: 'Three by default' },
    { key: 'hearts', type: 'rating', label: 'Hearts', scale: { max: 7, icon: 'heart' } },
    { key: 'ease', type: 'scale', label: 'Ease', scale: { min: 0, max: 4, minLabel: 'Hard', maxLabel: 'Easy' } },
    {
      key: 'grid',
      type: 'matrix',
      label: 'Grid',
      defaultValue: { r1: 'c2' },
      matrix: {
        rows: [
          { value: 'r1', label: 'Row <1>' },
          { value: 'r2', label: 'Row 2' },
        ],
        columns: [
          { value: 'c1', label: 'Col 1' },
          { value: 'c2', label: 'Col 2' },
        ],
      },
    },
    {
      key: 'many',
      type: 'matrix',
      label: 'Many',
      matrix: { rows: [{ value: 'r', label: 'R' }], columns: options, multiple: true },
    },
    { key: 'when', type: 'time', label: 'When', defaultValue: '08:15' },
  ],
};

one(
  'the question types: the page without script has the live markup for rating, scale, nps, matrix and time',
  async () => {
    const published = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: { definition: surveyTypes },
    });
    assert.is(published.status, 201, published.text);
    const id = published.json.form_id as string;
    const plain = await withoutScript.newPage();
    await plain.goto(`${server.url}/f/${id}`);
    const served = await fieldShapes(plain, '#formstead form');
    const live = await withScript.newPage();
    const errors = pageErrors(live);
    await live.goto(`${server.url}/f/${id}`);
    await live.locator('.fs-renderer-host .fs-form').waitFor();
    const rendered = await fieldShapes(live, '.fs-renderer-host');
    assert.equal(
      served.map((f) => f.key),
      surveyTypes.fields.map((f) => f.key),
    );
    for (const [i, f] of served.entries()) assert.equal(f.shape, rendered[i].shape, `${f.key}: the same markup`);
    assert.equal(
      served.find((f) => f.key === 'nps')!.required,
      ['nps=0'],
      'a required NPS asks the browser for one of its radios',
    );
    assert.equal(errors, []);
    await closePage(plain);
    await closePage(live);
  },
);

one.run();
