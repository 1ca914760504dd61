// Respondents edit their answer, in Chromium against the bundle (ARCHITECTURE.md Wave 4 "Respondents edit their
// answer"), from the keyboard: the owner turns edits on and opts the webhook into submission.updated in Settings; a
// person answers on the hosted page, follows "Change your answer" from the thank-you screen, changes a value and
// sends it; the panel's answer page shows the earlier version and what changed; the same link works without
// JavaScript; the confirmation mail caught by a real SMTP server carries the link; a real HTTPS receiver that opted
// in verifies the HMAC of submission.updated, and the receiver of a form that did not opt in gets nothing but
// submission.created; both embeds (inline and iframe) show the link too. No horizontal scroll and no serious axe
// finding at 1280 and 390 px. Screenshots: test/artifacts/edits-*.png.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot, signedInPage } from '../helpers/browser.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import type { RunningServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

let server: RunningServer;
let smtp: SmtpSink;
let receiver: HttpsReceiver;
let browser: Browser;
let cookie = '';
let key = '';
let formId = '';
let plainId = '';

const stored = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${id}`, { key })).json;

/** Tabs forward until the focused element matches `selector` (at most 80 presses): the keyboard's way there. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** At 1280 and 390 px: no horizontal scroll, a screenshot, no serious axe finding. */
async function bothSizes(page: Page, name: string, headingOne = true) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    assert.ok(scroll <= inner, `${name} at ${width} px: the page is ${scroll} px wide`);
    await screenshot(page, `edits-${name}-${width}`);
    await assertAxe(page, `${name} at ${width} px`, { headingOne });
  }
  await page.setViewportSize({ width: 1280, height: 844 });
}

/** A form whose webhook goes to `path` on the receiver (which learns its secret). */
async function formWithWebhook(path: string, title: string) {
  const id = (await call(server.url, 'POST', '/v1/forms', { key, body: { definition: contactDefinition({ title }) } }))
    .json.form_id as string;
  const r = await call(server.url, 'PATCH', `/v1/forms/${id}`, {
    key,
    body: { webhook_url: receiver.url(path), confirmation_email_field: 'email' },
  });
  assert.is(r.status, 200, r.text);
  receiver.secrets.set(
    path,
    (await call(server.url, 'GET', `/v1/forms/${id}/webhook?reveal=true`, { key })).json.secret,
  );
  return id;
}

const edits = suite('respondents edit their answer');
edits.before(async () => {
  smtp = await startSmtpSink();
  receiver = await startHttpsReceiver();
  ({ server, cookie } = await startWithOwner({
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
    FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: receiver.caFile,
  }));
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  formId = await formWithWebhook('/status/200/opted', 'Support');
  plainId = await formWithWebhook('/status/200/plain', 'Plain');
  assert.is(
    (await call(server.url, 'PATCH', `/v1/forms/${plainId}`, { key, body: { allow_edit_days: 5 } })).status,
    200,
  );
  browser = await launchChromium();
});
edits.after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await receiver?.close();
});

edits('Settings: edits for N days and the webhook events, from the keyboard', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await page.getByRole('heading', { name: 'Edits and webhook events' }).waitFor();
  await tabTo(page, '#allow_edit_days');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('31');
  await page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
  await page
    .getByText(/must be 0 \(no edits\) to 30 days/)
    .first()
    .waitFor();
  await tabTo(page, '#allow_edit_days');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await tabTo(page, 'input[name="webhook_events"][value="submission.updated"]');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
  await page.locator('.save-state.ok').waitFor();
  const saved = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key })).json.settings;
  assert.equal([saved.allow_edit_days, saved.webhook_events], [3, ['submission.created', 'submission.updated']]);
  await page.getByRole('heading', { name: 'Edits and webhook events' }).scrollIntoViewIfNeeded();
  await bothSizes(page, 'settings');
  assert.equal(errors, []);
  await page.context().close();
});

edits(
  'answer, follow the edit link from the thank-you screen, change a value; the panel shows the revision',
  async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/f/${formId}`);
    await page.locator('.fs-renderer-host').waitFor();
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@example.com');
    await tabTo(page, 'textarea');
    await page.keyboard.type('My order number is 1234');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    const change = page.getByRole('link', { name: 'Change your answer' });
    await change.waitFor();
    await page.getByText(/A private link that works for 3 day\(s\)/).waitFor();
    await bothSizes(page, 'thanks', false);
    const href = (await change.getAttribute('href'))!;
    assert.match(href, new RegExp(`/f/${formId}/edit/[A-Za-z0-9_-]{32}$`));
    await change.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(href);
    await page.locator('.fs-renderer-host').waitFor();
    assert.is(await page.getByLabel('Name').inputValue(), 'Ada Lovelace', 'the form is filled with the answer');
    await bothSizes(page, 'edit-page');
    await page.locator('textarea').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('My order number is 4321');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.locator('.fs-success').waitFor();
    assert.equal(errors, []);

    const list = (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key })).json.submissions;
    assert.is(list.length, 1, 'an edit adds no answer');
    const id = list[0].id as string;
    const s = await stored(id);
    assert.is(s.values.message, 'My order number is 4321');
    assert.equal(
      s.revisions.map((r: any) => r.values.message),
      ['My order number is 1234'],
    );

    // The confirmation mail carries the same kind of private link.
    await smtp.waitFor((m) => m.some((x) => x.to.includes('ada@example.com')), 'the confirmation mail');
    const mail = smtp.mails.find((m) => m.to.includes('ada@example.com'))!;
    assert.match(mail.text, new RegExp(`/f/${formId}/edit/[A-Za-z0-9_-]{32}`));

    // Without JavaScript: the same link opens the server-rendered form, filled, and its post is an edit too.
    const nojs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plain = await nojs.newPage();
    await plain.goto(`${server.url}${new URL(href, server.url).pathname}`);
    assert.is(await plain.getByLabel('Name').inputValue(), 'Ada Lovelace');
    await plain.locator('textarea').fill('Order 4321, gift wrapped');
    await plain.getByRole('button', { name: 'Send' }).press('Enter');
    await plain.getByRole('link', { name: 'Change your answer' }).waitFor();
    await screenshot(plain, 'edits-nojs-thanks-390');
    await nojs.close();
    const after = await stored(id);
    assert.equal(
      [after.values.message, after.revisions.map((r: any) => r.values.message)],
      ['Order 4321, gift wrapped', ['My order number is 1234', 'My order number is 4321']],
    );
    await page.close();

    // The panel's answer page: the earlier versions, newest first, with what changed.
    const panel = await signedInPage(browser, server.url, cookie, 1280);
    await panel.page.goto(`${server.url}/admin/forms/${formId}/submissions/${id}`);
    const section = panel.page.getByRole('region', { name: 'Earlier versions' });
    await section.waitFor();
    const items = section.locator('.revision-list > li');
    assert.is(await items.count(), 2);
    assert.match(
      await items.nth(0).innerText(),
      /Message:\s*My order number is 4321\s*→\s*changed to\s*Order 4321, gift wrapped/,
    );
    assert.match(
      await items.nth(1).innerText(),
      /Message:\s*My order number is 1234\s*→\s*changed to\s*My order number is 4321/,
    );
    await section.scrollIntoViewIfNeeded();
    await bothSizes(panel.page, 'revisions');
    assert.equal(panel.errors, []);
    await panel.page.context().close();

    // The receiver that opted in verified each submission.updated; the other form's receiver got only created.
    const plainPost = await call(server.url, 'POST', `/v1/f/${plainId}`, {
      body: { values: { name: 'Bo', email: 'bo@example.com', message: 'x' } },
    });
    const plainEdit = await call(
      server.url,
      'POST',
      new URL(plainPost.json.edit_url).pathname.replace('/f/', '/v1/f/'),
      {
        body: { values: { name: 'Bo', email: 'bo@example.com', message: 'y' } },
      },
    );
    assert.is(plainEdit.status, 200, plainEdit.text);
    await receiver.waitFor(
      () => receiver.to('/status/200/opted').filter((r) => r.json?.type === 'submission.updated').length >= 2,
      'both updates',
    );
    const updates = receiver.to('/status/200/opted').filter((r) => r.json.type === 'submission.updated');
    assert.equal(
      updates.map((r) => [r.verified, r.json.submission_id, r.json.values.message, r.json.revision]),
      [
        [true, id, 'My order number is 4321', 1],
        [true, id, 'Order 4321, gift wrapped', 2],
      ],
    );
    await receiver.waitFor(() => receiver.to('/status/200/plain').length >= 1, 'the plain form’s created');
    assert.equal(
      receiver.to('/status/200/plain').map((r) => [r.json.type, r.verified]),
      [['submission.created', true]],
    );
  },
);

