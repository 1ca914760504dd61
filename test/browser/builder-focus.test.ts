// Keyboard focus after builder actions, in Debian's Chromium against the bundle (UX.md): focus goes to what
// appeared, and back to the pressed control (or its nearest neighbour when that is gone) after Move up,
// Delete field, Delete route, Delete step and Ctrl+Z (undo); never to the page body, "Copy link" or a label box.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { focusedElement, launchChromium, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const f = suite('builder: where the focus goes after each action');
f.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
});
f.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The focused control's accessible name (aria-label, else its text), after the next frame. */
async function focusedName() {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const a = document.activeElement;
    return (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim();
  });
}

/** Fails when the focus is on the page body, on "Copy link", or in a text box. */
async function assertNotLost(what: string) {
  const el = await focusedElement(page);
  assert.not.match(el, /^body:/, `${what}: not the body`);
  assert.not.match(el, /Copy link/, `${what}: not Copy link`);
}

/** Tabs (forwards, or backwards) to a control whose name matches and presses Enter. */
async function press(name: string | RegExp, back = false) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const here = await page.evaluate(() => {
      const a = document.activeElement;
      return (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? here === name : name.test(here)) return page.keyboard.press('Enter');
  }
  throw new Error(`Tab never reached ${name}`);
}

async function addField(label: string) {
  await press('+ Add field');
  await press(/Short answer/);
  await page.keyboard.type(label);
}

f('each action by keyboard leaves the focus where UX.md says', async () => {
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
  for (const label of ['Alpha', 'Beta', 'Gamma']) await addField(label);
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), 'Gamma', 'added: label');

  // Publish, so a "Copy link" exists that the focus must not jump to later.
  await page.getByText('Draft saved').waitFor();
  await press('Publish');
  await page.locator('.b-published').getByText('Published: version 1.').waitFor();

  // Move up keeps the focus on Move up (not the label box); at the top, on Move down beside it.
  await press('Move Beta up', true);
  assert.is(await focusedName(), 'Move Beta up', 'Move up keeps the focus');
  await assertNotLost('Move up');
  assert.not.match(await focusedElement(page), /^input:/, 'Move up: not the label box');
  await page.keyboard.press('Enter');
  assert.is(await focusedName(), 'Move Beta down', 'at the top: Move down');

  // Delete field: the field now in its place in the outline.
  await press(/Beta,/, true);
  await press('Delete field');
  {
    const n = await focusedName();
    assert.match(
      n,
      /, Short answer$/,
      `Delete field: the next field in the outline, got ${n} / ${await focusedElement(page)}`,
    );
  }
  await assertNotLost('Delete field');

  // Split into steps: step 1, which appeared in the outline.
  await press('Split into steps');
  assert.match(await focusedName(), /Step 1/, 'Split into steps: step 1');
  await assertNotLost('Split into steps');
  await page.keyboard.press('Enter');

  // Delete route: with none left, "+ Add route".
  await press('+ Add step');
  await press(/Step 1/, true);
  await press('+ Add route');
  await press('Remove route 1');
  assert.is(await focusedName(), '+ Add route', 'Delete route: Add route');
  await assertNotLost('Delete route');

  // Delete step: the step now selected in the outline (its fields moved there).
  await press(/Step 2/, true);
  await press(/^Delete step/);
  assert.match(await focusedName(), /Step 1/, 'Delete step: the step selected in the outline');
  await assertNotLost('Delete step');

  // Ctrl+Z: the deleted step is back; the focus stays on a control (not the body, not Copy link).
  await page.keyboard.press('Control+z');
  await page
    .getByRole('navigation', { name: 'Form outline' })
    .getByRole('button', { name: 'Move step Step 2 up' })
    .waitFor();
  await focusedName();
  await assertNotLost('Ctrl+Z');
  assert.not.match(await focusedElement(page), /^input:/, 'Ctrl+Z: not a label box');

  assert.equal(errors, []);
});

f.run();
