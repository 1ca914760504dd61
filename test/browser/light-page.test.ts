// The light hosted page (client/hosted/light/) in Chromium, at 1280 x 800 and 390 x 844, keyboard only:
// a form of one page of built-in questions gets /assets/light.js, which makes the server's own form live.
// Send with nothing typed shows the engine's messages on their fields (aria-invalid, the error named by
// aria-describedby) and puts the focus on the first; typing clears a field's message; a reload brings the
// answers back with the notice and its Start over; the send stores each type's value as the renderer's page
// would (the same answers through the inline embed's renderer are compared), shows the thanks with the
// focus on it, and Submit another gives an empty form. A refusal (the form paused meanwhile) is the alert.
// A ranking and a signature are islands there (client/hosted/light/islands.ts): ranked by keyboard with the
// announcement, kept across a reload, signed by typing, their problems on their fields, Submit another
// empties them; Send waits for a signature still uploading, and an answer sent offline goes once the network
// is back. axe finds nothing serious on the form, its errors and its thanks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { focusedElement, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { fixture, publishPlainForm, uploadImage } from '../helpers/images.ts';
import { focusedName, focusOn, press, rankInTurn, tabTo as tabToName } from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const choices = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));
/** Every control the light page serves, one required of each kind a person meets first. */
const everyLightType = {
  id: 'light',
  title: 'Order a cake',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email', helperText: 'We write only about this order.' },
    { key: 'guests', type: 'number', label: 'Guests', validation: { min: 1, max: 200 } },
    {
      key: 'flavour',
      type: 'radio',
      label: 'Flavour',
      options: choices('Lemon', 'Chocolate'),
      validation: { required: true },
    },
    { key: 'extras', type: 'multiselect', label: 'Extras', options: choices('Candles', 'Card') },
    { key: 'size', type: 'select', label: 'Size', options: choices('Small', 'Large') },
    { key: 'day', type: 'date', label: 'Day' },
    { key: 'note', type: 'textarea', label: 'Anything else?' },
    { key: 'terms', type: 'checkbox', label: 'I agree to the terms', validation: { required: true } },
    { key: 'ref', type: 'hidden', label: 'Campaign' },
  ],
};

const publish = async (definition: Record<string, unknown>) => {
  const body = { definition, allow_another_response: true };
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
const stored = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** Opens the hosted page and waits for the light script to take the form over. */
async function open(page: Page, id: string, query = '') {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/f/${id}${query}`);
  await page.locator('.fs-renderer-host').waitFor();
  return scripts;
}

/** Tabs until the focus is on `label`'s control (keyboard only: no clicks into the form). */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 40; i++) {
    const label = await page.evaluate(() => {
      // Into the inline embed's shadow root, where its control has the focus.
      let el = document.activeElement as HTMLInputElement | null;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLInputElement;
      return el?.closest('fieldset')?.querySelector('legend')?.textContent ?? el?.labels?.[0]?.textContent ?? '';
    });
    if (name.test(label)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no control named ${name} by Tab`);
}

/** Answers the form with the keyboard alone. */
async function answer(page: Page) {
  await tabTo(page, /Your name/);
  await page.keyboard.type('Ada');
  await tabTo(page, /Guests/);
  await page.keyboard.type('12');
  await tabTo(page, /Flavour/);
  // Arrow keys move within a radio group and choose.
  await page.keyboard.press('ArrowDown');
  await tabTo(page, /Extras/);
  await page.keyboard.press('Space');
  await tabTo(page, /Size/);
  await page.keyboard.press('ArrowDown');
  await tabTo(page, /Anything else/);
  await page.keyboard.type('No nuts, please.');
  await tabTo(page, /I agree/);
  await page.keyboard.press('Space');
}

const expected = {
  name: 'Ada',
  guests: 12,
  flavour: 'chocolate',
  extras: ['candles'],
  size: 'small',
  note: 'No nuts, please.',
  terms: true,
  ref: 'spring',
};

