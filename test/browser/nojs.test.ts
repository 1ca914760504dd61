// The hosted page with JavaScript turned off, in Chromium: the server-rendered form posts to the
// endpoint and lands on the thanks page; a multi-step form is one page; problems come back as a page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

const publish = async (body: Record<string, unknown>) => {
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body });
  assert.is(r.status, 201, r.text);
  return r.json as { form_id: string };
};
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** Opens the page and returns when a post from it would pass the 2-second render-token check. */
async function open(formId: string): Promise<{ page: Page; ready: () => Promise<void> }> {
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${formId}`);
  const opened = Date.now();
  return { page, ready: () => page.waitForTimeout(Math.max(0, opened + 2200 - Date.now())) };
}

const nojs = suite('without JavaScript');
nojs.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 900, height: 900 } });
});
nojs.after(async () => {
  await browser?.close();
  await server.stop();
});

nojs('a single-step form: the browser checks required fields, then the post lands on the thanks page', async () => {
  const { form_id } = await publish({
    definition: contactDefinition(),
    success_message: 'Thanks without script.',
    allow_another_response: true,
  });
  const { page, ready } = await open(form_id);
  assert.is(await page.locator('.fs-renderer-host').count(), 0, 'the renderer did not run');
  let posts = 0;
  page.on('request', (r) => r.method() === 'POST' && posts++);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForTimeout(200);
  assert.is(posts, 0, 'native required checks stop an empty post');
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Topic').selectOption('sales');
  await page.getByLabel('Message').fill('No script here');
  await screenshot(page, 'nojs-single-filled');
  await ready();
  await Promise.all([
    page.waitForURL(`${server.url}/f/${form_id}/thanks`),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  assert.is(await page.locator('.fs-success-message').textContent(), 'Thanks without script.');
  await screenshot(page, 'nojs-thanks');
  assert.equal((await stored(form_id))[0].values, {
    name: 'Ada',
    email: 'ada@example.com',
    topic: 'sales',
    message: 'No script here',
  });
  await Promise.all([
    page.waitForURL(`${server.url}/f/${form_id}`),
    page.getByRole('link', { name: 'Submit another response' }).click(),
  ]);
  assert.is(await page.getByLabel('Name').inputValue(), '', 'a fresh, empty form');
  await closePage(page);
});

const multi = {
  id: 'trip',
  title: 'Trip',
  submit: { label: 'Book' },
  steps: [
    {
      id: 'who',
      title: 'Who travels',
      fields: [
        { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
        {
          key: 'kind',
          type: 'radio',
          label: 'Trip',
          options: [
            { value: 'work', label: 'Work' },
            { value: 'fun', label: 'Fun' },
          ],
          defaultValue: 'fun',
        },
      ],
      routes: [{ to: 'company', show: [{ field: 'kind', eq: 'work' }] }, { to: 'extras' }],
    },
    {
      id: 'company',
      title: 'Company',
      fields: [{ key: 'company', type: 'text', label: 'Company', validation: { required: true } }],
    },
    {
      id: 'extras',
      title: 'Extras',
      fields: [
        { key: 'bags', type: 'number', label: 'Bags', defaultValue: 1 },
        {
          key: 'meals',
          type: 'multiselect',
          label: 'Meals',
          options: [
            { value: 'veg', label: 'Vegetarian' },
            { value: 'kids', label: 'Kids' },
          ],
        },
        { key: 'insurance', type: 'checkbox', label: 'Travel insurance' },
      ],
      skip: { label: 'No extras' },
    },
    {
      id: 'end',
      title: 'Confirm',
      fields: [{ key: 'terms', type: 'switch', label: 'I accept the terms', validation: { required: true } }],
    },
  ],
};

nojs('a multi-step form is one page with every step in order, and posts once', async () => {
  const { form_id } = await publish({ definition: multi });
  const { page, ready } = await open(form_id);
  assert.equal(await page.locator('.fs-step-title').allTextContents(), ['Who travels', 'Company', 'Extras', 'Confirm']);
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Bags').fill('2');
  await page.getByLabel('Vegetarian').check();
  await page.getByLabel('Kids').check();
  await page.getByRole('switch', { name: 'I accept the terms' }).check();
  await screenshot(page, 'nojs-multi-step');
  await ready();
  await Promise.all([page.waitForURL(/\/thanks$/), page.getByRole('button', { name: 'Book' }).click()]);
  assert.equal(
    (await stored(form_id))[0].values,
    { name: 'Ada', kind: 'fun', bags: 2, meals: ['veg', 'kids'], insurance: false, terms: true },
    'the company step is off the path',
  );
  await closePage(page);
});

nojs('Skip is a checkbox; problems come back as a page that lists them', async () => {
  const { form_id } = await publish({ definition: multi });
  const { page, ready } = await open(form_id);
  await page.getByLabel('Name').fill('Grace');
  await page.getByLabel('Work').check();
  await page.getByLabel('Bags').fill('5');
  await page.getByLabel('No extras').check();
  await page.getByRole('switch', { name: 'I accept the terms' }).check();
  await ready();
  await page.getByRole('button', { name: 'Book' }).click();
  await page.waitForURL(`${server.url}/v1/f/${form_id}`);
  assert.match(
    (await page.locator('.fs-alert').textContent())!,
    /Company: This field is required/,
    'named by its label',
  );
  await screenshot(page, 'nojs-problems');
  await page.goBack();
  // The page is no-store, so Back loads it again (the browser restores what was typed) with a new
  // render token: wait out its 2 seconds too.
  const reloaded = Date.now();
  assert.is(await page.getByLabel('Name').inputValue(), 'Grace', 'the answers survive Back');
  await page.getByRole('textbox', { name: 'Company' }).fill('Navy');
  await page.waitForTimeout(Math.max(0, reloaded + 2200 - Date.now()));
  await Promise.all([page.waitForURL(/\/thanks$/), page.getByRole('button', { name: 'Book' }).click()]);
  assert.equal(
    (await stored(form_id))[0].values,
    { name: 'Grace', kind: 'work', company: 'Navy', bags: 1, terms: true },
    'skipped extras are back to their defaults',
  );
  await closePage(page);
});

nojs.run();
