// End-to-end encrypted forms in Chromium: the hosted page, the inline and popup embeds on another site and
// the offline queue encrypt the answers in the browser (the key pair made here with WebCrypto, as the panel
// makes it) and post only the envelope; the server stores it, the private key opens it to what was typed,
// and no answer is ever in a request body or in localStorage in the clear; `formstead decrypt` opens the
// export. A form without encryption never loads the envelope code.
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors, screenshot, withoutOfflineFailures } from '../helpers/browser.ts';
import { e2eKeyPair, openEnvelope, runDecrypt } from '../helpers/e2e-keys.ts';
import { startServer, type RunningServer, tempDataDir } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
let keys: Awaited<ReturnType<typeof e2eKeyPair>>;
const WAITING = 'Saved on this device. It will be sent when you are back online.';

/** A published form with encryption on (the public key set by the owner's key, as the panel sets it). */
async function encryptedForm(): Promise<string> {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition(), success_message: 'Sealed, thank you.' },
  });
  assert.is(r.status, 201, r.text);
  const id = r.json.form_id as string;
  const set = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key: OWNER_KEY,
    body: { encryption: { public_key: keys.publicJwk } },
  });
  assert.is(set.status, 200, set.text);
  return id;
}

/** The form's stored answers, each opened with the private key. */
async function opened(formId: string) {
  const list = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  const subs = list.json.submissions as { values: object; encrypted: any }[];
  for (const s of subs) assert.equal(s.values, {}, 'no values on the server');
  return Promise.all(subs.map((s) => openEnvelope(s.encrypted, keys.privateJwk, formId)));
}

/** Every answer post's body and every asset the page fetched. */
function watch(page: Page) {
  const bodies: string[] = [];
  const assets: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/v1\/f\/[^/]+$/.test(r.url())) bodies.push(r.postData() ?? '');
    if (r.url().includes('/assets/')) assets.push(new URL(r.url()).pathname);
  });
  return { bodies, assets };
}

/** Asserts an answer post carried the envelope and the anti-spam fields only. */
function onlyEnvelope(body: string, canary: string) {
  assert.not.ok(body.includes(canary), 'the typed answer is not in the post');
  assert.equal(Object.keys(JSON.parse(body)).sort(), ['_hp', '_rt', 'encrypted']);
}

const localStorageText = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

const t = suite('encrypted forms in Chromium');
t.before(async () => {
  keys = await e2eKeyPair('EC');
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const id = query.get('form');
    const mode = query.get('mode') ?? 'inline';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">` +
        `</head><body><main><h1>Our site</h1><script src="${server.url}/embed.js" data-form="${id}" ` +
        `data-mode="${mode}"></script></main></body></html>`,
    );
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
t.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server?.stop();
});

t('the hosted page encrypts before posting; the private key opens what was typed', async () => {
  const id = await encryptedForm();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = pageErrors(page);
  const seen = watch(page);
  await page.goto(`${server.url}/f/${id}`);
  await page.waitForSelector('.fs-renderer-host');
  const canary = 'Canary-Hosted-7f3a9';
  await page.getByLabel('Name').fill(canary);
  await page.getByLabel('Email').fill('hosted@example.com');
  await page.getByLabel('Message').fill('a message only the owner reads');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.is(await page.locator('.fs-success-message').textContent(), 'Sealed, thank you.');
  await screenshot(page, 'encrypted-hosted-sent-390');
  assert.is(seen.bodies.length, 1);
  onlyEnvelope(seen.bodies[0], canary);
  assert.ok(seen.assets.includes('/assets/encrypt.js'), 'the envelope code is loaded for this form');
  assert.equal(await opened(id), [
    { name: canary, email: 'hosted@example.com', message: 'a message only the owner reads' },
  ]);
  // save_progress is off: nothing of the answers was kept on the device.
  assert.not.ok((await localStorageText(page)).includes(canary));
  // The export opens with `formstead decrypt` and the private key file.
  const dir = await tempDataDir();
  const file = path.join(dir, `${id}-submissions.jsonl`);
  const keyFile = path.join(dir, 'form-key.json');
  await writeFile(
    file,
    (await call(server.url, 'GET', `/v1/forms/${id}/submissions?format=jsonl`, { key: OWNER_KEY })).text,
  );
  await writeFile(keyFile, JSON.stringify(keys.privateJwk));
  const cli = await runDecrypt(['--key', keyFile, file]);
  assert.is(cli.code, 0, cli.err);
  assert.is(JSON.parse(cli.out).values.name, canary);
  assert.equal(errors, []);
  await closePage(page);
});

