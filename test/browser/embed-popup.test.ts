// The embed's popup and slider modes on a page of another origin, in Chromium at 390 x 844 and
// 1280 x 800: a button opens the form in a modal dialog labelled by the form's title; focus moves in and
// Tab cycles inside it; Escape closes it (pressed on the host page or inside the form) and focus returns
// to the button; axe finds nothing serious; a response sent from the dialog is stored; the prefill, the host
// page's query and the language reach the form inside, Close is in the form's language, the title shows once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();

const publish = async () => {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ title: 'Write to the bakery' }) },
  });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};

/** A host page with a link before and after the embed, so a focus leak would land somewhere visible. */
function hostPage(path: string, snippet: string) {
  pages.set(
    path,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bakery</title><link rel="icon" ' +
      `href="data:,"></head><body><main><h1>The bakery</h1><p><a href="#before">Before</a></p>${snippet}` +
      '<p><a href="#after">After</a></p></main></body></html>',
  );
  return `${hostUrl}${path}`;
}

/** What has focus on the host page: the dialog's Close, the form's iframe, or something outside. */
const focusSpot = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el?.closest('dialog')) return `outside:${el?.tagName ?? 'none'}`;
    return el.tagName === 'IFRAME' ? 'form' : (el.textContent ?? el.tagName);
  });

const t = suite('embed popup and slider');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
t.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server?.stop();
});

for (const [mode, width, height] of [
  ['popup', 1280, 800],
  ['popup', 390, 844],
  ['slider', 1280, 800],
  ['slider', 390, 844],
] as const) {
  t(`${mode} at ${width} px: a labelled modal dialog, focus kept inside, Escape closes, focus returns`, async () => {
    const id = await publish();
    const url = hostPage(
      `/${mode}-${width}.html`,
      `<script src="${server.url}/embed.js" data-form="${id}" data-mode="${mode}" ` +
        'data-button-text="Order a cake"></script>',
    );
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(url);
    const opener = page.getByRole('button', { name: 'Order a cake' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Write to the bakery' });
    await dialog.waitFor();
    assert.is(await dialog.getAttribute('aria-modal'), 'true');
    assert.is(await focusSpot(page), 'Close', 'focus moves into the dialog');
    await page.frameLocator('dialog iframe').getByLabel('Name').waitFor();
    await assertAxe(page, `${mode} at ${width} px`);
    await screenshot(page, `embed-${mode}-${width}`);

    // Tab through the form and past it: focus comes back to Close, never to the page behind.
    const spots: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      spots.push(await focusSpot(page));
    }
    assert.ok(
      spots.every((s) => !s.startsWith('outside')),
      `focus stayed inside: ${spots.join(', ')}`,
    );
    assert.ok(spots.includes('form') && spots.includes('Close'), `Tab cycles: ${spots.join(', ')}`);
    // Shift+Tab from Close goes round to the form, not out.
    await page.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    assert.is(await focusSpot(page), 'form');

    await page.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await opener.evaluate((b) => b === document.activeElement), 'focus back on the button');

    // Escape pressed inside the form closes the dialog too.
    await opener.click();
    await dialog.waitFor();
    await page.frameLocator('dialog iframe').getByLabel('Name').click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await opener.evaluate((b) => b === document.activeElement), 'focus back on the button');
    assert.equal(errors, []);
    await context.close();
  });
}

t('a response sent from the popup is stored', async () => {
  const id = await publish();
  const url = hostPage(
    '/send.html',
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="popup"></script>`,
  );
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByRole('button', { name: 'Open the form' }).click();
  const form = page.frameLocator('dialog iframe');
  // The page's script swaps its renderer in for the server-rendered form: fill the form that stays.
  await form.locator('.fs-renderer-host').waitFor();
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.locator('.fs-success-message').waitFor();
  const list = await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY });
  assert.equal(
    list.json.submissions.map((s: { values: Record<string, unknown> }) => s.values.name),
    ['Ada'],
  );
  await page.close();
});

t(
  'popup with data-prefill, the host query and data-lang="de": all reach the form; Close in German; one title',
  async () => {
    const definition = contactDefinition({
      title: 'Write to the bakery',
      lang: 'en',
      translations: { de: { title: 'Schreib der Bäckerei', 'fields.name.label': 'Ihr Name' } },
    });
    const id = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
    const url = hostPage(
      '/popup-de.html?email=ada%40example.com',
      `<script src="${server.url}/embed.js" data-form="${id}" data-mode="popup" data-lang="de" ` +
        `data-pass-query="true" data-prefill='{"name": "Ada"}'></script>`,
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Open the form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schreib der Bäckerei' });
    await dialog.waitFor();
    assert.is(await page.locator('.formstead-close').textContent(), 'Schließen');
    const form = page.frameLocator('dialog iframe');
    await form.locator('.fs-renderer-host').waitFor();
    assert.is(await form.getByLabel('Ihr Name').inputValue(), 'Ada', 'data-prefill');
    assert.is(await form.getByLabel('Email').inputValue(), 'ada@example.com', "the host page's query");
    assert.is(await form.locator('h1').count(), 0, 'the dialog names the form; the page inside does not again');
    assert.equal(errors, []);
    await page.close();
  },
);

t('inline mode: one question per screen, and the answers come back after a reload', async () => {
  const definition = contactDefinition({ title: 'Write to the bakery', layout: 'one_per_screen' });
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  const id = r.json.form_id as string;
  const url = hostPage(
    '/inline.html',
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline"></script>`,
  );
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = pageErrors(page);
  await page.goto(url);
  await page.getByLabel('Name').fill('Ada');
  await page.keyboard.press('Enter');
  await page.getByLabel('Email').waitFor();
  assert.is(await page.getByLabel('Name').count(), 0, 'one question at a time');
  await page.getByLabel('Email').fill('ada@exa');
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('ada@exa'), `formstead:answers:${id}`);
  await page.reload();
  await page.getByText('Your answers from last time are back.').waitFor();
  assert.is(await page.getByLabel('Email').inputValue(), 'ada@exa', 'back on the question the person was on');
  assert.equal(errors, []);
  await page.close();
});

t('inline mode with data-lang="de": German labels and submit button', async () => {
  const definition = contactDefinition({
    lang: 'en',
    translations: { de: { 'fields.name.label': 'Ihr Name', 'fields.email.label': 'E-Mail', 'submit.label': 'Senden' } },
  });
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
  const id = r.json.form_id as string;
  const url = hostPage(
    '/inline-de.html',
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline" data-lang="de"></script>`,
  );
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(url);
  await page.getByLabel('Ihr Name').waitFor();
  assert.is(await page.getByLabel('E-Mail').count(), 1);
  assert.is(await page.getByRole('button', { name: 'Senden' }).count(), 1);
  assert.is(await page.getByLabel('Name', { exact: true }).count(), 0, 'no English label left');
  assert.equal(errors, []);
  await page.close();
});

t.run();
