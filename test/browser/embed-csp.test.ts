// The embed under a strict Content Security Policy on the host page (docs/renderer.md, "A Content
// Security Policy on the embedding page"), in Chromium: a static page on another loopback origin sends
// exactly the documented policy (`default-src 'none'` plus the mode's directives, no 'unsafe-inline');
// a person fills and sends the form in iframe, popup, slider and inline mode; the answer is stored and no
// `securitypolicyviolation` fires, in the page or in the iframe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
/** Path → [CSP, page]. */
const pages = new Map<string, [string, string]>();

/** The policies of docs/renderer.md, for a server at `s`. */
const policies = (s: string) => ({
  iframe: `default-src 'none'; script-src ${s}; frame-src ${s}`,
  popup: `default-src 'none'; script-src ${s}; frame-src ${s}; connect-src ${s}`,
  inline: `default-src 'none'; script-src ${s}; connect-src ${s}; style-src ${s}`,
});

const publish = async () => {
  const id = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json.form_id as string;
  // A theme too: the inline embed applies it as a constructed stylesheet, which must pass the policy.
  await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { theme: { accent: '#b0228c' } } });
  return id;
};
const stored = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

/** A host page with the embed snippet, served with `csp`. */
function hostPage(path: string, csp: string, snippet: string) {
  pages.set(path, [
    csp,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title></head><body><main>` +
      `<h1>A site with a strict policy</h1>${snippet}</main></body></html>`,
  ]);
  return `${hostUrl}${path}`;
}

/** Violations reported in any frame of the page, by directive and blocked address. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('reportViolation', (_source, line: string) => {
    seen.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(l: string): void }).reportViolation(
        `${location.origin}: ${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return seen;
}

const csp = suite('embed under a strict host CSP');
csp.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': page[0] });
    res.end(page[1]);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
csp.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server.stop();
});

csp('iframe mode: script-src and frame-src for the server are enough to fill and send the form', async () => {
  const id = await publish();
  const url = hostPage(
    '/iframe.html',
    policies(server.url).iframe,
    `<script src="${server.url}/embed.js" data-form="${id}" data-title="Contact form"></script>`,
  );
  const page = await browser.newPage();
  const violations = await watchViolations(page);
  const errors = pageErrors(page);
  await page.goto(url);
  const frame = page.frameLocator('iframe');
  await frame.getByLabel('Name').fill('Ada');
  await frame.getByLabel('Email').fill('ada@example.com');
  await frame.getByRole('button', { name: 'Send' }).click();
  await frame.locator('.fs-success-message').waitFor();
  // The iframe grew to the form: its resize messages got through.
  assert.ok(await page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height !== 480));
  assert.equal(
    (await stored(id)).map((s) => s.values),
    [{ name: 'Ada', email: 'ada@example.com' }],
  );
  assert.equal(violations, []);
  assert.equal(errors, []);
  await closePage(page);
});

csp('inline mode: script-src, connect-src and style-src for the server; no unsafe-inline', async () => {
  const id = await publish();
  const url = hostPage(
    '/inline.html',
    policies(server.url).inline,
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline"></script>`,
  );
  const page = await browser.newPage();
  const violations = await watchViolations(page);
  const errors = pageErrors(page);
  await page.goto(url);
  await page.getByLabel('Name').fill('Grace');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Topic').selectOption('support');
  // form.css and the theme's constructed sheet both applied: the accent colours the button.
  const button = await page.evaluate(() => {
    const root = document.querySelector('.formstead-embed')!.shadowRoot!;
    return getComputedStyle(root.querySelector('.fs-submit')!).backgroundColor;
  });
  assert.is(button, 'rgb(176, 34, 140)');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.equal(
    (await stored(id)).map((s) => s.values),
    [{ name: 'Grace', email: 'grace@example.com', topic: 'support' }],
  );
  assert.equal(violations, []);
  assert.equal(errors, []);
  await closePage(page);
});

csp('popup and slider modes: script-src, frame-src and connect-src for the server', async () => {
  for (const mode of ['popup', 'slider']) {
    const id = await publish();
    const url = hostPage(
      `/${mode}.html`,
      policies(server.url).popup,
      `<script src="${server.url}/embed.js" data-form="${id}" data-mode="${mode}"></script>`,
    );
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    const errors = pageErrors(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Open the form' }).click();
    // Named after the form's title: the definition's fetch got through.
    await page.getByRole('dialog', { name: 'Contact us' }).waitFor();
    const frame = page.frameLocator('dialog iframe');
    // The page's script swaps its form in for the server-rendered one: type into the form that stays.
    await frame.locator('.fs-renderer-host').waitFor();
    await frame.getByLabel('Name').fill('Ada');
    await frame.getByLabel('Email').fill('ada@example.com');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.locator('.fs-success-message').waitFor();
    assert.equal(
      (await stored(id)).map((s) => s.values),
      [{ name: 'Ada', email: 'ada@example.com' }],
      mode,
    );
    assert.equal(violations, [], mode);
    assert.equal(errors, [], mode);
    await closePage(page);
  }
});

csp('the policy is really enforced: inline mode without connect-src is blocked and reported', async () => {
  const id = await publish();
  const url = hostPage(
    '/inline-no-connect.html',
    `default-src 'none'; script-src ${server.url}; style-src ${server.url}`,
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline"></script>`,
  );
  const page = await browser.newPage();
  const violations = await watchViolations(page);
  await page.goto(url);
  await page.getByText('The form could not be loaded.').waitFor();
  assert.ok(
    violations.some((v) => v.includes('connect-src') && v.includes('/definition')),
    violations.join('\n'),
  );
  await closePage(page);
});

csp.run();
