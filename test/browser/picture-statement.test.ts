// The picture choice and the statement block on the hosted page, in Chromium at 390 and 1280 px: a statement
// shows its heading and its Markdown body (bold, a link that opens in a new tab, an answer piped in) and takes
// no answer; a picture choice is a radio group (a checkbox group when `multiple`) whose options show their
// images, chosen by keyboard alone; axe finds nothing; the page without JavaScript posts the same names.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { fixture, publishPlainForm, uploadImage } from '../helpers/images.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let formId: string;

const t = suite('picture choice and statement');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  formId = await publishPlainForm(server.url);
  const urls: string[] = [];
  for (const name of ['fox.png', 'owl.png']) {
    const r = await uploadImage(server.url, formId, fixture('png'), name);
    assert.is(r.status, 201, r.text);
    urls.push(r.json.url);
  }
  const definition = {
    id: 'pics',
    title: 'Pictures',
    submit: { label: 'Send' },
    fields: [
      { key: 'name', type: 'text', label: 'Name' },
      {
        key: 'intro',
        type: 'statement',
        label: 'Before you pick',
        body: 'Thanks **{{name}}**. Read [our policy](https://example.com/privacy) first.',
      },
      {
        key: 'animal',
        type: 'picture',
        label: 'Your animal',
        validation: { required: true },
        options: [
          { value: 'fox', label: 'Fox', image: urls[0], score: 2 },
          { value: 'owl', label: 'Owl', image: urls[1], score: 1 },
        ],
      },
      {
        key: 'friends',
        type: 'picture',
        label: 'Its friends',
        multiple: true,
        options: [
          { value: 'fox', label: 'Fox', image: urls[0] },
          { value: 'owl', label: 'Owl', image: urls[1] },
        ],
      },
    ],
  };
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { form_id: formId, definition } });
  assert.is(r.status, 201, r.text);
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const stored = async () =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions;

t('by keyboard at 390 and 1280 px: the statement reads as text, the pictures are chosen, axe is clean', async () => {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${formId}`);
    // The renderer's form replaces the server's: text typed before it is there would be lost.
    await page.locator('.fs-renderer-host').waitFor();
    await page.getByLabel('Name').fill('Ada');
    const statement = page.locator('.fs-statement');
    assert.is(await statement.getByRole('heading', { name: 'Before you pick' }).count(), 1);
    await statement.locator('strong', { hasText: 'Ada' }).waitFor();
    const link = statement.getByRole('link', { name: 'our policy' });
    assert.is(await link.getAttribute('href'), 'https://example.com/privacy');
    assert.is(await link.getAttribute('target'), '_blank');
    assert.match((await link.getAttribute('rel')) ?? '', /noopener/);
    assert.is(await page.locator('.fs-option-image').count(), 4, 'every option shows its picture');
    // Keyboard only: from the name to the statement's link, then into the radio group, arrow to Owl.
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    assert.ok(await page.getByRole('radio', { name: 'Owl' }).isChecked(), 'Owl chosen with the arrow key');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    assert.ok(await page.getByRole('checkbox', { name: 'Fox' }).isChecked());
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      `no sideways scroll at ${width} px`,
    );
    await assertAxe(page, `picture choice at ${width} px`);
    await screenshot(page, `picture-statement-${width}`);
    const before = (await stored()).length;
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you').first().waitFor();
    const all = await stored();
    assert.is(all.length, before + 1);
    assert.equal(all[0].values, { name: 'Ada', animal: 'owl', friends: ['fox'] }, 'no value for the statement');
    assert.equal(errors, []);
    await closePage(page);
  }
});

t('without JavaScript: the same names post; a value for the statement is refused', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${formId}`);
  assert.is(await page.getByRole('heading', { name: 'Before you pick' }).count(), 1);
  await page.getByLabel('Name').fill('Bo');
  await page.getByRole('radio', { name: 'Fox' }).check();
  await page.getByRole('checkbox', { name: 'Owl' }).check();
  await page.getByRole('checkbox', { name: 'Fox' }).check();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Thank you').first().waitFor();
  assert.equal((await stored())[0].values, { name: 'Bo', animal: 'fox', friends: ['fox', 'owl'] });
  await context.close();
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Cy', animal: 'fox', intro: 'x' } },
  });
  assert.is(r.status, 422);
  assert.equal(r.json.details, ['values.intro: unknown field']);
});

t.run();
