// A hidden field's settings in the builder (issue 34): they say the field is filled from `?<key>=` in the form's
// link and show that link (the form's real address) with a Copy button; the link opened with a value fills the
// answer. At 390 and 1280 px, nothing wider than the screen, axe clean. Screenshots:
// test/artifacts/builder-hidden-{390,1280}.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const t = suite('builder: where a hidden field gets its value');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const definition = {
  id: 'signup',
  title: 'Sign up',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name' },
    { key: 'campaign', type: 'hidden', label: 'Campaign' },
  ],
};

t('the editor names ?campaign= and shows the form’s link to copy; the link fills the answer', async () => {
  const created = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  assert.is(created.status, 201, created.text);
  const id = created.json.form_id as string;
  const link = `${created.json.hosted_url}?campaign=`;
  for (const width of [1280, 390]) {
    const { page, errors } = await signedInPage(browser, server.url, cookie, width);
    await page.goto(`${server.url}/admin/forms/${id}/edit`);
    await page.getByRole('navigation', { name: 'Form outline' }).locator('.b-select', { hasText: 'Campaign' }).click();
    const source = page.locator('.b-hidden-source');
    await source.getByText(link).waitFor();
    assert.match(
      (await source.innerText()).replace(/\s+/g, ' '),
      /^Where its value comes from Filled from \?campaign=… in the form's link\./,
    );
    await source.getByRole('button', { name: 'Copy link' }).click();
    await source.getByRole('button', { name: /Copied/ }).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
    await assertAxe(page, `hidden field settings at ${width} px`);
    await source.scrollIntoViewIfNeeded();
    await screenshot(page, `builder-hidden-${width}`);
    await source.screenshot({ path: `test/artifacts/builder-hidden-source-${width}.png` });
    assert.equal(errors, []);
    await closePage(page);
    await page.context().close();
  }
  // The link does what the editor says.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${link}newsletter`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByLabel('Your name').fill('Ada');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success').waitFor();
  const answers = (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions;
  assert.equal(answers[0].values, { name: 'Ada', campaign: 'newsletter' });
  await closePage(page);
  await context.close();
});

t.run();
