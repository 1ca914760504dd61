// The panel's page of one answer shows the named inputs an HTML form post kept beside its fields
// (accept_undeclared) under "Other inputs", as text (a value that looks like markup stays text), at 390 px
// without sideways scrolling, axe clean.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let cookie: string;
let browser: Browser;

const t = suite('panel: an answer with undeclared inputs');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('"Other inputs" lists them by name, as text', async () => {
  const formId = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json.form_id as string;
  const on = await call(server.url, 'PATCH', `/v1/forms/${formId}`, {
    key: OWNER_KEY,
    body: { accept_undeclared: true },
  });
  assert.is(on.status, 200, on.text);
  const posted = await fetch(`${server.url}/v1/f/${formId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([
      ['name', 'Ada'],
      ['email', 'ada@example.com'],
      ['company', 'Acme <b>Ltd</b>'],
      ['plan', 'Pro'],
    ]).toString(),
  });
  assert.is(posted.status, 201);
  const { id } = (await posted.json()) as { id: string };
  const { page } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/forms/${formId}/submissions/${id}`);
  await page.getByRole('heading', { name: 'Other inputs' }).waitFor();
  const text = await page.locator('dl.answers').last().innerText();
  assert.match(text, /company\s+Acme <b>Ltd<\/b>/);
  assert.match(text, /plan\s+Pro/);
  assert.is(await page.locator('dl.answers b').count(), 0, 'markup in a value stays text');
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'no sideways scroll at 390 px',
  );
  await assertAxe(page, 'answer with other inputs');
  await screenshot(page, 'panel-extra-390');
  await closePage(page);
});

t.run();