const t = suite('light hosted page');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  t(`${width} px: checks, kept answers, the send and the thanks, by keyboard alone`, async () => {
    const id = await publish(everyLightType);
    const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const scripts = await open(page, id, '?ref=spring');
    assert.equal(scripts, ['/assets/light.js'], 'the light script alone, no Preact');

    // Send with nothing typed: the engine's messages on their fields, the focus on the first.
    await tabTo(page, /Your name/);
    await page.keyboard.press('Enter');
    await page.locator('.fs-error').first().waitFor();
    assert.is(await focusedElement(page), 'input:', 'the first field with a problem has the focus');
    const name = page.getByLabel('Your name');
    assert.is(await name.getAttribute('aria-invalid'), 'true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    assert.match((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '', /required/i);
    assert.is(await page.locator('fieldset[role=radiogroup][aria-invalid=true]').count(), 1, 'the radio group');
    assert.is(await page.locator('.fs-field.fs-invalid').count(), 3, 'name, flavour and terms');
    // The email's help text stays named beside a later error.
    const email = page.getByLabel('Email');
    await tabTo(page, /Email/);
    await page.keyboard.type('not an address');
    // Enter in a text input sends the form (and checks it) as a browser's form does.
    await page.keyboard.press('Enter');
    await page.locator('.fs-field.fs-invalid', { has: email }).waitFor();
    assert.match((await email.getAttribute('aria-describedby')) ?? '', /-help .*-error/);
    await assertAxe(page, `light page with errors, ${width}`, { headingOne: true });
    await screenshot(page, `light-page-errors-${width}`);
    // Typing clears the field's message as it goes.
    await tabTo(page, /Email/);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    assert.is(await email.getAttribute('aria-invalid'), null);

    await answer(page);
    assert.is(await page.locator('.fs-error').count(), 0, 'every message went as the answers came');
    // A reload brings the answers back, with the notice and its Start over.
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('No nuts'), `formstead:answers:${id}`);
    await page.reload();
    await page.locator('.fs-resumed').waitFor();
    assert.is(await name.inputValue(), 'Ada');
    assert.ok(await page.getByLabel('Candles').isChecked());
    assert.ok(await page.getByLabel('I agree to the terms').isChecked());

    // Send: stored as the renderer would store it, the thanks with the focus on its message.
    await tabTo(page, /Your name/);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(id) && r.status() === 201),
      page.keyboard.press('Enter'),
    ]);
    await page.locator('.fs-success').waitFor();
    assert.is(await focusedElement(page), 'p:Your response was sent.');
    // The email was typed and emptied: an empty answer, as the renderer's text input gives it too.
    assert.equal((await stored(id))[0].values, { ...expected, email: '' });
    assert.is(
      await page.evaluate((key) => localStorage.getItem(key), `formstead:answers:${id}`),
      null,
      'kept answers gone',
    );
    await assertAxe(page, `light page thanks, ${width}`, { headingOne: true });
    await screenshot(page, `light-page-thanks-${width}`);
    assert.equal(errors, []);
    await context.close();
  });
}

t('the renderer stores the same answers: the inline embed of the same form', async () => {
  const id = await publish(everyLightType);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  // The host site on a loopback port of its own (a public name would be refused a loopback script).
  const embed = `<!doctype html><html lang="en"><head><title>Host</title></head><body><script
    src="${server.url}/embed.js" data-form="${id}" data-mode="inline" data-prefill='{"ref":"spring"}'></script>
    </body></html>`;
  const host = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(embed));
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  await page.locator('.fs-renderer-host').waitFor();
  await answer(page);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(id) && r.status() === 201),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  assert.equal((await stored(id))[0].values, expected);
  assert.equal(errors, []);
  await context.close();
  await new Promise((r) => host.close(r));
});

