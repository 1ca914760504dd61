// Save and resume on the hosted page in Chromium, at 390 x 844 and 1280 x 800: a reload brings the
// answers and the step back with a Start over notice, Start over clears them, a password never reaches
// localStorage, a successful submit clears what was kept, and save_progress: false keeps nothing.
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

/** Account, then contact details; the account step has a password. */
type Step = { fields: unknown[] } & Record<string, unknown>;
const signup = (extra: Record<string, unknown> = {}): { steps: Step[] } & Record<string, unknown> => ({
  id: 'signup',
  title: 'Sign up',
  submit: { label: 'Create account' },
  steps: [
    {
      id: 'account',
      title: 'Your account',
      fields: [
        { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
        // Optional here: a required password (never kept) holds a restored form on its step until typed again.
        { key: 'secret', type: 'password', label: 'Password' },
      ],
    },
    {
      id: 'contact',
      title: 'How to reach you',
      fields: [
        { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
        { key: 'news', type: 'switch', label: 'Send me the newsletter', defaultValue: false },
      ],
    },
  ],
  ...extra,
});

/** Everything this origin keeps in localStorage, as text. */
const storage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));
const kept = (page: Page, id: string) => page.evaluate((key) => localStorage.getItem(key), `formstead:answers:${id}`);
const heading = (page: Page) => page.locator('.fs-step-title:visible').textContent();

const t = suite('save and resume');
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
  t(`${width} px: a reload restores the answers and the step; Start over clears them`, async () => {
    const id = await publish(signup());
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${id}`);
    await page.locator('.fs-renderer-host').waitFor();
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Continue' }).click();
    assert.is(await heading(page), 'How to reach you');
    await page.getByLabel('Email').fill('grace@exam');
    await page.waitForFunction((key) => localStorage.getItem(key)?.includes('grace@exam'), `formstead:answers:${id}`);
    const text = await storage(page);
    assert.not.match(text, /correct horse/, 'the password is never kept');
    assert.equal(Object.keys(JSON.parse((await kept(page, id))!).values).sort(), ['email', 'name']);

    await page.reload();
    await page.getByText('Your answers from last time are back.').waitFor();
    assert.is(await heading(page), 'How to reach you', 'back on the step the person was on');
    assert.is(await page.getByLabel('Email').inputValue(), 'grace@exam');
    await assertAxe(page, `restored form at ${width} px`);
    await screenshot(page, `save-restored-${width}`);
    await page.getByRole('button', { name: 'Back' }).click();
    assert.is(await page.getByLabel('Your name').inputValue(), 'Grace Hopper');
    assert.is(await page.getByLabel('Password').inputValue(), '', 'the password has to be typed again');

    await page.getByRole('button', { name: 'Start over' }).click();
    assert.is(await page.getByText('Your answers from last time are back.').count(), 0);
    assert.is(await page.getByLabel('Your name').inputValue(), '');
    assert.is(await heading(page), 'Your account');
    assert.is(await kept(page, id), null, 'nothing is kept after Start over');
    await page.reload();
    await page.getByLabel('Your name').waitFor();
    assert.is(await page.getByText('Your answers from last time are back.').count(), 0, 'nothing comes back');
    assert.equal(errors, []);
    await context.close();
  });
}

t('a successful submit clears the kept answers', async () => {
  const id = await publish(signup());
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Password').fill('pw-123456');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.waitForFunction(
    (key) => localStorage.getItem(key)?.includes('ada@example.com'),
    `formstead:answers:${id}`,
  );
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.is(await kept(page, id), null);
  assert.equal((await stored(id))[0].values, {
    name: 'Ada',
    secret: 'pw-123456',
    email: 'ada@example.com',
    news: false,
  });
  await page.reload();
  await page.getByLabel('Your name').waitFor();
  assert.is(await page.getByLabel('Your name').inputValue(), '');
  await context.close();
});

t('save_progress: false keeps nothing', async () => {
  const id = await publish(signup({ save_progress: false }));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByLabel('Your name').fill('Nobody');
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill('n@example.com');
  // Longer than the write throttle, then look: nothing was written.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
  assert.is(await storage(page), '{}');
  await context.close();
});

t('answers kept by an older version: only fields that still exist with the same type come back', async () => {
  const id = await publish(signup());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByLabel('Your name').fill('Linus');
  await page.getByLabel('Password').fill('pw');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill('l@example.com');
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('l@example.com'), `formstead:answers:${id}`);
  // Version 2: `email` becomes a text field, `name` stays, a new first step comes before.
  const next = signup();
  next.steps[1].fields[0] = { key: 'email', type: 'text', label: 'Email or phone', validation: { required: true } };
  next.steps.unshift({ id: 'intro', title: 'Hello', fields: [{ key: 'why', type: 'text', label: 'Why join?' }] });
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { form_id: id, definition: next } });
  assert.is(r.status, 201, r.text);
  await page.reload();
  await page.getByText('Your answers from last time are back.').waitFor();
  assert.is(await heading(page), 'Hello', 'the saved step is not on the new path: it starts at the top');
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.is(await page.getByLabel('Your name').inputValue(), 'Linus');
  await page.getByLabel('Password').fill('pw');
  await page.getByRole('button', { name: 'Continue' }).click();
  assert.is(await page.getByLabel('Email or phone').inputValue(), '', 'a field whose type changed starts empty');
  await context.close();
});

t.run();
