// A plain HTML form on another site, no JavaScript at all (docs/api.md "HTML form posts"), in Chromium:
// a static page on another loopback origin posts to /v1/f/{id} with a named submit button, an input
// the form does not have and `_next` back to that site; the person lands there and the answer is
// stored without the extra input. Without `_next` the thank-you page leads back to the page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let site: http.Server;
let siteUrl: string;
const pages = new Map<string, string>();

const publish = async () =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;
const stored = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** A page of the other site with a plain form posting to the form `id`; `extra` goes inside the form. */
function formPage(path: string, id: string, extra: string) {
  pages.set(
    path,
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact the bakery</title>' +
      '<link rel="icon" href="data:,"></head><body>' +
      `<h1>Contact the bakery</h1><form action="${server.url}/v1/f/${id}" method="post">` +
      '<label>Name <input name="name" required></label>' +
      '<label>Email <input name="email" type="email" required></label>' +
      '<input type="hidden" name="campaign" value="spring-flyer">' +
      `${extra}<button name="send" value="1">Send it</button></form></body></html>`,
  );
  return `${siteUrl}${path}`;
}

const post = suite('plain HTML form post from another site');
post.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  const icon = '<link rel="icon" href="data:,">';
  pages.set('/sent.html', `<!doctype html><title>Sent</title>${icon}<h1>Thanks, we got it</h1>`);
  pages.set('/', `<!doctype html><title>The bakery</title>${icon}<h1>The bakery</h1>`);
  site = http.createServer((req, res) => {
    const body = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
post.after(async () => {
  await browser?.close();
  await new Promise((r) => site?.close(r));
  await server.stop();
});

post('with _next back to the same site: the person lands there; the extra input is not stored', async () => {
  const id = await publish();
  const url = formPage('/contact.html', id, `<input type="hidden" name="_next" value="${siteUrl}/sent.html?ok=1">`);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(url);
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await Promise.all([
    page.waitForURL(`${siteUrl}/sent.html?ok=1`),
    page.getByRole('button', { name: 'Send it' }).click(),
  ]);
  assert.is(await page.locator('h1').textContent(), 'Thanks, we got it');
  assert.equal(
    (await stored(id)).map((s) => s.values),
    [{ name: 'Ada', email: 'ada@example.com' }],
  );
  assert.equal(errors, []);
  await closePage(page);
});

post('without _next: the thank-you page, whose "Back to" link returns to the page the form is on', async () => {
  const id = await publish();
  const url = formPage('/plain.html', id, '<input type="text" name="_gotcha" tabindex="-1" hidden>');
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByLabel('Name').fill('Grace');
  await page.getByLabel('Email').fill('grace@example.com');
  await Promise.all([
    page.waitForURL((u) => u.pathname === `/f/${id}/thanks`),
    page.getByRole('button', { name: 'Send it' }).click(),
  ]);
  assert.is(await page.getByRole('heading', { name: 'Thank you!' }).count(), 1);
  const back = page.getByRole('link', { name: `Back to 127.0.0.1:${new URL(siteUrl).port}` });
  // The site's own page sends its origin only (the browser's default referrer policy across sites).
  await Promise.all([page.waitForURL(`${siteUrl}/`), back.click()]);
  assert.equal(
    (await stored(id)).map((s) => s.values),
    [{ name: 'Grace', email: 'grace@example.com' }],
    'an empty _gotcha is an answer like any other',
  );
  await closePage(page);
});

post("_next to a site the post did not come from is not followed: the form's own thank-you page", async () => {
  const id = await publish();
  const url = formPage('/evil.html', id, '<input type="hidden" name="_next" value="https://evil.example/">');
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByLabel('Name').fill('Eve');
  await page.getByLabel('Email').fill('eve@example.com');
  await Promise.all([
    page.waitForURL((u) => u.pathname === `/f/${id}/thanks`),
    page.getByRole('button', { name: 'Send it' }).click(),
  ]);
  assert.is((await stored(id)).length, 1);
  await closePage(page);
});

post.run();