t('Submit another gives an empty form; a refusal (the form paused meanwhile) is the alert, focused', async () => {
  const id = await publish({
    id: 'short',
    title: 'Short',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Your name', validation: { required: true } }],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await open(page, id);
  await page.getByLabel('Your name').fill('Bo');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('button', { name: 'Submit another response' }).click();
  assert.is(await page.getByLabel('Your name').inputValue(), '', 'an empty form again');
  assert.is(await page.locator('.fs-success').count(), 0);
  const paused = await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { status: 'paused' } });
  assert.is(paused.status, 200, paused.text);
  await page.getByLabel('Your name').fill('Cy');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-alert').waitFor();
  assert.match(await focusedElement(page), /^alert:/);
  assert.match((await page.locator('.fs-alert').textContent()) ?? '', /paused/i);
  assert.is((await stored(id)).length, 1, 'only the first was stored');
  assert.equal(
    errors.filter((e) => !/409|403|Failed to load/.test(e)),
    [],
  );
  await context.close();
});

t("a German form: the engine's messages and the thanks in German", async () => {
  const id = await publish({
    id: 'de',
    lang: 'de',
    title: 'Kontakt',
    submit: { label: 'Senden' },
    fields: [{ key: 'name', type: 'text', label: 'Ihr Name', validation: { required: true } }],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const scripts = await open(page, id);
  assert.equal(scripts, ['/assets/light.js']);
  await page.getByRole('button', { name: 'Senden' }).click();
  assert.is(await page.locator('.fs-error').textContent(), 'Dieses Feld ist erforderlich');
  await page.getByLabel('Ihr Name').fill('Uta');
  await page.getByRole('button', { name: 'Senden' }).click();
  await page.locator('.fs-success').waitFor();
  assert.is(await page.locator('.fs-success-title').textContent(), 'Vielen Dank!');
  assert.equal(errors, []);
  await context.close();
});

t(
  'an NPS survey on the light page: a statement, NPS, stars, a matrix and pictures, by keyboard at 390 px',
  async () => {
    const formId = await publishPlainForm(server.url);
    const urls: string[] = [];
    for (const name of ['fox.png', 'owl.png']) {
      const r = await uploadImage(server.url, formId, fixture('png'), name);
      assert.is(r.status, 201, r.text);
      urls.push(r.json.url);
    }
    const rows = choices('Price', 'Speed');
    const definition = {
      id: 'nps',
      title: 'How did we do?',
      submit: { label: 'Send' },
      fields: [
        { key: 'intro', type: 'statement', label: 'Two minutes', body: 'Read **our** [policy](https://example.com).' },
        { key: 'nps', type: 'nps', label: 'How likely are you to recommend us?', validation: { required: true } },
        { key: 'stars', type: 'rating', label: 'Rate the service', scale: { max: 5 } },
        { key: 'ease', type: 'scale', label: 'How easy was it?', scale: { min: 1, max: 7 } },
        {
          key: 'grid',
          type: 'matrix',
          label: 'How satisfied are you with',
          matrix: { rows, columns: choices('Low', 'Medium', 'High') },
          validation: { required: true },
        },
        {
          key: 'look',
          type: 'picture',
          label: 'Which do you prefer?',
          options: [
            { value: 'fox', label: 'Fox', image: urls[0] },
            { value: 'owl', label: 'Owl', image: urls[1] },
          ],
        },
      ],
    };
    const body = { form_id: formId, definition, allow_another_response: true };
    const published = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body });
    assert.is(published.status, 201, published.text);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const scripts = await open(page, formId);
    assert.equal(scripts.sort(), ['/assets/light-cores.js', '/assets/light.js'], 'the rules of the survey types');
    assert.match((await page.locator('.fs-statement strong').textContent()) ?? '', /our/, 'the Markdown, drawn');

    // Send with nothing chosen: the NPS and the matrix (required) say so; the matrix's rows are named.
    await page.getByRole('button', { name: 'Send' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.fs-error').first().waitFor();
    assert.is(await page.locator('.fs-field.fs-invalid').count(), 2, 'nps and matrix');
    await assertAxe(page, 'light survey with errors, 390', { headingOne: true });
    // Arrow keys choose along a row (a radio group): 0 then nine steps right is 9; the first star then three is 4.
    await tabTo(page, /recommend/);
    await page.keyboard.press('Space');
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await tabTo(page, /Rate the service/);
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await tabTo(page, /How satisfied/);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await tabTo(page, /Which do you prefer/);
    await page.keyboard.press('Space');
    assert.is(await page.locator('.fs-error').count(), 0, 'each message went with its answer');
    await screenshot(page, 'light-page-survey-390');
    await page.getByRole('button', { name: 'Send' }).focus();
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(formId) && r.status() === 201),
      page.keyboard.press('Enter'),
    ]);
    await page.locator('.fs-success').waitFor();
    const [answer] = await stored(formId);
    assert.equal(answer.values, { nps: 9, stars: 4, grid: { price: 'high', speed: 'low' }, look: 'fox' });
    assert.equal(errors, []);
    await context.close();
  },
);

