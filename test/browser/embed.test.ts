// The embed script on a page served from another origin (another port), in Chromium: the iframe mode
// that grows with the form and follows a redirect, the strict message check, and the inline mode in a
// shadow root that takes the host's theme variables but not its other styles.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();

const publish = async (body: Record<string, unknown>) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition(), ...body } }))
    .json as { form_id: string };
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** A page of the host site: some content around the embed snippet. */
function hostPage(path: string, snippet: string, head = '') {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title><link rel="icon" ` +
      `href="data:,"><style>body{font-family:Georgia,serif;margin:2rem;max-width:40rem}input{background:#fdd ` +
      `!important}</style>${head}</head><body><main><h1>Our host site</h1><p>Write to us:</p>${snippet}<p ` +
      `id="after">Text after the form.</p></main></body></html>`,
  );
  return `${hostUrl}${path}`;
}
const frameHeight = (page: Page) =>
  page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);

const embed = suite('embed');
embed.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const body =
      pages.get(req.url ?? '') ??
      (req.url === '/landed' ? '<!doctype html><title>Landed</title><p>Landed</p>' : undefined);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
embed.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server.stop();
});

embed('iframe mode: the hosted page in an iframe that grows with the form; submit inside it', async () => {
  const { form_id } = await publish({ success_message: 'Thank you, host!' });
  const url = hostPage(
    '/iframe.html',
    `<script src="${server.url}/embed.js" data-form="${form_id}" data-title="Contact form"></script>`,
  );
  const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = pageErrors(page);
  await page.goto(url);
  const iframe = page.locator('iframe');
  assert.is(await iframe.getAttribute('title'), 'Contact form');
  assert.is(await iframe.getAttribute('src'), `${server.url}/f/${form_id}?embed=1`);
  const frame = page.frameLocator('iframe');
  await frame.locator('.fs-renderer-host').waitFor();
  await page.waitForFunction(() => document.querySelector('iframe')!.getBoundingClientRect().height !== 480);
  const content = await page.frames()[1].evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  assert.is(Math.round(await frameHeight(page)), content, 'resized to the form');
  assert.is(
    await page.evaluate(() => document.querySelector('#after')!.previousElementSibling!.className),
    'formstead-embed',
    'placed where the script tag is',
  );
  await screenshot(page, 'embed-iframe');
  await frame.getByRole('button', { name: 'Send' }).click();
  await page.waitForFunction((h) => document.querySelector('iframe')!.getBoundingClientRect().height > h, content);
  await frame.getByLabel('Name').fill('Ada');
  await frame.getByLabel('Email').fill('ada@example.com');
  await frame.getByRole('button', { name: 'Send' }).click();
  await frame.locator('.fs-success-message').waitFor();
  assert.is(await frame.locator('.fs-success-message').textContent(), 'Thank you, host!');
  await page.waitForFunction((h) => document.querySelector('iframe')!.getBoundingClientRect().height < h, content, {
    timeout: 5000,
  });
  assert.equal((await stored(form_id))[0].values, { name: 'Ada', email: 'ada@example.com' });
  assert.equal(errors, []);
  await closePage(page);
});

embed('iframe mode: only exact messages from the iframe count', async () => {
  const { form_id } = await publish({});
  const url = hostPage('/messages.html', `<script src="${server.url}/embed.js" data-form="${form_id}"></script>`);
  const page = await browser.newPage();
  await page.goto(url);
  await page.frameLocator('iframe').locator('.fs-renderer-host').waitFor();
  await page.waitForFunction(() => document.querySelector('iframe')!.getBoundingClientRect().height !== 480);
  const before = await frameHeight(page);
  await page.evaluate(() => window.postMessage({ type: 'formstead:resize', height: 11 }, '*'));
  const frame = page.frames()[1];
  await frame.evaluate(() => parent.postMessage({ type: 'formstead:resize', height: 22, extra: 1 }, '*'));
  await frame.evaluate(() => parent.postMessage({ type: 'formstead:redirect', url: 'javascript:alert(1)' }, '*'));
  await page.waitForTimeout(200);
  assert.is(await frameHeight(page), before, 'the host page itself, extra keys and bad URLs are ignored');
  await frame.evaluate(() => parent.postMessage({ type: 'formstead:resize', height: 333 }, '*'));
  await page.waitForFunction(() => document.querySelector('iframe')!.getBoundingClientRect().height === 333);
  await closePage(page);
});

embed('iframe mode: after a submit the host page follows redirect_url', async () => {
  const { form_id } = await publish({ redirect_url: `${hostUrl}/landed` });
  const page = await browser.newPage();
  await page.goto(hostPage('/redirect.html', `<script src="${server.url}/embed.js" data-form="${form_id}"></script>`));
  const frame = page.frameLocator('iframe');
  await frame.getByLabel('Name').fill('Ada');
  await frame.getByLabel('Email').fill('ada@example.com');
  await Promise.all([page.waitForURL(`${hostUrl}/landed`), frame.getByRole('button', { name: 'Send' }).click()]);
  assert.is((await stored(form_id)).length, 1);
  await closePage(page);
});

embed('inline mode: the renderer in a shadow root, themed by the host, fills and submits cross-origin', async () => {
  const { form_id } = await publish({ success_message: 'Inline thanks' });
  const url = hostPage(
    '/inline.html',
    `<script src="${server.url}/embed.js" data-form="${form_id}" data-mode="inline"></script>`,
    '<style>.formstead-embed{--fs-accent:#b0228c;--fs-radius:2px}</style>',
  );
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  const errors = pageErrors(page);
  await page.goto(url);
  await page.locator('.fs-renderer-host').waitFor();
  assert.ok(
    await page.evaluate(() => !!document.querySelector('.formstead-embed')!.shadowRoot),
    'mounted in a shadow root',
  );
  assert.is(
    await page.evaluate(() => document.querySelectorAll('.fs-form').length),
    0,
    'nothing of the form in the light DOM',
  );
  const look = await page.evaluate(() => {
    // No named helper inside: tsx would wrap it with a __name() call that does not exist in the page.
    const root = document.querySelector('.formstead-embed')!.shadowRoot!;
    const [button, input] = ['.fs-submit', '.fs-input'].map((sel) => getComputedStyle(root.querySelector(sel)!));
    return { button: button.backgroundColor, radius: input.borderRadius, input: input.backgroundColor };
  });
  assert.equal(
    look,
    { button: 'rgb(176, 34, 140)', radius: '2px', input: 'rgb(255, 255, 255)' },
    'host variables apply; host input styles do not',
  );
  await screenshot(page, 'embed-inline');
  await page.getByLabel('Name').fill('Grace');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.is(await page.locator('.fs-success-message').textContent(), 'Inline thanks');
  assert.equal((await stored(form_id))[0].values, { name: 'Grace', email: 'grace@example.com' });
  assert.equal(errors, []);
  await closePage(page);
});

embed('inline mode: an unclaimed form carries the Unverified banner and its report link', async () => {
  const r = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  const page = await browser.newPage();
  await page.goto(
    hostPage(
      '/inline-unclaimed.html',
      `<script src="${server.url}/embed.js" data-form="${r.json.form_id}" data-mode="inline"></script>`,
    ),
  );
  await page.locator('.fs-banner').waitFor();
  assert.match((await page.locator('.fs-banner').textContent())!, /Unverified form/);
  assert.is(
    await page.getByRole('link', { name: 'Report abuse' }).getAttribute('href'),
    `${server.url}/f/${r.json.form_id}/report`,
  );
  await closePage(page);
});

embed.run();
