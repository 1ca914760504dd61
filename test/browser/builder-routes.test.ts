// Routes in the builder, by keyboard alone, in Debian's Chromium against the bundle: the job application
// (Role: Developer, Designer, Other) routed to its question steps with "Otherwise: Last step", published,
// its published routes read back over the API, and a respondent choosing Other lands on Last step; then
// a broken variant (a route on a value not among the options, a step nothing reaches) shows both
// warnings above Publish. Last, the same job application built by mouse (clicks, fills, selectOption) publishes
// exactly the same routes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call } from '../helpers/api.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const r = suite('builder: routes by keyboard in Chromium');
r.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
  context = page.context();
});
r.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Presses Tab until the focused element matches the CSS selector (at most 200 presses). */
async function tabTo(selector: string) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Presses Tab until the focused control's label starts with `label`. */
async function tabToLabel(label: string) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent ?? '');
    if (here.trim().startsWith(label)) return;
  }
  throw new Error(`Tab never reached ${label}`);
}

/** Tabs to a button by its exact text (or aria-label) and presses Enter. */
async function press(name: string, end = false) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => {
      const a = document.activeElement;
      return (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim();
    });
    if (here === name || (end && here.endsWith(name))) return page.keyboard.press('Enter');
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Types into the focused text box, replacing what it holds. */
async function retype(text: string) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Chooses an option of the focused select with the arrow keys until its value is `value`. */
async function choose(value: string) {
  await page.keyboard.press('Home');
  for (let i = 0; i < 20; i++) {
    if (await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)) {
      if ((await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)) === value) return;
    } else if (value === '') return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${value}`);
}

/** Adds a field by keyboard: + Add field, the type, then its label. */
async function addField(type: string, label: string) {
  await press('+ Add field');
  await press(type, true);
  await page.keyboard.type(label);
}

/** Adds a step after the selected one and names it. */
async function addStep(title: string) {
  await press('+ Add step');
  await tabToLabel('Step title');
  await retype(title);
}

let formId = '';
let hostedUrl = '';

r('the job application: Role routes to its question steps, Otherwise Last step, all by keyboard', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await press('New form');
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/drafts\//);
  await page.getByRole('navigation', { name: 'Form outline' }).waitFor();
  await tabToLabel('Form title');
  await retype('Job application');
  await press('Split into steps');
  await addField('Multiple choice', 'Role');
  for (const [n, label] of ['Developer', 'Designer'].entries()) {
    await tabTo(`input[aria-label="Option ${n + 1}"]`);
    await retype(label);
  }
  await press('+ Add option');
  await tabTo('input[aria-label="Option 3"]');
  await retype('Other');
  for (const title of ['Developer questions', 'Designer questions', 'Last step']) {
    await addStep(title);
    await addField('Short answer', `About ${title.toLowerCase()}`);
  }
  // Back to step 1 by the outline, then its routes.
  await page.keyboard.press('Shift+Tab');
  await tabTo('.b-select');
  while (!((await page.evaluate(() => document.activeElement?.textContent)) ?? '').includes('Step 1'))
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await press('+ Add route');
  await press('+ Add route');
  const settings = page.locator('.b-settings');
  // Each new route starts on Role with an option no route has taken, going to the very next step.
  assert.equal(
    await settings.locator('.b-route-to select').evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)),
    ['developer_questions', 'developer_questions'],
  );
  await tabTo('.b-route:nth-child(2) .b-route-to select');
  await choose('designer_questions');
  await tabTo('.b-otherwise select');
  assert.match(
    await page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0].textContent!),
    'next step (Developer questions)',
  );
  await choose('last_step');
  // Developers go on to Last step too, past the designers' questions.
  await page.keyboard.press('Shift+Tab');
  await tabTo('.b-select');
  while (!((await page.evaluate(() => document.activeElement?.textContent)) ?? '').includes('Developer questions'))
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await tabTo('.b-otherwise select');
  await choose('last_step');
  assert.is(await page.locator('.b-warnings').count(), 0, 'no warning: every step is reached');
  await screenshot(page, 'builder-routes-otherwise');
  await page.getByText('Draft saved').waitFor();
  await press('Publish');
  const notice = page.locator('.b-published');
  await notice.getByText('Published: version 1.').waitFor();
  hostedUrl = (await notice.locator('a.mono').getAttribute('href'))!;
  formId = hostedUrl.split('/f/')[1];

  const got = await call(server.url, 'GET', `/v1/f/${formId}/definition`);
  assert.is(got.status, 200);
  const def = got.json.definition ?? got.json;
  assert.equal(
    def.steps.map((s: any) => [s.id, s.routes]),
    [
      [
        'step_1',
        [
          { to: 'developer_questions', show: [{ field: 'role', eq: 'developer' }] },
          { to: 'designer_questions', show: [{ field: 'role', eq: 'designer' }] },
          { to: 'last_step' },
        ],
      ],
      ['developer_questions', [{ to: 'last_step' }]],
      ['designer_questions', undefined],
      ['last_step', undefined],
    ],
  );
});

r('a respondent choosing Other lands on Last step', async () => {
  const p = await context.newPage();
  await p.goto(hostedUrl);
  await p.getByLabel('Other').check();
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByRole('heading', { name: 'Last step' }).waitFor();
  assert.ok(await p.getByLabel('About last step').isVisible());
  await p.close();
});

r(
  'a broken variant: a route on a value not among the options and a step nothing reaches show both warnings',
  async () => {
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const box = page.getByLabel('Form definition (JSON)');
    const text = await box.inputValue();
    await box.fill(text.replace('"eq": "designer"', '"eq": "designers"'));
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    const warnings = page.locator('.b-warnings');
    await warnings.waitFor();
    assert.equal(await warnings.locator('li').allTextContents(), [
      'This route can never match: route 2 on step "Step 1": "Role" has no option "designers"',
      'No path reaches step "Designer questions"',
    ]);
    assert.ok(await page.getByRole('button', { name: 'Publish' }).isEnabled(), 'warnings do not block Publish');
    await screenshot(page, 'builder-routes-warnings');
    // The warning's link takes the focus to the step it names.
    await warnings.getByRole('button', { name: /No path reaches/ }).click();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement)?.value === 'Designer questions');
    assert.equal(errors, []);
  },
);

r('the same job application built by mouse publishes the same routes', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await page.getByRole('button', { name: 'New form', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .click();
  await page.waitForURL(/\/admin\/drafts\//);
  const outline = page.getByRole('navigation', { name: 'Form outline' });
  await outline.waitFor();
  await page.getByLabel('Form title').fill('Job application');
  await page.getByRole('button', { name: 'Split into steps' }).click();
  /** Adds a field by mouse: + Add field, the type, then its label. */
  const addByMouse = async (type: string, label: string) => {
    await page.getByRole('button', { name: '+ Add field' }).click();
    await page
      .getByRole('group', { name: /^Field types/ })
      .getByRole('button', { name: type })
      .click();
    await page.getByRole('textbox', { name: 'Question (label)' }).fill(label);
  };
  await addByMouse('Multiple choice', 'Role');
  await page.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Developer');
  await page.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Designer');
  await page.getByRole('button', { name: '+ Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Other');
  for (const title of ['Developer questions', 'Designer questions', 'Last step']) {
    await page.getByRole('button', { name: '+ Add step' }).click();
    await page.getByRole('textbox', { name: 'Step title' }).fill(title);
    await addByMouse('Short answer', `About ${title.toLowerCase()}`);
  }
  // Step 1's routes: Developer and Designer to their steps, Otherwise Last step.
  await outline.getByRole('button', { name: '1 Step 1', exact: true }).click();
  const settings = page.locator('.b-settings');
  await settings.getByRole('button', { name: '+ Add route' }).click();
  await settings.getByRole('button', { name: '+ Add route' }).click();
  await settings.locator('.b-route:nth-child(2) .b-route-to select').selectOption('designer_questions');
  await settings.locator('.b-otherwise select').selectOption('last_step');
  // Developer questions goes on to Last step, past the designers' questions.
  await outline.getByRole('button', { name: '2 Developer questions', exact: true }).click();
  await settings.locator('.b-otherwise select').selectOption('last_step');
  assert.is(await page.locator('.b-warnings').count(), 0, 'no warning: every step is reached');
  await page.getByText('Draft saved').waitFor();
  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.locator('.b-published');
  await notice.getByText('Published: version 1.').waitFor();
  const id = (await notice.locator('a.mono').getAttribute('href'))!.split('/f/')[1];
  assert.is.not(id, formId, 'a second form');

  const got = await call(server.url, 'GET', `/v1/f/${id}/definition`);
  assert.is(got.status, 200);
  const def = got.json.definition ?? got.json;
  assert.equal(
    def.steps.map((s: any) => [s.id, s.routes]),
    [
      [
        'step_1',
        [
          { to: 'developer_questions', show: [{ field: 'role', eq: 'developer' }] },
          { to: 'designer_questions', show: [{ field: 'role', eq: 'designer' }] },
          { to: 'last_step' },
        ],
      ],
      ['developer_questions', [{ to: 'last_step' }]],
      ['designer_questions', undefined],
      ['last_step', undefined],
    ],
  );
  assert.equal(errors, []);
});

r.run();
