// Settings as one page with one Save (the 2026-11-26 walkthrough lost a typed thank-you message after
// saving the Look part and switching tabs): typed text survives tab switches and a reload, leaving the
// form with unsaved changes asks first (in the panel and through the browser's own unload), one Save
// sends every part, a refused save keeps the text and names the problem next to its field, Discard has an
// Undo. By keyboard alone, axe clean at 1280 and 390 px. Chromium against the bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Dialog, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const thanks = 'Thank you! We read every message and answer within two days.';
const publish = async (title: string) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition({ title }) } }))
    .json.form_id as string;
const savedSettings = async (id: string) =>
  (await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: {} })).json;
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Form sections' }).getByRole('link', { name });
const message = (page: Page) => page.getByLabel(/^Message after sending/);
const barState = (page: Page) => page.locator('.save-bar [role="status"]');

/** Records the page's dialogs (confirm, beforeunload) and answers each with `answer`. */
function dialogs(page: Page, answer: 'accept' | 'dismiss') {
  const seen: { type: string; message: string }[] = [];
  const handler = async (d: Dialog) => {
    seen.push({ type: d.type(), message: d.message() });
    await (answer === 'accept' ? d.accept() : d.dismiss());
  };
  page.on('dialog', handler);
  return { seen, stop: () => page.off('dialog', handler) };
}

const t = suite('settings: one Save, nothing typed is lost');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('typed text stays across tab switches and a reload; leaving asks first; one Save sends every part', async () => {
  const id = await publish('Lunch order');
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  // In through the forms list, so Back has a panel page to leave to.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('link', { name: 'Lunch order', exact: true }).click();
  await tab(page, 'Settings').click();
  await message(page).waitFor();
  assert.is(await barState(page).innerText(), 'No unsaved changes.');

  // The walkthrough's steps: a thank-you message typed, then the look changed, then another tab.
  await message(page).focus();
  await page.keyboard.type(thanks);
  await page.getByLabel('Font').selectOption('serif');
  await barState(page).filter({ hasText: 'Unsaved changes (2 settings)' }).waitFor();
  assert.is(await page.locator('.save-bar-pending').count(), 1, 'the bar sticks while changes wait');
  assert.match(await tab(page, 'Settings').innerText(), /•/, 'the Settings tab is marked');
  await assertAxe(page, 'settings with unsaved changes at 1280 px');
  await page.screenshot({ path: await screenshot(page, 'settings-one-save-1280') });

  const quiet = dialogs(page, 'dismiss');
  await tab(page, 'Submissions').click();
  await page.getByText('No submissions yet').first().waitFor();
  await tab(page, 'Versions').click();
  await page.getByRole('heading', { name: 'Versions' }).waitFor();
  await tab(page, 'Settings (unsaved changes)').click();
  assert.is(await message(page).inputValue(), thanks, 'the message is still there after two other tabs');
  assert.is(await page.getByLabel('Font').inputValue(), 'serif');
  assert.equal(quiet.seen, [], 'switching tabs of the same form asks nothing');

  // Leaving the form inside the panel asks; staying keeps everything where it was.
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
  assert.is(quiet.seen.length, 1, 'one question before leaving');
  assert.is(quiet.seen[0].type, 'confirm');
  assert.match(quiet.seen[0].message, /unsaved changes/);
  assert.match(page.url(), new RegExp(`/admin/forms/${id}\\?tab=settings$`));
  assert.is(await message(page).inputValue(), thanks);
  // Back (the browser's own) to another tab of the form asks nothing; Back to the forms list asks, and
  // staying puts the form's address back.
  await page.goBack();
  await page.getByRole('heading', { name: 'Versions' }).waitFor();
  assert.is(quiet.seen.length, 1, 'Back to another tab asks nothing');
  await page.goBack();
  await page.getByText('No submissions yet').first().waitFor();
  await page.goBack();
  await message(page).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Share' }).first().waitFor();
  assert.is(quiet.seen.length, 1, 'Back through the tabs asks nothing');
  const asked = page.waitForEvent('dialog');
  await page.goBack();
  await asked;
  await page.getByRole('heading', { name: 'Share' }).first().waitFor();
  assert.is(quiet.seen.length, 2, 'Back out of the form asks');
  assert.match(page.url(), new RegExp(`/admin/forms/${id}`));
  await tab(page, 'Settings (unsaved changes)').click();
  assert.is(await message(page).inputValue(), thanks);
  quiet.stop();

  // The browser's unload (a reload here) asks through its own dialog; going on, the draft comes back.
  const unload = dialogs(page, 'accept');
  await page.reload();
  await message(page).waitFor();
  assert.ok(
    unload.seen.some((d) => d.type === 'beforeunload'),
    `the reload asked first: ${JSON.stringify(unload.seen)}`,
  );
  unload.stop();
  assert.is(await message(page).inputValue(), thanks, 'a reload keeps the draft (sessionStorage)');
  assert.is(await page.getByLabel('Font').inputValue(), 'serif');
  assert.is(await savedSettings(id).then((s) => s.success_message), '', 'nothing is saved before Save');

  // Save, by keyboard: from the last control of the page, Tab reaches Save; Enter sends every part.
  await page.getByLabel('Light or dark').focus();
  let guard = 0;
  while ((await page.evaluate(() => document.activeElement?.textContent)) !== 'Save' && guard++ < 5)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await barState(page).filter({ hasText: 'Saved.' }).waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Save', 'the focus stays on Save');
  const saved = await savedSettings(id);
  assert.equal([saved.success_message, saved.theme.font], [thanks, 'serif']);
  assert.not.match(await tab(page, 'Settings').innerText(), /•/, 'no mark once saved');
  assert.is(await page.locator('.save-bar-pending').count(), 0);

  // Nothing unsaved: leaving asks nothing.
  const none = dialogs(page, 'dismiss');
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
  await page.waitForURL(`${server.url}/admin`);
  assert.equal(none.seen, []);
  none.stop();
  assert.equal(errors, []);
  await closePage(page);
});

