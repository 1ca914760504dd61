// Pictures in the panel, in Chromium at 390 px against the bundle: in the builder a field gets a picture
// by dropping a file and by the file input (reached with the keyboard), shows it, asks for its alt
// text, publishes it, and removes it; a file that is no image is refused in words; Settings › Look
// uploads and removes the logo. Nothing wider than the phone, axe clean, screenshots.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import { fixture, gif1x1 } from '../helpers/images.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];

const t = suite('pictures in the builder and the Look settings');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 390, { height: 844, bypassCSP: true }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const definition = {
  id: 'pics',
  title: 'Pictures',
  submit: { label: 'Send' },
  fields: [{ key: 'name', type: 'text', label: 'Your name' }],
};

const publishedField = async (id: string) =>
  (await call(server.url, 'GET', `/v1/f/${id}/definition`)).json.definition.fields[0] as Record<string, unknown>;
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

/** Drops `bytes` as a file named `name` on the picture's drop zone, as a drag from the desktop does. */
async function dropFile(bytes: Buffer, name: string, type: string) {
  await page.locator('.b-picture .image-drop').evaluate(
    (zone, [b64, name, type]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [bytes.toString('base64'), name, type],
  );
}

t('a field picture: refused SVG in words, dropped PNG shown, alt text required, published, removed', async () => {
  const created = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  assert.is(created.status, 201, created.text);
  const id = created.json.form_id as string;
  await page.goto(`${server.url}/admin/forms/${id}/edit`);
  await page.getByRole('navigation', { name: 'Form outline' }).locator('.b-select', { hasText: 'Your name' }).click();
  const picture = page.getByRole('group', { name: 'Picture' });
  await picture.waitFor();

  await dropFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png', 'image/png');
  await picture
    .locator('.field-problem')
    .getByText(/is not a PNG, JPEG, WebP or GIF image/)
    .waitFor();
  // Chromium logs the refused upload's 422 as a console error (its event may come after the page shows the
  // refusal; each round trip to the page lets it through): that one was expected.
  for (let i = 0; i < 100 && errors.length === 0; i++) await page.evaluate(() => 0);
  assert.equal(errors.splice(0), [
    'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
  ]);

  await dropFile(fixture('png'), 'map.png', 'image/png');
  const preview = picture.locator('img.image-preview');
  await preview.waitFor();
  assert.match((await preview.getAttribute('src'))!, /^\/i\/[0-9a-f-]{36}$/);
  assert.ok(await preview.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 12), 'the preview loads');
  // Publishing needs the alt text: the builder says so under its input.
  const alt = picture.getByLabel('What the picture shows (alt text, required)');
  await picture.getByText('a field with an image needs imageAlt: what the picture shows').first().waitFor();
  await alt.fill('A map of the venue');
  // The preview of the form shows the picture above the question.
  await page.locator('.b-frame img.fs-field-image[alt="A map of the venue"]').waitFor();
  assert.ok(await noSidewaysScroll(), 'nothing wider than the phone');
  await assertAxe(page, 'builder picture 390');
  await screenshot(page, 'images-builder-390');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.locator('.b-published').getByText('Published: version 2.').waitFor();
  const published = await publishedField(id);
  assert.equal([published.image, published.imageAlt], [await preview.getAttribute('src'), 'A map of the venue']);

  await picture.getByRole('button', { name: 'Remove picture' }).click();
  await picture.getByLabel('Add picture').waitFor();
  assert.is(await alt.count(), 0, 'the alt text goes with the picture');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.locator('.b-published').getByText('Published: version 3.').waitFor();
  const removed = await publishedField(id);
  assert.equal([removed.image, removed.imageAlt], [undefined, undefined]);
  assert.equal(errors, []);
});

t('the file input is reached with the keyboard and takes a picture', async () => {
  const created = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  const id = created.json.form_id as string;
  await page.goto(`${server.url}/admin/forms/${id}/edit`);
  await page.getByRole('navigation', { name: 'Form outline' }).locator('.b-select', { hasText: 'Your name' }).click();
  const input = page.getByLabel('Add picture');
  await page.getByLabel('Help text').focus();
  // Past the help text's "Insert answer" menu button, the next stop is the file input.
  let reached = false;
  for (let i = 0; i < 3 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await input.evaluate((el) => el === document.activeElement);
  }
  assert.ok(reached, 'Tab from Help text reaches Add picture');
  await input.setInputFiles({ name: 'dot.gif', mimeType: 'image/gif', buffer: gif1x1 });
  await page.locator('.b-picture img.image-preview').waitFor();
  assert.equal(errors, []);
});

t('Settings › Look: a logo uploaded, saved, shown on the hosted page, then removed', async () => {
  const created = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  const id = created.json.form_id as string;
  await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
  const add = page.getByLabel('Add logo');
  await add.waitFor();
  await add.setInputFiles({ name: 'logo.webp', mimeType: 'image/webp', buffer: fixture('webp') });
  await page.locator('.image-picker img.image-preview').waitFor();
  assert.ok(await noSidewaysScroll(), 'nothing wider than the phone');
  await assertAxe(page, 'look logo 390');
  await screenshot(page, 'images-look-logo-390');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(async (id) => {
    const r = await fetch(`/v1/f/${id}/definition`);
    return (await r.json()).theme?.logo?.startsWith('/i/');
  }, id);
  const hosted = await (await fetch(`${server.url}/f/${id}`)).text();
  assert.match(hosted, /<img class="fs-logo" src="\/i\/[0-9a-f-]{36}" alt="" width="12" height="7">/);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(async (id) => {
    const r = await fetch(`/v1/f/${id}/definition`);
    return !(await r.json()).theme?.logo;
  }, id);
  assert.equal(errors, []);
});

t.run();
