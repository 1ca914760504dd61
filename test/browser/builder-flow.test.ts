// The builder's "answers that flow" parts in Debian's Chromium against the bundle: Insert answer puts
// {{name}} into a step title by keyboard and gives the focus back to the title; a calculation made in
// the form settings shows its live result under the preview as the preview is filled. Screenshots at
// 1280 and 390 px go to test/artifacts/.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const b = suite('builder: piping and calculations in Chromium');
b.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
});
b.after(async () => {
  await browser?.close();
  await server?.stop();
});

const outline = () => page.getByRole('navigation', { name: 'Form outline' });
const settings = () => page.locator('.b-settings');
const entry = (name: string | RegExp) => outline().locator('.b-select', { hasText: name });
const focused = (selector: ReturnType<Page['locator']>) => selector.evaluate((el) => el === document.activeElement);

b('Insert answer puts {{name}} into a step title at the cursor, by keyboard, and the focus comes back', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .click();
  await page.waitForURL(/\/admin\/drafts\//);
  await entry('Your answer').click();
  await settings().getByLabel('Question (label)').fill('Name');
  await settings().getByLabel('Key', { exact: true }).fill('name');
  await outline().getByRole('button', { name: 'Form settings' }).click();
  await page.getByRole('button', { name: 'Split into steps' }).click();
  const title = settings().getByLabel('Step title');
  await title.fill('Thanks, ');
  await title.press('End');
  const insert = settings().getByRole('button', { name: 'Insert answer', exact: true }).first();
  await insert.focus();
  await page.keyboard.press('ArrowDown');
  const item = page.getByRole('menuitem', { name: 'Name' });
  assert.ok(await focused(item), 'the menu opens on its first answer');
  await page.keyboard.press('Enter');
  // The menu's button (inside the same control) has the focus first; the title gets it on the next frame.
  await page.waitForFunction((el) => el === document.activeElement, await title.elementHandle());
  assert.is(await title.inputValue(), 'Thanks, {{name}}');
  await page.keyboard.type('!');
  assert.is(await title.inputValue(), 'Thanks, {{name}}!', 'the cursor sits after what was inserted');
  // The preview pipes the answer live.
  const preview = page.locator('.b-preview');
  await preview.getByLabel('Name').fill('Ada');
  await preview.getByRole('heading', { name: 'Thanks, Ada!' }).waitFor();
  await screenshot(page, 'builder-insert-answer');
  assert.equal(errors, []);
});

b('a calculation made in the form settings shows its parse problem, what it reads, and its live result', async () => {
  await page.getByRole('button', { name: '+ Add field' }).click();
  await page
    .getByRole('group', { name: /Field types/ })
    .getByRole('button', { name: 'Number', exact: true })
    .click();
  await page.keyboard.type('Seats');
  await outline().getByRole('button', { name: 'Form settings' }).click();
  await page.getByRole('button', { name: '+ Add calculation' }).click();
  const name = settings().getByLabel('Name of calculation 1');
  await page.waitForFunction(() => document.activeElement?.id === 'b-calc-0-label');
  await name.fill('Price');
  const formula = settings().getByLabel('Formula');
  await formula.fill('seats * (3');
  await settings()
    .getByText(/This formula does not work yet: .*character/)
    .waitFor();
  await formula.fill('seats * 3');
  await settings().getByText('Reads: Seats').waitFor();
  assert.is(await settings().getByLabel('Key', { exact: true }).inputValue(), 'price', 'the key follows the name');
  const results = page.getByRole('definition').locator('xpath=..');
  const preview = page.locator('.b-preview');
  await preview.getByText('no value yet').waitFor();
  await preview.getByLabel('Seats').fill('4');
  await preview.locator('.b-calc-results', { hasText: /Price:\s*12/ }).waitFor();
  assert.ok(await results.count());
  await screenshot(page, 'builder-calculation');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'builder-calculation-390');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `no horizontal scrolling at 390 px (${wide})`);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Delete gives the focus to Add, as no calculation is left.
  await settings().getByRole('button', { name: 'Delete calculation Price' }).click();
  await page.waitForFunction(() => document.activeElement?.id === 'b-calc-add');
  assert.equal(errors, []);
});

b.run();