/** A survey with a ranking and a signature (both required) beside light types: islands on the light page. */
const islandSurvey = {
  id: 'islands',
  title: 'Coffee break',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name' },
    { key: 'stars', type: 'rating', label: 'Rate the coffee', scale: { max: 5 } },
    {
      key: 'drinks',
      type: 'ranking',
      label: 'Rank the drinks',
      helperText: 'Your favourite first.',
      options: choices('Tea', 'Coffee', 'Juice'),
      validation: { required: true },
    },
    { key: 'sign', type: 'signature', label: 'Sign here', validation: { required: true } },
  ],
};

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  t(`${width} px: a ranking and a signature as islands, by keyboard; problems, kept answers, the send`, async () => {
    const id = await publish(islandSurvey);
    const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true, locale: 'en-US' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const scripts = await open(page, id);
    assert.equal(scripts.sort(), ['/assets/light-islands.js', '/assets/light.js'], 'no hosted.js, no type modules');
    await page.locator('.fs-ranking').waitFor();

    // Send with nothing ranked or signed: each problem on its field, named by the fieldset, the focus on the
    // ranking's first button.
    await page.getByRole('button', { name: 'Send' }).click();
    const drinks = page.locator('[data-fs-key="drinks"]');
    await drinks.locator('.fs-error').waitFor();
    assert.is(await drinks.locator('.fs-error').textContent(), 'This field is required');
    assert.ok(await drinks.evaluate((e) => e.classList.contains('fs-invalid')));
    const named = ((await drinks.getAttribute('aria-describedby')) ?? '').split(' ');
    assert.is(named.length, 2, 'the help text and the error');
    assert.is(await page.locator(`[id="${named[1]}"]`).textContent(), 'This field is required');
    assert.is(await page.locator('[data-fs-key="sign"] .fs-error').textContent(), 'This field is required');
    assert.is(await focusedName(page), 'Add to ranking: Tea', 'the focus on the ranking');
    await assertAxe(page, `light islands with errors, ${width}`, { headingOne: true });
    await screenshot(page, `light-islands-errors-${width}`);

    // Rank by keyboard: Add ranks in turn, Move up moves and says where the item went; the problem goes.
    await rankInTurn(page, ['Tea', 'Coffee', 'Juice']);
    await press(page, 'Shift+Tab');
    assert.is(await focusedName(page), 'Move up: Juice', 'Move down is off on the last item');
    await press(page, 'Enter');
    await focusOn(page, 'Move up: Juice');
    assert.is(await page.locator('.fs-ranking [role=status]').textContent(), 'Juice moved to position 2 of 3');
    const order = page.locator('.fs-rank-list .fs-rank-label');
    assert.equal(await order.allTextContents(), ['Tea', 'Juice', 'Coffee']);
    assert.is(await drinks.locator('.fs-error').count(), 0, 'the ranking is answered');
    assert.is(await drinks.getAttribute('aria-describedby'), named[0]);

    // Kept answers: the ranking comes back after a reload.
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('juice'), `formstead:answers:${id}`);
    await page.reload();
    await page.locator('.fs-resumed').waitFor();
    await page.locator('.fs-ranking').waitFor();
    assert.equal(await order.allTextContents(), ['Tea', 'Juice', 'Coffee']);

    // Sign by typing: the signature uploads, and its problem goes.
    await tabToName(page, 'Type instead');
    await press(page, 'Enter');
    await focusOn(page, 'Type your name');
    await page.keyboard.type('Ada Lovelace');
    await page.locator('.fs-sign-status', { hasText: 'Signature saved' }).waitFor();
    await screenshot(page, `light-islands-answered-${width}`);
    await assertAxe(page, `light islands answered, ${width}`, { headingOne: true });
    assert.is(
      await page.evaluate(() => document.documentElement.scrollWidth),
      await page.evaluate(() => window.innerWidth),
      'nothing scrolls sideways',
    );
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(id) && r.status() === 201),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    await page.locator('.fs-success').waitFor();
    const [answer] = await stored(id);
    const { sign, ...rest } = answer.values as { sign: { type: string; name: string } };
    assert.equal(rest, { drinks: ['tea', 'juice', 'coffee'] });
    assert.is(sign.type, 'image/png');
    assert.is(sign.name, 'signature.png');

    // Submit another: the islands start empty again.
    await page.getByRole('button', { name: 'Submit another response' }).click();
    await page.locator('.fs-ranking').waitFor();
    assert.is(await order.count(), 0, 'nothing ranked');
    assert.is(await page.locator('.fs-sign-status').textContent(), '');
    await page.getByRole('button', { name: 'Send' }).click();
    await drinks.locator('.fs-error').waitFor();
    assert.is((await stored(id)).length, 1);
    assert.equal(errors, []);
    await context.close();
  });
}

