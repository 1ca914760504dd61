// The page behind `formstead admin-link`, in Chromium at 1280 and 390 px: axe finds no serious or
// critical violation, nothing scrolls sideways, and a person can set a new password and land in the panel.
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot } from '../helpers/browser.ts';
import { bundlePath, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const adminLink = () => {
  const r = spawnSync(
    process.execPath,
    [bundlePath, 'admin-link', '--data', server.dataDir, '--public-url', server.url],
    { encoding: 'utf8' },
  );
  assert.is(r.status, 0, r.stderr);
  return /: (\S+)$/m.exec(r.stdout)![1];
};

const reset = suite('owner password reset page');
reset.before(async () => {
  server = await startServer();
  const token = new URL(
    /Create the owner account \(this link works once\): (\S+)/.exec(server.output())![1],
  ).searchParams.get('token')!;
  const made = await fetch(`${server.url}/admin/setup`, {
    method: 'POST',
    body: new URLSearchParams({ token, email: 'owner@example.com', password: 'the lost password' }),
    redirect: 'manual',
  });
  assert.is(made.status, 303);
  browser = await launchChromium();
});
reset.after(async () => {
  await browser?.close();
  await server.stop();
});

for (const width of [1280, 390]) {
  reset(`at ${width} px: readable, accessible, and it signs the owner in with the new password`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(adminLink());
    assert.is(await page.locator('h1').count(), 1);
    assert.is(await page.locator('h1').textContent(), 'Set a new password');
    await assertAxe(page, `reset form at ${width}`);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no horizontal scroll',
    );
    await screenshot(page, `owner-reset-${width}`);
    // A short password first: the problem is shown, the email kept.
    await page.getByLabel('Owner email').fill('owner@example.com');
    await page.getByLabel(/New password/).fill('short');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.locator('.problems').waitFor();
    assert.match((await page.locator('.problems').textContent()) ?? '', /at least 10 characters/);
    assert.is(await page.getByLabel('Owner email').inputValue(), 'owner@example.com');
    await assertAxe(page, `reset form with a problem at ${width}`);
    await screenshot(page, `owner-reset-problem-${width}`);
    // With the keyboard: focus the password, type, Enter.
    await page.getByLabel(/New password/).focus();
    await page.keyboard.type(`a new password at ${width}`);
    await Promise.all([page.waitForURL(`${server.url}/admin`), page.keyboard.press('Enter')]);
    await closePage(page);
    await context.close();
    const login = await fetch(`${server.url}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'owner@example.com', password: `a new password at ${width}` }),
      redirect: 'manual',
    });
    assert.is(login.status, 303);
  });
}

reset.run();
