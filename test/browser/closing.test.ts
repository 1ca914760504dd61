// Closing a form and giving it an address, as an owner does it in the panel (keyboard only) and as a
// respondent then sees it: Settings › Address and closing at 1280 and 390 px (axe, no sideways scroll,
// screenshots in test/artifacts), then the hosted page of the closed form shows the owner's message.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const publish = async (title: string) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition({ title }) } }))
    .json.form_id as string;
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const t = suite('closing a form in the panel');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('an owner sets the address, a response limit and a message with the keyboard alone', async () => {
  const id = await publish('Team lunch');
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
  const address = page.getByLabel('Form address');
  await address.waitFor();
  await address.focus();
  await page.keyboard.type('team-lunch');
  await page.keyboard.press('Tab');
  // Past the address: the close-date box, then the response-limit box.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.getByLabel('Stop after this many responses').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lunch is full. See you next month!');
  // The page's one Save, in the bar at its end.
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Address and closing' }) });
  await page.locator('.save-bar').getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await assertAxe(page, 'settings: address and closing');
  assert.ok(await noSidewaysScroll(page));
  await section.screenshot({ path: await screenshot(page, 'closing-settings-1280') });

  const settings = await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: {} });
  assert.equal(
    [settings.json.slug, settings.json.response_limit, settings.json.closed_message],
    ['team-lunch', 1, 'Lunch is full. See you next month!'],
  );
  assert.equal(errors, []);
  await closePage(page);
});

t('at 390 px the part holds; a taken address is explained in words next to it', async () => {
  const id = await publish('Second lunch');
  const { page } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
  const address = page.getByLabel('Form address');
  await address.fill('team-lunch');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Address and closing' }) });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await section.getByText('Another form already has that address; choose another.').first().waitFor();
  assert.ok(await noSidewaysScroll(page), 'nothing scrolls sideways at 390 px');
  await screenshot(page, 'closing-settings-390');
  await closePage(page);
});

t('the respondent: one answer fills the form, then the address shows the owner’s message', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const first = await call(server.url, 'POST', '/v1/f/team-lunch', {
    body: { values: { name: 'Ada', email: 'ada@example.com' } },
  });
  assert.is(first.status, 201, first.text);
  await page.goto(`${server.url}/f/team-lunch`);
  const notice = page.getByRole('status');
  assert.is((await notice.innerText()).trim(), 'Lunch is full. See you next month!');
  assert.is(await page.locator('form').count(), 0, 'no form to fill');
  await assertAxe(page, 'closed hosted page');
  await screenshot(page, 'closing-hosted-390');
  await page.goto(`${server.url}/f/team-lunch?embed=1`);
  assert.match(await page.getByRole('status').innerText(), /Lunch is full/);
  assert.equal(errors, []);
  await context.close();
});

t.run();