edits('both embeds show the private edit link after sending: inline (shadow root) and the iframe', async () => {
  const host = http.createServer((req, res) => {
    const mode = req.url === '/inline.html' ? ' data-mode="inline"' : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">' +
        `</head><body><main><h1>Host site</h1><script src="${server.url}/embed.js" data-form="${plainId}"${mode}>` +
        '</script></main></body></html>',
    );
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  try {
    for (const mode of ['inline', 'iframe']) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors = pageErrors(page);
      await page.goto(`${hostUrl}/${mode}.html`);
      const scope = mode === 'inline' ? page.locator('.formstead-embed') : page.frameLocator('iframe');
      await scope.locator('.fs-renderer-host').waitFor();
      await scope.getByLabel('Name').fill(`Embedded ${mode}`);
      await scope.getByLabel('Email').fill('embed@example.com');
      await scope.getByRole('button', { name: 'Send' }).click();
      const link = scope.getByRole('link', { name: 'Change your answer' });
      await link.waitFor();
      assert.match((await link.getAttribute('href'))!, new RegExp(`/f/${plainId}/edit/[A-Za-z0-9_-]{32}$`));
      await screenshot(page, `edits-embed-${mode}-390`);
      assert.equal(errors, [], mode);
      await page.close();
    }
  } finally {
    await new Promise((r) => host.close(r));
  }
});

edits.run();
