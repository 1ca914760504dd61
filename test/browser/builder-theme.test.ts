// The form's theme in the panel, in Debian's Chromium against the bundle: the builder's preview shows the
// form in its theme setting (as the hosted page and the inline embed do), a new draft in the default
// look, and Settings › Look shows a sample field and button that follow the accent before saving.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const t = suite('builder and settings: the form theme');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The preview's submit button: its background colour, corner radius and whether its font is a serif. */
const previewButton = () =>
  page.locator('.b-frame button[type="submit"]').evaluate((b) => {
    const s = getComputedStyle(b);
    return { background: s.backgroundColor, radius: s.borderTopLeftRadius, serif: /Georgia/.test(s.fontFamily) };
  });

t('the preview uses the form theme; a new draft the default look', async () => {
  const definition = {
    id: 'themed',
    title: 'Themed',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Your name' }],
  };
  const theme = { accent: '#b0228c', radius: 2, font: 'serif', mode: 'dark' };
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  assert.is(r.status, 201, r.text);
  const id = r.json.form_id as string;
  assert.is((await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { theme } })).status, 200);

  await page.goto(`${server.url}/admin/forms/${id}/edit`);
  await page.locator('.b-frame button[type="submit"]').waitFor();
  assert.equal(await previewButton(), { background: 'rgb(176, 34, 140)', radius: '2px', serif: true });
  assert.ok(await page.locator('.b-frame.fs-dark').count(), 'the theme forces dark mode on the preview');

  // A new blank draft has no theme: the renderer's default accent.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'New form' }).click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .click();
  await page.waitForURL(/\/admin\/drafts\//);
  await page.locator('.b-frame button[type="submit"]').waitFor();
  const plain = await previewButton();
  assert.not.equal(plain.background, 'rgb(176, 34, 140)', 'a new draft is not themed');
  assert.is(await page.locator('.b-frame.fs-dark').count(), 0);
  assert.equal(errors, []);
});

t('Settings › Look previews the accent before saving', async () => {
  const definition = {
    id: 'look',
    title: 'Look',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Your name' }],
  };
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  assert.is(r.status, 201, r.text);
  await page.goto(`${server.url}/admin/forms/${r.json.form_id}?tab=settings`);
  const sample = page.getByRole('group', { name: 'Preview of the look' }).getByRole('button', { name: 'Submit' });
  await sample.waitFor();
  const colour = () => sample.evaluate((b) => getComputedStyle(b).backgroundColor);
  assert.is(await colour(), 'rgb(47, 91, 234)', 'the default accent');
  await page.locator('#theme_accent').evaluate((el, v) => {
    const input = el as HTMLInputElement;
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, '#1a7f37');
  assert.is(await colour(), 'rgb(26, 127, 55)', 'the picked accent, not yet saved');
  await page.locator('#theme_radius').fill('20');
  assert.is(await sample.evaluate((b) => getComputedStyle(b).borderTopLeftRadius), '20px');
  assert.equal(errors, []);
});

t.run();
