// The agent keys that outlive a claim, as an owner meets them (security review 2026-11-26, high): the
// Workspace page lists each key with the forms it still reaches, and Revoke (confirmed) ends it: its next
// call answers 401. Keyboard only; axe; no sideways scroll at 390 px; screenshots in test/artifacts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, focusedElement, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

/** A keyless publish claimed by the owner without revoking its key, as an agent that still manages it would. */
async function claimedByAgent(title: string) {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition({ title }) } });
  const claimPath = new URL(published.json.claim_url).pathname;
  const page = await (await fetch(server.url + claimPath, { headers: { cookie } })).text();
  const workspace = /<option value="([^"]+)"/.exec(page)![1];
  const done = await fetch(server.url + claimPath, {
    method: 'POST',
    body: new URLSearchParams({ workspace }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: new URL(server.url).origin },
  });
  assert.is(done.status, 200, await done.text());
  return published.json.agent_key as string;
}

const t = suite('panel: agent keys that still reach claimed forms');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('listed with the forms they reach; Revoke by keyboard ends the key', async () => {
  const key = await claimedByAgent('Agent-made survey');
  assert.is((await call(server.url, 'GET', '/v1/forms', { key })).status, 200, 'the claim left it working');
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/workspace`);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Agent keys that still reach your forms' }),
  });
  await section.waitFor();
  const row = section.getByRole('row').filter({ hasText: 'Agent-made survey' });
  assert.match(await row.innerText(), new RegExp(`svc_agent_…${key.slice(-4)}`));
  await assertAxe(page, 'workspace with agent keys');
  await section.screenshot({ path: await screenshot(page, 'agent-keys-1280') });
  page.once('dialog', (d) => {
    assert.match(d.message(), new RegExp(`Revoke the agent key …${key.slice(-4)}\\? It stops working at once`));
    void d.accept();
  });
  await row.getByRole('link', { name: 'Agent-made survey' }).focus();
  await page.keyboard.press('Tab');
  assert.is(await focusedElement(page), 'button:Revoke');
  await page.keyboard.press('Enter');
  await section.waitFor({ state: 'detached' });
  assert.is((await call(server.url, 'GET', '/v1/forms', { key })).status, 401, 'revoked: 401');
  assert.equal(errors, []);
  await closePage(page);
});

t('at 390 px the rows stack and nothing scrolls sideways', async () => {
  await claimedByAgent('A form with a rather long title made by an agent');
  const { page } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/workspace`);
  await page.getByRole('heading', { name: 'Agent keys that still reach your forms' }).waitFor();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  assert.ok(fits, 'no sideways scroll');
  await screenshot(page, 'agent-keys-390');
  await closePage(page);
});

t.run();
