// Pictures on the hosted page, in Chromium at 390 px: a field's picture above it with its alt text, lazy,
// with width and height (no shift as it loads) and never wider than the phone; options' pictures above
// their labels; the theme's logo at the top. The same markup without JavaScript; the inline embed on another
// site loads them from the form's server; axe clean; screenshots.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { publishPlainForm, uploadImage } from '../helpers/images.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let formId: string;
const urls: Record<string, string> = {};

/** A PNG Chromium draws: `width` x `height`, a colour band and a label, so a screenshot shows which is which. */
async function drawn(page: Page, width: number, height: number, colour: string, label: string): Promise<Buffer> {
  const data = await page.evaluate(
    ([w, h, c, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w as number;
      canvas.height = h as number;
      const x = canvas.getContext('2d')!;
      x.fillStyle = c as string;
      x.fillRect(0, 0, w as number, h as number);
      x.fillStyle = '#fff';
      x.font = `${Math.round((h as number) / 3)}px sans-serif`;
      x.fillText(text as string, (w as number) / 10, ((h as number) * 2) / 3);
      return canvas.toDataURL('image/png');
    },
    [width, height, colour, label],
  );
  return Buffer.from(data.split(',')[1], 'base64');
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Checks the pictures the page shows (with or without script) at 390 px. */
async function assertPictures(page: Page, what: string) {
  const field = page.locator('img.fs-field-image');
  assert.is(await field.count(), 1, what);
  assert.is(await field.getAttribute('alt'), 'A map of the venue', what);
  assert.is(await field.getAttribute('loading'), 'lazy', what);
  assert.equal([await field.getAttribute('width'), await field.getAttribute('height')], ['1200', '400'], what);
  assert.is(await field.getAttribute('src'), urls.map, what);
  const box = (await field.boundingBox())!;
  assert.ok(box.width <= 390 - 16, `${what}: the picture fits the phone (${box.width} px)`);
  assert.ok(Math.abs(box.height - box.width / 3) < 2, `${what}: the picture keeps its proportions`);
  const options = page.locator('img.fs-option-image');
  assert.is(await options.count(), 2, what);
  assert.equal(await options.evaluateAll((els) => els.map((e) => e.getAttribute('alt'))), ['', ''], what);
  const logo = page.locator('header.fs-page-header img.fs-logo');
  assert.is(await logo.getAttribute('src'), urls.logo, what);
  assert.equal([await logo.getAttribute('width'), await logo.getAttribute('height')], ['240', '80'], what);
  // Loaded for real (the lazy picture is near the top, so Chromium fetches it).
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.fs-logo, img.fs-field-image')].every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  );
  assert.ok(await noHorizontalScroll(page), `${what}: no sideways scroll at 390 px`);
}

const pictures = suite('hosted page: pictures');
pictures.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  formId = await publishPlainForm(server.url);
  const page = await browser.newPage();
  const images: [string, number, number, string, string][] = [
    ['map', 1200, 400, '#2f5bea', 'Venue map'],
    ['logo', 240, 80, '#1a7f4b', 'Logo'],
    ['tea', 480, 240, '#a3561b', 'Tea'],
    ['coffee', 480, 240, '#5b3a29', 'Coffee'],
  ];
  for (const [name, w, h, colour, label] of images) {
    const r = await uploadImage(server.url, formId, await drawn(page, w, h, colour, label));
    assert.is(r.status, 201, r.text);
    assert.equal([r.json.width, r.json.height], [w, h]);
    urls[name] = r.json.url;
  }
  await closePage(page);
  const definition = {
    id: 'venue',
    title: 'Workshop day',
    submit: { label: 'Send' },
    fields: [
      { key: 'name', type: 'text', label: 'Your name', image: urls.map, imageAlt: 'A map of the venue' },
      {
        key: 'drink',
        type: 'radio',
        label: 'Your drink',
        options: [
          { value: 'tea', label: 'Tea', image: urls.tea },
          { value: 'coffee', label: 'Coffee', image: urls.coffee },
          { value: 'none', label: 'Nothing, thanks' },
        ],
      },
    ],
  };
  const published = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { form_id: formId, definition },
  });
  assert.is(published.status, 201, published.text);
  const themed = await call(server.url, 'PATCH', `/v1/forms/${formId}`, {
    key: OWNER_KEY,
    body: { theme: { logo: urls.logo } },
  });
  assert.is(themed.status, 200, themed.text);
});
pictures.after(async () => {
  await browser?.close();
  await server.stop();
});

pictures('with JavaScript at 390 px: field, option and logo pictures, axe clean, the answer sent', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  await assertPictures(page, 'live');
  await assertAxe(page, 'pictures 390', { headingOne: true });
  await screenshot(page, 'images-hosted-390');
  // A picture in a label still picks its option.
  await page.locator('img.fs-option-image').nth(1).click();
  assert.ok(await page.getByRole('radio', { name: 'Coffee' }).isChecked());
  await page.getByLabel('Your name').fill('Ada');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success').waitFor();
  assert.equal(errors, []);
  await closePage(page);
  await context.close();
});

pictures(
  'without JavaScript: the same pictures with their sizes (axe runs on the live page: it needs script)',
  async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/f/${formId}`);
    await assertPictures(page, 'no script');
    await screenshot(page, 'images-hosted-nojs-390');
    await closePage(page);
    await context.close();
  },
);

pictures("the inline embed on another site loads the pictures from the form's server, with their sizes", async () => {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
    <h1>Host</h1><script src="${server.url}/embed.js" data-form="${formId}" data-mode="inline"></script></body></html>`;
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await context.newPage();
  const errors = pageErrors(tab);
  try {
    await tab.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
    await tab.locator('.fs-renderer-host').waitFor();
    const shown = await tab.waitForFunction(() => {
      const img = document
        .querySelector('.formstead-embed')!
        .shadowRoot!.querySelector<HTMLImageElement>('img.fs-field-image');
      return img?.complete && img.naturalWidth > 0 && [img.src, img.getAttribute('width'), img.getAttribute('height')];
    });
    assert.equal(await shown.jsonValue(), [server.url + urls.map, '1200', '400']);
    assert.equal(errors, []);
  } finally {
    await closePage(tab);
    await context.close();
    await new Promise((r) => host.close(r));
  }
});

pictures.run();