t('islands: Send waits for a signature on its way; a ranking sent offline goes once the network is back', async () => {
  const id = await publish(islandSurvey);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await open(page, id);
  await page.locator('.fs-ranking').waitFor();
  await page.waitForLoadState('networkidle');
  // A required ranking ranks every option.
  for (const item of ['Coffee', 'Tea', 'Juice'])
    await page.getByRole('button', { name: `Add to ranking: ${item}` }).click();
  // The signature's upload is held until released, so Send meets it on its way.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/uploads?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Type instead' }).click();
  await page.getByLabel('Type your name').fill('Bo');
  await page.locator('.fs-sign-status', { hasText: 'Saving the signature' }).waitFor();
  await page.getByRole('button', { name: 'Send' }).click();
  const alert = page.locator('.fs-alert');
  await alert.waitFor();
  assert.is(await alert.textContent(), 'A file is still uploading. Try again once it has finished.');
  assert.match(await focusedElement(page), /^alert:/);
  assert.is((await stored(id)).length, 0, 'nothing sent meanwhile');
  release();
  await page.locator('.fs-sign-status', { hasText: 'Signature saved' }).waitFor();
  assert.is(await alert.count(), 0, 'the alert went with the upload');

  // Offline: kept on the device, sent when the connection returns.
  await page.unrouteAll();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Saved on this device. It will be sent when you are back online.').waitFor();
  await context.setOffline(false);
  await page.locator('.fs-success').waitFor();
  const answers = await stored(id);
  assert.is(answers.length, 1);
  assert.equal(answers[0].values.drinks, ['coffee', 'tea', 'juice']);
  assert.is((answers[0].values.sign as { type: string }).type, 'image/png');
  assert.equal(
    errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load/.test(e)),
    [],
  );
  await context.close();
});

t.run();
