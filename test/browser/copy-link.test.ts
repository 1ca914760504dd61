// "Copy link" on a form's overview copies the hosted page's address: through the clipboard API where the
// page is a secure context, through a selected textarea where it is not (the panel opened over plain
// HTTP on a home network has no navigator.clipboard), and says to copy by hand when the browser refuses
// both; an empty Submissions tab offers the link to share. Chromium against the bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { OWNER_KEY } from '../helpers/api.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { fileDefinition, publishFileForm } from '../helpers/files.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let formId = '';
const hosted = () => `${server.url}/f/${formId}`;

const t = suite('copying a form’s link');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  formId = await publishFileForm(server.url, fileDefinition());
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page on the form's overview; `insecure` makes it behave as over plain HTTP on a LAN. */
async function overview(insecure?: {
  execCommandAnswers: boolean;
}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
  context.setDefaultTimeout(10_000);
  if (insecure) {
    // What a browser gives a page at http://192.168.1.5: no clipboard API, not a secure context. The
    // old copy command is recorded (with what was selected) and answers as asked.
    await context.addInitScript((answer: boolean) => {
      (window as any).copied = [];
      document.execCommand = (cmd: string) => {
        const area = document.activeElement as HTMLTextAreaElement;
        (window as any).copied.push(`${cmd}:${area.value.slice(area.selectionStart, area.selectionEnd)}`);
        return answer;
      };
      Object.defineProperty(navigator, 'clipboard', { value: undefined });
    }, insecure.execCommandAnswers);
  } else {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  }
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/admin/forms/${formId}`);
  await page.getByRole('button', { name: 'Copy link' }).waitFor();
  return { context, page, errors };
}

t('secure context: the clipboard holds the hosted page’s address', async () => {
  const { context, page, errors } = await overview();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), hosted());
  assert.equal(errors, []);
  await context.close();
});

t('plain HTTP on a home network: copied through a selected textarea, and the focus stays on the button', async () => {
  const { context, page, errors } = await overview({ execCommandAnswers: true });
  const button = page.getByRole('button', { name: 'Copy link' });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => (window as any).copied), [`copy:${hosted()}`]);
  assert.ok(
    await page.evaluate(() => document.activeElement?.textContent === 'Copied'),
    'the focus is back on the button',
  );
  assert.is(await page.locator('textarea[readonly][style*="opacity"]').count(), 0, 'the helper textarea is gone');
  assert.equal(errors, []);
  await context.close();
});

t('the browser refuses both ways: the button says to copy by hand instead of doing nothing', async () => {
  const { context, page, errors } = await overview({ execCommandAnswers: false });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByRole('status').getByText('select the text and press Ctrl+C').waitFor();
  assert.equal(errors, []);
  await context.close();
});

t('no submissions yet: the empty list offers the form’s link to share', async () => {
  const { context, page, errors } = await overview();
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  const empty = page.locator('.card.empty');
  await empty.getByText('No submissions yet.').waitFor();
  assert.is(await empty.getByRole('link', { name: 'Open the form' }).getAttribute('href'), hosted());
  await empty.getByRole('button', { name: 'Copy link' }).click();
  await empty.getByRole('button', { name: 'Copied' }).waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), hosted());
  await screenshot(page, 'submissions-empty-share');
  assert.equal(errors, []);
  await context.close();
});

t.run();
