// The forms list between a phone and a laptop (800 and 1024 px) and on a laptop (1280 px): the top bar
// stays one line (Sign out does not drop into the middle of a second one), an action button never breaks
// inside ("Copy / embed"), a form's actions take at most two lines at 1280 px, and nothing scrolls
// sideways. Chromium against the bundle; screenshots into test/artifacts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { OWNER_KEY } from '../helpers/api.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { fileDefinition, publishFileForm } from '../helpers/files.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const t = suite('forms list at tablet and laptop widths');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  await publishFileForm(server.url, { ...fileDefinition(), title: 'A rather long form title for the job application' });
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const width of [800, 1024, 1280]) {
  t(`${width} px`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 700 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('button', { name: 'More' }).first().waitFor();
    const bar = await page.locator('header.topbar').evaluate((h) => {
      const items = [...h.querySelectorAll('.brand, nav a, button, .spacer + *')].filter(
        (e) => (e as HTMLElement).offsetParent !== null,
      );
      return [
        ...new Set(items.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2))),
      ];
    });
    assert.ok(Math.max(...bar) - Math.min(...bar) <= 4, `the top bar is one line: item centres at ${bar.join(', ')}`);
    const buttons = page.locator(
      'table.forms td.actions > button, table.forms td.actions > a, table.forms td.actions .action-menu > button',
    );
    const heights = await buttons.evaluateAll((els) =>
      els.map((e) => `${e.textContent}:${Math.round(e.getBoundingClientRect().height)}`),
    );
    const tallest = Math.max(...heights.map((h) => Number(h.split(':')[1])));
    const lowest = Math.min(...heights.map((h) => Number(h.split(':')[1])));
    assert.ok(tallest <= lowest + 1, `no action button breaks inside: ${heights.join(', ')}`);
    if (width === 1280) {
      const lines = await buttons.evaluateAll(
        (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size,
      );
      assert.ok(lines <= 2, `a form's actions take at most two lines at 1280 px (${lines})`);
    }
    assert.is(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 0, 'no sideways scroll');
    await screenshot(page, `forms-list-${width}`);
    assert.equal(errors, []);
    await context.close();
  });
}

t.run();
