// The forms list's "More" menu in Chromium, keyboard only where it matters: it opens with Enter, Space
// and the arrows, moves with the arrows, Home and End, closes with Escape (focus back on its button) and
// with Tab (focus moves on); its actions leave the focus on its button. axe finds nothing serious with
// the menu open, and at 390 px nothing scrolls sideways. Screenshots at 1280 and 390 px go to test/artifacts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { focusedElement, launchChromium, rowWithLink, signedInPage, screenshot } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const publish = async (title: string) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition({ title }) } }))
    .json.form_id as string;

const open = (width: number) => signedInPage(browser, server.url, cookie, width);

const t = suite('panel: the More menu of a form row');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('a row shows Edit, Open and More; More opens, moves and closes from the keyboard alone', async () => {
  await publish('Menu form');
  const { page, errors } = await open(1280);
  await page.goto(`${server.url}/admin`);
  const row = rowWithLink(page, 'Menu form');
  await row.waitFor();
  const actions = await row
    .locator('td.actions')
    .locator('a, button')
    .evaluateAll((els) => els.map((e) => e.textContent!.trim()));
  assert.equal(actions, ['Edit', 'Open', 'More ▾'], 'three actions in view');
  const more = row.getByRole('button', { name: 'More' });
  assert.is(await more.getAttribute('aria-haspopup'), 'menu');
  assert.is(await more.getAttribute('aria-expanded'), 'false');

  await row.getByRole('link', { name: 'Open' }).focus();
  await page.keyboard.press('Tab');
  assert.is(await focusedElement(page), 'button:More ▾', 'Tab reaches More');
  await page.keyboard.press('Enter');
  assert.is(await more.getAttribute('aria-expanded'), 'true');
  const menu = page.getByRole('menu', { name: 'More' });
  assert.equal(await menu.getByRole('menuitem').allInnerTexts(), ['Copy embed code', 'Pause', 'Duplicate', 'Delete…']);
  assert.is(await focusedElement(page), 'menuitem:Copy embed code', 'Enter opens on the first item');
  for (const [key, expected] of [
    ['ArrowDown', 'Pause'],
    ['ArrowDown', 'Duplicate'],
    ['ArrowDown', 'Delete…'],
    ['ArrowDown', 'Copy embed code'], // wraps
    ['ArrowUp', 'Delete…'], // wraps back
    ['Home', 'Copy embed code'],
    ['End', 'Delete…'],
  ] as const) {
    await page.keyboard.press(key);
    assert.is(await focusedElement(page), `menuitem:${expected}`, key);
  }
  await page.keyboard.press('Escape');
  assert.is(await menu.count(), 0, 'Escape closes');
  assert.is(await focusedElement(page), 'button:More ▾', 'and gives the focus back to More');
  assert.is(await more.getAttribute('aria-expanded'), 'false');

  await page.keyboard.press(' ');
  assert.is(await focusedElement(page), 'menuitem:Copy embed code', 'Space opens on the first item');
  await page.keyboard.press('Tab');
  await menu.waitFor({ state: 'detached' });
  const after = await focusedElement(page);
  assert.not.ok(after.startsWith('menuitem') || after.startsWith('body'), `Tab moves on (${after})`);
  assert.is(await more.getAttribute('aria-expanded'), 'false');

  await more.focus();
  await page.keyboard.press('ArrowUp');
  assert.is(await focusedElement(page), 'menuitem:Delete…', 'ArrowUp opens on the last item');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  assert.is(await focusedElement(page), 'menuitem:Copy embed code', 'ArrowDown opens on the first item');
  await assertAxe(page, 'forms list, menu open, 1280 px');
  await screenshot(page, 'forms-list-more-1280');
  await page.screenshot({ path: '/tmp/fs-shots/forms-list-more-1280.png' });
  await page.keyboard.press('Escape');

  // The mouse: a click opens it, a click elsewhere closes it.
  await more.click();
  await menu.waitFor();
  await page.getByRole('heading', { level: 1 }).click();
  await menu.waitFor({ state: 'detached' });
  assert.equal(errors, []);
});

t(
  "the menu's actions run from the keyboard and leave the focus on More; Delete asks, and Escape comes back to More",
  async () => {
    await publish('Actions form');
    const { page, errors } = await open(1280);
    await page.goto(`${server.url}/admin`);
    const row = rowWithLink(page, 'Actions form');
    const more = row.getByRole('button', { name: 'More' });
    const choose = async (item: string) => {
      await more.focus();
      await page.keyboard.press('Enter');
      for (let i = 0; i < 4 && (await focusedElement(page)) !== `menuitem:${item}`; i++)
        await page.keyboard.press('ArrowDown');
      assert.is(await focusedElement(page), `menuitem:${item}`);
      await page.keyboard.press('Enter');
    };
    await choose('Pause');
    await row.getByText('paused', { exact: true }).waitFor();
    assert.is(await focusedElement(page), 'button:More ▾', 'Pause leaves the focus on More');
    await more.focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('menu').getByRole('menuitem').allInnerTexts(), [
      'Copy embed code',
      'Resume',
      'Duplicate',
      'Delete…',
    ]);
    await page.keyboard.press('Escape');

    await choose('Duplicate');
    await rowWithLink(page, 'Actions form (copy)').waitFor();
    assert.is(await focusedElement(page), 'button:More ▾');
    assert.ok(await more.evaluate((b) => b === document.activeElement), "the focus is on this row's More");

    await choose('Copy embed code');
    await row
      .getByRole('status')
      .filter({ hasText: /Embed code copied|Copying was refused/ })
      .waitFor();
    assert.ok(await more.evaluate((b) => b === document.activeElement), 'Copy leaves the focus on More');

    await choose('Delete…');
    const dialog = page.getByRole('dialog', { name: 'Delete “Actions form”?' });
    await dialog.waitFor();
    assert.is(await focusedElement(page), 'button:Cancel', 'the dialog takes the focus');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(
      await more.evaluate((b) => b === document.activeElement),
      'closing the dialog gives the focus back to More',
    );
    assert.equal(errors, []);
  },
);

t('390 px: the menu opens inside the screen, nothing scrolls sideways, axe finds nothing serious', async () => {
  await publish('Phone form with a rather long title to wrap');
  const { page, errors } = await open(390);
  await page.goto(`${server.url}/admin`);
  const more = rowWithLink(page, 'Phone form with a rather long title to wrap').getByRole('button', { name: 'More' });
  await more.focus();
  await page.keyboard.press('Enter');
  const box = (await page.getByRole('menu').boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the menu is on screen: ${box.x} to ${box.x + box.width}`);
  assert.is(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 0, 'no sideways scroll');
  await assertAxe(page, 'forms list, menu open, 390 px');
  await screenshot(page, 'forms-list-more-390');
  await page.screenshot({ path: '/tmp/fs-shots/forms-list-more-390.png', fullPage: true });
  assert.equal(errors, []);
});

t.run();
