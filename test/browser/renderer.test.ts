// The hosted page with JavaScript in Debian's Chromium, against the real bundle: a single-step form,
// a routed multi-step form with Back and Skip, autoAdvance from mouse and keyboard, a 422 from the
// server, a lost answer retried with the same Idempotency-Key, and a form of 50 fields. These forms get the
// light page (client/hosted/light/eligible.ts), which keeps the steps not shown and the fields the answers
// hide in the page, hidden: what is looked at here is what is visible.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { FIFTY_FIELDS_HIDDEN, fiftyFieldsDefinition } from '../helpers/fifty-fields.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const publish = async (body: Record<string, unknown>) => {
  const r = await api('POST', '/v1/forms', { key: OWNER_KEY, body });
  assert.is(r.status, 201, r.text);
  return r.json as { form_id: string };
};
const stored = async (formId: string) =>
  (await api('GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** Opens the hosted page and waits for the renderer to replace the server-rendered form. */
async function open(formId: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${formId}`);
  await page.waitForSelector('.fs-renderer-host');
  return { page, errors };
}
const heading = (page: Page) => page.locator('.fs-step-title:visible').textContent();
/** The control labelled `label` on the step shown (each step of the quiz has an "Option A"). */
const option = (page: Page, label: string) => page.getByLabel(label).filter({ visible: true });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.className);

const renderer = suite('renderer in Chromium');
renderer.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
renderer.after(async () => {
  await browser?.close();
  await server.stop();
});

renderer('a single-step form: errors on submit, then filled, sent, stored and thanked', async () => {
  const { form_id } = await publish({
    definition: contactDefinition(),
    success_message: 'Thanks, we will write back.',
    allow_another_response: true,
  });
  const { page, errors } = await open(form_id);
  const headers: Record<string, string>[] = [];
  // The answers' post only: the page also posts its counting events (/events).
  page.on('request', (r) => r.method() === 'POST' && !r.url().endsWith('/events') && headers.push(r.headers()));
  await page.getByRole('button', { name: 'Send' }).click();
  assert.is(await page.locator('.fs-error').count(), 2);
  assert.is(
    await activeId(page),
    await page.getByLabel('Name').getAttribute('id'),
    'focus on the first field with an error',
  );
  await screenshot(page, 'single-step-errors');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Topic').selectOption('support');
  await page.getByLabel('Message').fill('Hello there');
  await screenshot(page, 'single-step-filled');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.is(await page.locator('.fs-success-message').textContent(), 'Thanks, we will write back.');
  await screenshot(page, 'single-step-success');
  assert.equal((await stored(form_id))[0].values, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    topic: 'support',
    message: 'Hello there',
  });
  assert.match(headers[0]['idempotency-key'], /^[0-9a-f-]{36}$/);
  assert.is(headers[0]['content-type'], 'application/json');
  await page.getByRole('button', { name: 'Submit another response' }).click();
  assert.is(await page.getByLabel('Name').inputValue(), '');
  assert.equal(errors, []);
  await closePage(page);
});

renderer('redirect_url: the browser goes there after a successful submit', async () => {
  const { form_id } = await publish({
    definition: contactDefinition(),
    redirect_url: `${server.url}/healthz?from=form`,
  });
  const { page } = await open(form_id);
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await Promise.all([page.waitForURL(/healthz\?from=form/), page.getByRole('button', { name: 'Send' }).click()]);
  assert.is((await stored(form_id)).length, 1);
  await closePage(page);
});

const routedDefinition = {
  id: 'signup',
  title: 'Sign up',
  submit: { label: 'Create account' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      description: 'We route businesses to one more step.',
      fields: [
        {
          key: 'kind',
          type: 'radio',
          label: 'You are',
          options: [
            { value: 'person', label: 'A person' },
            { value: 'business', label: 'A business' },
          ],
          validation: { required: true },
        },
        { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
      ],
      routes: [{ to: 'company', show: [{ field: 'kind', eq: 'business' }] }, { to: 'contact' }],
    },
    {
      id: 'company',
      title: 'Your company',
      fields: [
        { key: 'company', type: 'text', label: 'Company name', validation: { required: true } },
        {
          key: 'size',
          type: 'select',
          label: 'Team size',
          options: [
            { value: 'small', label: '1-10' },
            { value: 'large', label: '11+' },
          ],
        },
      ],
      skip: { label: 'Skip for now' },
    },
    {
      id: 'contact',
      title: 'How to reach you',
      fields: [
        {
          key: 'email',
          type: 'email',
          label: 'Email',
          validation: { required: true },
          helperText: 'We never share it.',
        },
        { key: 'news', type: 'switch', label: 'Send me the newsletter', defaultValue: false },
      ],
    },
  ],
};

renderer('a routed multi-step form with Back and Skip', async () => {
  const { form_id } = await publish({ definition: routedDefinition });
  const { page, errors } = await open(form_id);
  assert.is(await heading(page), 'About you');
  assert.is(await page.locator('.fs-progress-label').textContent(), 'Step 1', 'the route is still open');
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.is(await page.locator('.fs-error').count(), 2, 'validated on Continue');
  await page.getByLabel('A business').check();
  await page.getByLabel('Your name').fill('Grace');
  assert.is(await page.locator('.fs-progress-label').textContent(), 'Step 1', 'an answer does not move it back');
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.is(await heading(page), 'Your company');
  assert.is(
    await page.evaluate(() => document.activeElement?.className),
    'fs-step-title',
    'focus on the new step heading',
  );
  await page.getByLabel('Company name').fill('Navy');
  await screenshot(page, 'multi-step-company');
  await page.getByRole('button', { name: 'Back' }).click();
  assert.is(await heading(page), 'About you');
  assert.is(await page.getByLabel('Your name').inputValue(), 'Grace', 'Back keeps the answers');
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.is(await page.getByLabel('Company name').inputValue(), 'Navy');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  assert.is(await heading(page), 'How to reach you');
  assert.is(await page.locator('.fs-progress-label').textContent(), 'Step 3 of 3');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('switch', { name: 'Send me the newsletter' }).check();
  await screenshot(page, 'multi-step-last');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.equal((await stored(form_id))[0].values, {
    kind: 'business',
    name: 'Grace',
    email: 'grace@example.com',
    news: true,
  });
  assert.equal(errors, []);
  await closePage(page);
});

const quiz = {
  id: 'quiz',
  title: 'Quiz',
  submit: { label: 'Done' },
  steps: ['one', 'two', 'three'].map((id, i) => ({
    id,
    title: `Question ${i + 1}`,
    fields: [
      {
        key: id,
        type: 'radio',
        label: `Pick for ${id}`,
        autoAdvance: true,
        options: ['a', 'b', 'c'].map((v) => ({ value: v, label: `Option ${v.toUpperCase()}` })),
      },
    ],
    ...(i < 2 ? { next: false as const } : {}),
  })),
};

renderer('autoAdvance: Space and a click move on, arrow keys only choose, the last step never submits', async () => {
  const { form_id } = await publish({ definition: quiz });
  const { page } = await open(form_id);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && !r.url().endsWith('/events') && posts.push(r.url()));
  assert.is(await page.getByRole('button').count(), 0, 'next: false hides Continue');
  await option(page, 'Option A').focus();
  await page.keyboard.press('Space');
  assert.is(await heading(page), 'Question 2', 'Space on a radio commits it');
  await page.getByRole('button', { name: 'Back' }).click();
  await option(page, 'Option A').focus();
  await page.keyboard.press('ArrowDown');
  assert.is(await heading(page), 'Question 1', 'an arrow key only moves the choice');
  assert.ok(await option(page, 'Option B').isChecked());
  await page.keyboard.press('Enter');
  assert.is(await heading(page), 'Question 2', 'Enter commits the focused radio');
  await option(page, 'Option C').click();
  assert.is(await heading(page), 'Question 3', 'a click commits');
  await option(page, 'Option B').click();
  await page.keyboard.press('Enter');
  assert.is(await heading(page), 'Question 3');
  await page.waitForTimeout(200);
  assert.equal(posts, [], 'the last step never auto-submits');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.equal((await stored(form_id))[0].values, { one: 'b', two: 'c', three: 'b' });
  await closePage(page);
});

renderer('a 422 from the server is shown on its field, on the step that holds it', async () => {
  const v1 = {
    id: 'age',
    title: 'Age check',
    submit: { label: 'Send' },
    steps: [
      {
        id: 'age',
        title: 'Your age',
        fields: [{ key: 'age', type: 'number', label: 'Age', validation: { required: true, min: 0 } }],
      },
      { id: 'mail', title: 'Your email', fields: [{ key: 'email', type: 'email', label: 'Email' }] },
    ],
  };
  const { form_id } = await publish({ definition: v1 });
  const { page } = await open(form_id);
  // The server's rules change after the page was rendered, so only the server can refuse the answer.
  const v2: any = structuredClone(v1);
  v2.steps[0].fields[0].validation.min = 18;
  await publish({ definition: v2, form_id });
  await page.getByLabel('Age').fill('16');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill('kid@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForSelector('.fs-error');
  assert.is(await heading(page), 'Your age', 'moved back to the step of the problem');
  const age = page.getByLabel('Age');
  assert.is(await page.locator('.fs-error').textContent(), 'Must be at least 18');
  assert.is(await age.getAttribute('aria-invalid'), 'true');
  assert.is(await activeId(page), await age.getAttribute('id'));
  assert.is(await age.inputValue(), '16', 'the answer is kept');
  await screenshot(page, 'server-422');
  await age.fill('30');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.equal((await stored(form_id))[0].values, { age: 30, email: 'kid@example.com' });
  await closePage(page);
});

renderer('a lost answer keeps the values and a retry reuses the Idempotency-Key: stored once', async () => {
  const { form_id } = await publish({ definition: contactDefinition() });
  const { page } = await open(form_id);
  const keys: string[] = [];
  let first = true;
  await page.route(`**/v1/f/${form_id}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (!first) return route.continue();
    first = false;
    // The server stores the response, but the answer never reaches the browser.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForSelector('.fs-alert');
  assert.match((await page.locator('.fs-alert').textContent())!, /could not be sent/);
  assert.is(await page.getByLabel('Name').inputValue(), 'Ada');
  await screenshot(page, 'network-failure');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.is(keys.length, 2);
  assert.is(keys[1], keys[0]);
  assert.is((await stored(form_id)).length, 1, 'the replay did not store a second response');
  await closePage(page);
});

// Its first render time is `npm run bench render`'s (issue 22: under 30 ms); here, what it shows.
renderer('a 50-field form: every field shown but the conditional ones', async () => {
  const { form_id } = await publish({ definition: fiftyFieldsDefinition() });
  const { page, errors } = await open(form_id);
  const shown = page.locator('.fs-field:visible');
  assert.is(await shown.count(), 50 - FIFTY_FIELDS_HIDDEN, 'the conditional fields start hidden');
  await screenshot(page, 'fifty-fields');
  assert.equal(errors, []);
  await closePage(page);
});

renderer.run();
