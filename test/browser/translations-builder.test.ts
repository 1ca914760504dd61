// The builder's Translations panel in Chromium against the bundle: add German, translate a label beside
// its default text, see the missing count fall, publish, and the hosted page with ?lang=de shows it.
// Also at 390 px: nothing wider than the screen.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const t = suite('the builder: translations');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 390, { bypassCSP: false }));
  context = page.context();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('add German, translate a label, publish: /f/ID?lang=de shows it', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Job application/ })
    .click();
  await page.waitForURL(/\/admin\/drafts\//);
  await page
    .getByRole('navigation', { name: 'Form outline' })
    .locator('.b-select', { hasText: 'Form settings' })
    .click();
  const panel = page.getByRole('group', { name: 'Translations' });
  await panel.getByLabel('Add a language').fill('de_DE');
  await panel.getByRole('button', { name: 'Add language' }).click();
  await panel.getByText('Enter a language tag like de, fr or pt-BR.').waitFor();
  await panel.getByLabel('Add a language').fill('de');
  await panel.getByRole('button', { name: 'Add language' }).click();
  const count = panel.locator('.b-languages li').first();
  const before = Number((await count.textContent())?.match(/(\d+) missing/)?.[1]);
  assert.ok(before > 0, 'every text is missing at first');
  // Each text sits beside its default: the label reads "<default text> (<path>)".
  const labelInput = panel.locator('.b-translation-texts label', { hasText: /\(fields\.[\w-]+\.label\)$/ }).first();
  const shown = (await labelInput.textContent())!;
  const original = shown.replace(/ \(fields\.[\w-]+\.label\)$/, '');
  await panel.getByLabel(shown, { exact: true }).fill('Vollständiger Name');
  await count.getByText(`${before - 1} missing`).waitFor();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.is(wide, 0, 'no horizontal scroll at 390 px');
  await screenshot(page, 'builder-translations-390');

  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.locator('.b-published');
  await notice.getByText('Published: version 1.').waitFor();
  const hostedUrl = (await notice.locator('a.mono').getAttribute('href'))!;
  const p = await context.newPage();
  await p.goto(`${hostedUrl}?lang=de`);
  await p.locator('.fs-renderer-host').waitFor();
  assert.ok(await p.getByLabel('Vollständiger Name').isVisible());
  assert.is(await p.getByLabel(original, { exact: true }).count(), 0, 'the default label is replaced');
  assert.is(await p.locator('html').getAttribute('lang'), 'de');
  assert.ok(await p.getByRole('button', { name: 'Weiter' }).isVisible(), 'the renderer speaks German');
  assert.equal(errors, []);
});

t.run();
