// Moving between panel pages with the keyboard: the focus lands on the new page's h1 even when the page
// loads its data first (its heading appears only then), and a form that is not there says so with a
// heading and a way back; Duplicate keeps the focus and a deleted form hands it to the heading; the
// empty Webhook tab links to where a webhook is added. Chromium against the
// bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { OWNER_KEY } from '../helpers/api.ts';
import { launchChromium, signedInPage } from '../helpers/browser.ts';
import { fileDefinition, publishFileForm } from '../helpers/files.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
let formId = '';

const t = suite('focus between panel pages');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  formId = await publishFileForm(server.url, fileDefinition());
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 800, bypassCSP: false }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the focus is on the page's h1 and answers its text. */
async function focusedHeading(name: RegExp): Promise<string> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  return page.evaluate(() => (document.activeElement as HTMLElement).innerText);
}

t('Enter on a link goes to a page that loads first, and the focus is on its heading', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('link', { name: 'Apply' }).focus();
  await page.keyboard.press('Enter');
  assert.match(await focusedHeading(/Apply/), /^Apply/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Moderation' }).focus();
  await page.keyboard.press('Enter');
  assert.is(await focusedHeading(/Moderation/), 'Moderation');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).focus();
  await page.keyboard.press('Enter');
  assert.is(await focusedHeading(/^Forms$/), 'Forms');
  // The builder shows a loading heading, then the form's: the focus follows to the real one.
  await page.getByRole('link', { name: 'Edit' }).first().focus();
  await page.keyboard.press('Enter');
  await page.locator('.b-preview').waitFor();
  assert.match(await focusedHeading(/Edit: Apply/), /^Edit: Apply/);
  // Tab goes on from the heading into the page, not back to the top of the document.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('main')), 'the next Tab stays in the page');
});

t('a form that is not there: a heading that says so and a way back', async () => {
  await page.goto(`${server.url}/admin/forms/no-such-form`);
  await page.getByRole('heading', { level: 1, name: 'Form not found' }).waitFor();
  assert.is(await page.locator('h1').count(), 1);
  const back = page.getByRole('main').getByRole('link', { name: 'Back to forms' });
  await back.click();
  assert.is(await focusedHeading(/^Forms$/), 'Forms');
  assert.equal(errors, []);
});

t('Duplicate (in the More menu) leaves the focus on More; deleting a form puts it on the page heading', async () => {
  await page.goto(`${server.url}/admin`);
  const rows = page.locator('table.forms tbody tr');
  await rows.first().waitFor();
  const before = await rows.count();
  await rows.first().getByRole('button', { name: 'More' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Duplicate');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('table.forms tbody tr').length === n + 1, before);
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'More ▾', 'the focus is on More');
  await rows.first().getByRole('button', { name: 'More' }).focus();
  await page.keyboard.press('ArrowUp'); // opens on the last item, Delete…
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete form/ })
    .focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('table.forms tbody tr').length === n, before);
  assert.is(
    await page.evaluate(
      () => `${document.activeElement?.tagName}:${(document.activeElement as HTMLElement).innerText}`,
    ),
    'H1:Forms',
  );
});

t('Run now on the jobs list keeps the focus on its button while the job runs and after', async () => {
  await page.goto(`${server.url}/admin/workspace`);
  const button = page.getByRole('button', { name: 'Run now: sweep-sessions' });
  await button.focus();
  await page.keyboard.press('Enter');
  const row = page.locator('tr', { has: button });
  // What the job does and when, in words; its name and cron expression beneath.
  assert.is(
    await row.locator('td[data-label="Job"]').innerText(),
    'Removes sign-in sessions that have ended.\nsweep-sessions',
  );
  assert.is(await row.locator('td[data-label="Schedule"]').innerText(), 'Every hour at :41\n41 * * * *');
  await row.locator('td[data-label="Result"]').filter({ hasNotText: '—' }).waitFor();
  assert.ok(await button.evaluate((b) => b === document.activeElement), 'the focus is still on Run now');
});

t('Create key and Create invite link hand the focus to the new Copy button, beside its shown-once line', async () => {
  await page.goto(`${server.url}/admin/workspace`);
  await page.locator('#key-name').fill('focus key');
  await page.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Copy the key now: it is shown only once.').waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Copy');
  assert.match(
    await page.evaluate(() => document.activeElement?.closest('.once')?.textContent ?? ''),
    /shown only once\.svc_live_/,
  );
  await page.getByRole('button', { name: 'Create invite link' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Send this link to the person you invite.', { exact: false }).waitFor();
  await page.waitForFunction(
    () => document.activeElement?.closest('.once')?.textContent?.includes('Send this link') === true,
  );
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Copy');
  assert.match(
    await page.evaluate(() => document.activeElement?.closest('.once')?.textContent ?? ''),
    /shown only now\.\s*http/,
  );
});

t('the Webhook tab with no webhook links to the Settings tab where one is added', async () => {
  await page.goto(`${server.url}/admin/forms/${formId}?tab=webhook`);
  await page.getByText('No webhook is set.').getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
  assert.is(new URL(page.url()).searchParams.get('tab'), 'settings');
  assert.equal(errors, []);
});

t.run();
