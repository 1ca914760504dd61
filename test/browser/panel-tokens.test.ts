// The panel's colours stay the panel's after the builder has opened. The builder's preview links the
// renderer's form.css, which sets the renderer's --fs-* tokens at :root; the panel keeps its own
// --panel-* tokens, so neither the page behind the panel nor its cards change colour (in dark mode the
// renderer's --fs-bg, a form's card, is lighter than the panel's page). Chromium against the bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let ownerCookie = '';

const t = suite('panel colours around the builder');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ownerCookie = cookie;
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The colours a person sees of the panel: the page behind it, the top bar, a card and the text. */
function panelColours(page: Page): Promise<Record<string, string>> {
  // Selectors in a table, not a helper function inside evaluate (the test's transpiler would wrap it).
  return page.evaluate(() =>
    Object.fromEntries(
      [
        ['page', 'html', 'backgroundColor'],
        ['nav', 'header.topbar', 'backgroundColor'],
        ['card', 'main .card', 'backgroundColor'],
        ['text', 'body', 'color'],
      ].map(([k, sel, prop]) => [k, getComputedStyle(document.querySelector(sel)!)[prop as 'color']]),
    ),
  );
}

for (const colorScheme of ['dark', 'light'] as const) {
  t(
    `${colorScheme}: the panel looks the same before and after the builder, and the builder sits on the ` +
      `panel's page colour`,
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
      const [name, value] = ownerCookie.split('=');
      await context.addCookies([{ name, value, url: server.url }]);
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(`${server.url}/admin`);
      await page.getByText('No forms yet.').waitFor();
      const before = await panelColours(page);

      await page.getByRole('button', { name: 'New form' }).first().click();
      await page
        .getByRole('dialog', { name: 'New form' })
        .getByRole('button', { name: /Blank form/ })
        .click();
      await page.waitForURL(/\/admin\/drafts\//);
      const preview = page.locator('.b-preview');
      await preview.getByRole('button', { name: 'Submit' }).waitFor();
      // The renderer's stylesheet is in and styles the preview (its button takes the renderer's accent).
      await page.waitForFunction(
        () => getComputedStyle(document.documentElement).getPropertyValue('--fs-bg').trim() !== '',
      );
      const inBuilder = await page.evaluate(() => ({
        page: getComputedStyle(document.documentElement).backgroundColor,
        frame: getComputedStyle(document.querySelector('.b-frame')!).backgroundColor,
        formBg: getComputedStyle(document.documentElement).getPropertyValue('--fs-bg').trim(),
      }));
      assert.is(inBuilder.page, before.page, 'the builder keeps the panel’s page colour');
      // The preview is the form as respondents see it: its frame is the renderer's card colour.
      const expectedFrame = await page.evaluate((c) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = c;
        document.body.append(probe);
        const got = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return got;
      }, inBuilder.formBg);
      assert.is(inBuilder.frame, expectedFrame, 'the preview frame has the renderer’s card colour');
      if (colorScheme === 'dark')
        assert.is.not(inBuilder.frame, before.page, 'in dark mode the form card stands out from the panel’s page');
      await screenshot(page, `panel-tokens-builder-${colorScheme}`);

      // Back to the list inside the app (no reload): form.css stays linked, the panel's colours stay.
      await page.getByRole('navigation').getByRole('link', { name: 'Forms', exact: true }).first().click();
      await page.getByRole('heading', { name: 'Drafts' }).waitFor();
      assert.ok(
        await page.locator('link[href="/assets/form.css"]').count(),
        'the renderer’s stylesheet is still on the page',
      );
      assert.equal(await panelColours(page), before, 'the panel’s colours did not change after the builder');
      await screenshot(page, `panel-tokens-list-after-builder-${colorScheme}`);
      assert.equal(errors, []);
      await context.close();
    },
  );
}

t.run();
