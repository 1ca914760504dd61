// Debian's Chromium through playwright-core for the browser suites (never a downloaded browser), and
// screenshots into test/artifacts (git-ignored) for a person to look at.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; a browser is never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Launches the system Chromium headless, with no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Saves a full-page screenshot as test/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Closes a page, waiting at most `ms` for Chromium to confirm. Chromium can acknowledge a close that
 * races a navigation commit without closing the target (crbug.com/536385539, Playwright #42366), and
 * `page.close()` then never settles; such a page goes with the browser at the suite's end instead of
 * holding the suite until the runner kills it. Suites still wait for their navigations before closing.
 */
export async function closePage(page: Page, ms = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([page.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    console.error(`closePage: Chromium did not close ${page.url()} within ${ms} ms; left for browser.close()`);
}

/** Collects console errors and uncaught page errors, so a suite can assert there were none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/**
 * `errors` without Chromium's report of a request that failed because the test took the browser offline (a
 * counting beacon sent, or still in flight, then): the page did nothing wrong. Anything else it said still counts.
 */
export const withoutOfflineFailures = (errors: string[]): string[] =>
  errors.filter((e) => e !== 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED');

/**
 * A new page at `width` x `height` (844) px, signed in with the session `cookie` ("name=value") for `baseUrl`;
 * with its errors collected. `bypassCSP` (default true) lets a test evaluate script the page's policy forbids.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  width: number,
  { height = 844, bypassCSP = true }: { height?: number; bypassCSP?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: baseUrl }]);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { page, errors: pageErrors(page) };
}

/** What has the keyboard focus: its role (or tag) and its text, as `role:text`. */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.innerText?.trim()}`;
  });

/** The table row whose link reads exactly `title` (a form in the panel's lists). */
export const rowWithLink = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