t('a form without encryption never loads the envelope code', async () => {
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } });
  const page = await browser.newPage();
  const seen = watch(page);
  await page.goto(`${server.url}/f/${r.json.form_id}`);
  await page.waitForSelector('.fs-renderer-host');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Name').fill('Plain');
  await page.getByLabel('Email').fill('plain@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.not.ok(seen.assets.includes('/assets/encrypt.js'), seen.assets.join(' '));
  assert.equal(JSON.parse(seen.bodies[0]).values, { name: 'Plain', email: 'plain@example.com' });
  await closePage(page);
});

t('the inline embed on another site encrypts in the browser too', async () => {
  const id = await encryptedForm();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = pageErrors(page);
  const seen = watch(page);
  await page.goto(`${hostUrl}/?form=${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  const canary = 'Canary-Inline-51c2e';
  await page.getByLabel('Name').fill(canary);
  await page.getByLabel('Email').fill('inline@example.com');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  await screenshot(page, 'encrypted-inline-sent-1280');
  assert.is(seen.bodies.length, 1);
  onlyEnvelope(seen.bodies[0], canary);
  assert.equal(await opened(id), [{ name: canary, email: 'inline@example.com' }]);
  assert.not.ok((await localStorageText(page)).includes(canary));
  assert.equal(errors, []);
  await closePage(page);
});

t('the popup embed (the hosted page in a frame) encrypts too', async () => {
  const id = await encryptedForm();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = pageErrors(page);
  const seen = watch(page);
  await page.goto(`${hostUrl}/?form=${id}&mode=popup`);
  await page.getByRole('button', { name: 'Open the form' }).click();
  const frame = page.frameLocator('iframe');
  await frame.locator('.fs-renderer-host').waitFor();
  const canary = 'Canary-Popup-9d1b';
  await frame.getByLabel('Name').fill(canary);
  await frame.getByLabel('Email').fill('popup@example.com');
  await frame.getByRole('button', { name: 'Send' }).click();
  await frame.locator('.fs-success-message').waitFor();
  assert.is(seen.bodies.length, 1);
  onlyEnvelope(seen.bodies[0], canary);
  assert.equal(await opened(id), [{ name: canary, email: 'popup@example.com' }]);
  assert.equal(errors, []);
  await closePage(page);
});

t('offline: the kept response is the envelope, sent once the connection returns', async () => {
  const id = await encryptedForm();
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}`);
  await page.waitForSelector('.fs-renderer-host');
  // The offline and envelope code load before and after the first render; an offline submit needs both.
  await page.waitForLoadState('networkidle');
  const canary = 'Canary-Offline-c0ffee';
  await page.getByLabel('Name').fill(canary);
  await page.getByLabel('Email').fill('offline@example.com');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText(WAITING).waitFor();
  const kept = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), `formstead:outbox:${id}`))!);
  onlyEnvelope(kept.body, canary);
  assert.not.ok((await localStorageText(page)).includes(canary), 'nothing in the clear on the device');
  assert.is((await opened(id)).length, 0);
  await context.setOffline(false);
  await page.locator('.fs-success-message').waitFor();
  assert.equal(await opened(id), [{ name: canary, email: 'offline@example.com' }]);
  // The Send while offline may send a counting beacon, which Chromium reports failed.
  assert.equal(withoutOfflineFailures(errors), []);
  await context.close();
});

t.run();
