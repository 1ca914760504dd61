// The one_per_screen layout and the progress line in Chromium, at 390 x 844 and 1280 x 800: Enter
// advances one question at a time (checking the one it leaves), Back returns, the last question
// submits; and on a routed form the progress never moves back while the respondent moves forward.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const publish = async (definition: Record<string, unknown>) => {
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

const kinds = [
  { value: 'person', label: 'A person' },
  { value: 'business', label: 'A business' },
];
/** who (kind, name) → company (only for businesses: company, size) → contact (email, note). */
const routed = (layout?: string) => ({
  id: 'routed',
  title: 'Tell us about you',
  submit: { label: 'Send' },
  ...(layout ? { layout } : {}),
  steps: [
    {
      id: 'who',
      title: 'About you',
      fields: [
        { key: 'kind', type: 'radio', label: 'You are', options: kinds, validation: { required: true } },
        { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
      ],
      routes: [{ to: 'company', show: [{ field: 'kind', eq: 'business' }] }, { to: 'contact' }],
    },
    {
      id: 'company',
      title: 'Your company',
      fields: [
        { key: 'company', type: 'text', label: 'Company name', validation: { required: true } },
        { key: 'size', type: 'number', label: 'People', show: [{ field: 'company', notEmpty: true }] },
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      fields: [
        { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
        { key: 'note', type: 'textarea', label: 'Anything else?' },
      ],
    },
  ],
});

const label = (page: Page) => page.locator('.fs-progress-label').textContent();
const percent = async (page: Page) => Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

const t = suite('layout and progress');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  t(`${width} px, one per screen: Enter advances, Back returns, the last question sends`, async () => {
    const id = await publish(routed('one_per_screen'));
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${id}`);
    await page.getByRole('radio', { name: 'A business' }).waitFor();
    assert.is(await page.locator('.fs-fields > *').count(), 1, 'one question on screen');
    assert.is(await label(page), 'Question 1', 'the route is still open: no total');
    await assertAxe(page, `one per screen at ${width} px`);
    await screenshot(page, `one-per-screen-${width}`);

    // Enter on an unanswered required question stays there with its message.
    await page.getByRole('radio', { name: 'A person' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Your name').waitFor();
    assert.is(await page.getByRole('radio', { name: 'A person' }).count(), 0, 'the answered question left the screen');
    assert.is(await label(page), 'Question 2');
    await page.keyboard.press('Enter');
    assert.is(await page.locator('.fs-error').textContent(), 'This field is required');
    assert.is(await focusedId(page), await page.getByLabel('Your name').getAttribute('id'));

    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await page.getByLabel('Email').waitFor();
    assert.is(await focusedId(page), await page.getByLabel('Email').getAttribute('id'), 'focus on the new question');
    assert.is(await label(page), 'Question 3 of 4', 'the rest of the path is known');
    // Back: the last question of the step before, answer kept.
    await page.getByRole('button', { name: 'Back' }).click();
    assert.is(await page.getByLabel('Your name').inputValue(), 'Ada');
    await page.getByRole('button', { name: 'Back' }).click();
    assert.ok(await page.getByRole('radio', { name: 'A person' }).isChecked());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.keyboard.press('Enter');
    await page.getByLabel('Anything else?').waitFor();
    assert.is(await page.getByRole('button', { name: 'Send' }).count(), 1, 'the last question offers Send');
    await page.getByLabel('Anything else?').fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForSelector('.fs-success-message');
    assert.equal((await stored(id))[0].values, {
      kind: 'person',
      name: 'Ada',
      email: 'ada@example.com',
      note: 'Hello',
    });
    assert.equal(errors, []);
    await context.close();
  });
}

t('a routed form: the progress never moves back while moving forward, in both layouts', async () => {
  for (const layout of [undefined, 'one_per_screen']) {
    const id = await publish(routed(layout));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/f/${id}`);
    await page.getByRole('radio', { name: 'A business' }).waitFor();
    const seen: number[] = [await percent(page)];
    const look = async () => {
      const now = await percent(page);
      assert.ok(now >= seen[seen.length - 1], `${layout ?? 'classic'}: ${now} after ${seen.join(', ')}`);
      seen.push(now);
    };
    const onward = async () => {
      await page.getByRole('button', { name: 'Continue' }).click();
      await look();
    };
    // Choosing "business" lengthens the route: the bar must not shrink.
    await page.getByRole('radio', { name: 'A business' }).check();
    await look();
    if (layout) await onward();
    await page.getByLabel('Your name').fill('Grace');
    await look();
    await onward();
    await page.getByLabel('Company name').fill('Navy');
    await look();
    if (layout) await onward();
    if (layout) await page.getByLabel('People').fill('12');
    await onward();
    await page.getByLabel('Email').fill('grace@example.com');
    await look();
    if (layout) await onward();
    assert.is(seen[seen.length - 1], 100, `${layout ?? 'classic'}: the last step is 100%`);
    assert.ok(seen[seen.length - 1] > seen[0]);
    await page.close();
  }
});

t.run();
