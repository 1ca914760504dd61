// The builder on a phone (390 x 844) in Chromium against the bundle: the preview, which sits under the
// whole editor there, is one button away and takes the focus; the Desktop/Phone toggle that cannot fit
// goes; nothing is wider than the screen. On a wide screen the preview is beside the editor and the
// button is not shown. Screenshots go to test/artifacts/.
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

const t = suite('the builder on a phone');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 390, { bypassCSP: false }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const toPreview = () => page.getByRole('button', { name: 'Go to preview ↓' });

t('a template opens in the builder; "Go to preview" brings the preview into view with the focus on it', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Job application/ })
    .click();
  await page.waitForURL(/\/admin\/drafts\//);
  // A new form's draft is still under Forms in the (folded) navigation.
  assert.is(await page.locator('header nav a[aria-current="page"]').textContent(), 'Forms');
  const preview = page.locator('.b-preview');
  await preview.getByRole('button', { name: 'Continue' }).waitFor();
  const heading = preview.getByRole('heading', { name: 'Preview', exact: true });
  assert.ok(
    !(await heading.evaluate((h) => h.getBoundingClientRect().top < innerHeight)),
    'the preview starts below the first screen',
  );
  await toPreview().click();
  assert.ok(await heading.evaluate((h) => h === document.activeElement), 'the preview heading has the focus');
  await page.waitForFunction(() => {
    const r = document.getElementById('b-preview-title')!.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.not.ok(
    await preview.getByRole('group', { name: 'Preview width' }).isVisible(),
    'no Desktop/Phone toggle on a phone',
  );
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.is(wide, 0, 'no horizontal scroll');
  await page.screenshot({ path: 'test/artifacts/builder-phone-preview.png' });
});

t('a step with a route reads as a sentence and fits the phone', async () => {
  await page.getByRole('navigation', { name: 'Form outline' }).locator('.b-select', { hasText: 'About you' }).click();
  const routes = page.locator('.b-routes');
  await routes.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-phone-route');
  // "Route 1 applies when [Role] [is] [Designer], then go to [Design questions]": the condition
  // comes before the target, as the sentence is read.
  const route = routes.locator('.b-route').first();
  const order = await route.evaluate((li) => {
    const cond = li.querySelector('select[aria-label="Route 1 applies, condition 1: field"]')!;
    const to = [...li.querySelectorAll('label')].find((l) => /then go to/.test(l.textContent ?? ''))!;
    return cond.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING ? 'condition first' : 'target first';
  });
  assert.is(order, 'condition first');
  assert.is(await route.getByLabel('then go to').inputValue(), 'design');
  const wide = await page.evaluate(
    () =>
      [...document.querySelectorAll('.b-routes *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
        .length,
  );
  assert.is(wide, 0, 'the route editor fits in 390 px');
});

t('on a wide screen the preview is beside the editor and the button is not shown', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.not.ok(await toPreview().isVisible());
  assert.ok(await page.locator('.b-preview').getByRole('group', { name: 'Preview width' }).isVisible());
  assert.equal(errors, []);
});

t.run();
