// Single sign-on in Chromium: the sign-in page's button at 1280 and 390 px (axe, no sideways scroll, a
// screenshot), pressed by keyboard, through a real OpenID provider (oidc-provider) on loopback and back into the
// panel. Only a real browser shows that its SameSite rules let the session cookie through after the provider's
// redirect. The provider's dev login page links a web font: every request off this machine is refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { setupOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, focusedElement, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startProvider, type RunningProvider } from '../helpers/oidc-provider.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let provider: RunningProvider;
let server: RunningServer;
let browser: Browser;

const sso = suite('single sign-on in the browser');

sso.before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startProvider(`${publicUrl}/admin/oidc/callback`, { host: 'localhost' });
  provider.accounts.set('owner', { email: 'owner@example.com', email_verified: true });
  provider.accounts.set('stranger', { email: 'ada@example.com', email_verified: true });
  server = await startServer({
    port,
    env: {
      FORMSTEAD_PUBLIC_URL: publicUrl,
      FORMSTEAD_OIDC_ISSUER: provider.issuer,
      FORMSTEAD_OIDC_CLIENT_ID: provider.clientId,
      FORMSTEAD_OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
  await setupOwner(server, 'owner@example.com');
  browser = await launchChromium();
});
sso.after(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});

/** A context at `width` px that reaches only this machine. */
async function loopbackOnly(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  context.setDefaultTimeout(10_000);
  await context.route('**/*', (route) =>
    ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
  );
  return context;
}

/** At the provider's dev login page: signs in as `login`. */
async function atProvider(context: BrowserContext, login: string) {
  const page = context.pages()[0];
  await page.waitForURL(`${provider.issuer}/interaction/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

for (const width of [1280, 390]) {
  sso(`at ${width} px: the button is plain, reachable by keyboard, and leads into the panel`, async () => {
    const context = await loopbackOnly(width);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.url}/admin/login`);
    assert.is(await page.locator('h1').count(), 1);
    const button = page.getByRole('button', { name: 'Sign in with single sign-on' });
    assert.ok(await button.isVisible());
    assert.match(await page.locator('main').innerText(), /Or sign in with your email and password:/);
    await assertAxe(page, `sign-in page with single sign-on at ${width}`);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no horizontal scroll',
    );
    const box = (await button.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= width, 'the button fits the width');
    await screenshot(page, `sso-login-${width}`);
    // The first Tab lands on the button: it comes before the password form.
    await page.keyboard.press('Tab');
    assert.is(await focusedElement(page), 'button:Sign in with single sign-on');
    await page.keyboard.press('Enter');
    await atProvider(context, 'owner');
    await page.waitForURL(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Forms' }).waitFor();
    // The provider page's web font, refused by loopbackOnly, is the one failed load allowed.
    assert.equal(
      errors.filter((e) => e !== 'Failed to load resource: net::ERR_FAILED'),
      [],
    );
    await closePage(page);
    await context.close();
  });
}

sso('at 390 px: an address without an account gets a page that names it', async () => {
  const context = await loopbackOnly(390);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await atProvider(context, 'stranger');
  await page.waitForURL(`${server.url}/admin/oidc/callback**`);
  assert.is(await page.locator('h1').textContent(), 'No account here');
  assert.match(
    await page.locator('main').innerText(),
    /No account here for ada@example\.com\. Ask an owner to invite you\./,
  );
  await assertAxe(page, 'refusal page at 390');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await screenshot(page, 'sso-refused-390');
  await closePage(page);
  await context.close();
});

sso.run();