t('a refused save keeps every typed text and names the problem next to its field; Discard has an Undo', async () => {
  const id = await publish('Book club');
  const { page } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
  await message(page).fill(thanks);
  await page.getByLabel(/^Redirect address/).fill('ftp://example.com');
  await page.getByLabel('Message when closed').fill('The club is full this month.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText('One thing to fix before saving').waitFor();
  assert.match(await page.locator('#redirect_url-problem').innerText(), /must start with http:\/\/ or https:\/\//);
  assert.is(await page.getByLabel(/^Redirect address/).getAttribute('aria-invalid'), 'true');
  assert.match(await barState(page).innerText(), /Not saved/);
  assert.is(await message(page).inputValue(), thanks, 'the refused save kept the message');
  assert.is(await page.getByLabel('Message when closed').inputValue(), 'The club is full this month.');
  assert.is((await savedSettings(id)).success_message, '', 'a refused save changes nothing');

  // Discard drops every change at once; Undo brings them back (by keyboard).
  await page.getByRole('button', { name: 'Discard' }).focus();
  await page.keyboard.press('Enter');
  await barState(page).filter({ hasText: 'Changes discarded.' }).waitFor();
  assert.is(await message(page).inputValue(), '');
  assert.is(await page.getByRole('alert').count(), 0, 'the problems went with the changes');
  await page.getByRole('button', { name: 'Undo discard' }).focus();
  await page.keyboard.press('Enter');
  await barState(page).filter({ hasText: 'Unsaved changes (3 settings)' }).waitFor();
  assert.is(await message(page).inputValue(), thanks);

  await page.getByLabel(/^Redirect address/).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await barState(page).filter({ hasText: 'Saved.' }).waitFor();
  const saved = await savedSettings(id);
  assert.equal([saved.success_message, saved.closed_message], [thanks, 'The club is full this month.']);
  await closePage(page);
});

t('at 390 px the bar and the parts hold, axe clean, nothing scrolls sideways', async () => {
  const id = await publish('Phone settings');
  const { page, errors } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
  await message(page).fill(thanks);
  await page.getByLabel(/^Redirect address/).fill('ftp://example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').waitFor();
  const bar = page.locator('.save-bar-pending');
  const box = await bar.boundingBox();
  assert.ok(box && box.y + box.height <= 844 + 1, `the bar sits inside the window: ${JSON.stringify(box)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
  await screenshot(page, 'settings-one-save-390');
  await assertAxe(page, 'settings with a refused save at 390 px', { headingOne: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await assertAxe(page, 'settings with a refused save at 390 px, dark', { headingOne: true });
  assert.equal(errors, []);
  await closePage(page);
});

t.run();
