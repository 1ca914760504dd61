// Wave 3 "Answers that flow" in Chromium over the real bundle: prefill from the hosted page's address
// (a visible email field and a hidden `ref` that is stored), a piped label that follows the answer as it
// is typed, and a quiz whose option scores add up to a stored total that the thank-you message pipes,
// on the hosted page and in the inline embed with data-prefill.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();

const publish = async (definition: unknown, settings: Record<string, unknown> = {}) =>
  (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition, ...settings } })).json
    .form_id as string;
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

const signup = {
  id: 'signup',
  title: 'Newsletter',
  submit: { label: 'Sign up' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
    { key: 'more', type: 'textarea', label: 'Anything else, {{name}}?', helperText: 'Optional' },
    { key: 'ref', type: 'hidden', label: 'Came from', defaultValue: 'direct' },
  ],
};

const quiz = {
  id: 'quiz',
  title: 'Quick quiz',
  submit: { label: 'See my score' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name' },
    {
      key: 'q1',
      type: 'radio',
      label: 'Two plus two?',
      options: [
        { value: 'four', label: 'Four', score: 3 },
        { value: 'five', label: 'Five', score: 0 },
      ],
    },
    {
      key: 'q2',
      type: 'multiselect',
      label: 'Which are colours?',
      options: [
        { value: 'red', label: 'Red', score: 1 },
        { value: 'blue', label: 'Blue', score: 1 },
        { value: 'stone', label: 'Stone', score: -1 },
      ],
    },
  ],
  calculations: [{ key: 'total', formula: 'score(q1) + score(q2)', label: 'Total' }],
};
const quizThanks = { success_message: 'You scored {{total}} points, {{name}}.' };

const flow = suite('answers that flow (browser)');
flow.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const body = pages.get((req.url ?? '').replace(/\?.*$/, ''));
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
flow.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server.stop();
});

flow('prefill: /f/ID?email=…&ref=… fills the email field and the hidden ref is stored', async () => {
  const id = await publish(signup);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?email=ada@example.com&ref=newsletter&utm_source=x`);
  await page.waitForSelector('.fs-renderer-host');
  assert.is(await page.getByLabel('Email').inputValue(), 'ada@example.com');
  assert.is(await page.locator('.fs-renderer-host [name="ref"]').count(), 0, 'a hidden field shows nothing');
  await page.getByLabel('Name').fill('Ada');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.equal((await stored(id))[0].values, { name: 'Ada', email: 'ada@example.com', ref: 'newsletter' });
  assert.equal(errors, []);
  await closePage(page);
});

flow("a prefill value that breaks a rule is that field's error on submit, never a crash", async () => {
  const id = await publish(signup);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?email=not-an-address`);
  await page.waitForSelector('.fs-renderer-host');
  assert.is(await page.getByLabel('Email').inputValue(), 'not-an-address');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForSelector('.fs-error');
  assert.is(await page.locator('.fs-error').textContent(), 'Enter a valid email address');
  assert.equal(errors, []);
  await closePage(page);
});

flow('a piped label follows the answer as it is typed, as text', async () => {
  const id = await publish(signup);
  const page = await browser.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.waitForSelector('.fs-renderer-host');
  assert.ok(await page.getByLabel('Anything else, ?').isVisible());
  await page.getByLabel('Name').pressSequentially('<i>Ada');
  assert.is(
    await page.locator('[data-fs-key="more"] label').textContent(),
    'Anything else, <i>Ada?',
    'the answer is text, not markup',
  );
  assert.is(await page.locator('[data-fs-key="more"] i').count(), 0);
  await closePage(page);
});

flow('a quiz on the hosted page: the scores add up, the total is stored and piped into the thank-you', async () => {
  const id = await publish(quiz, quizThanks);
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?name=Grace`);
  await page.waitForSelector('.fs-renderer-host');
  await page.getByLabel('Four').check();
  await page.getByLabel('Red').check();
  await page.getByLabel('Blue').check();
  await page.getByRole('button', { name: 'See my score' }).click();
  await page.waitForSelector('.fs-success-message');
  assert.is(await page.locator('.fs-success-message').textContent(), 'You scored 5 points, Grace.');
  await screenshot(page, 'flow-quiz-thanks');
  assert.equal((await stored(id))[0].values, { name: 'Grace', q1: 'four', q2: ['red', 'blue'], total: 5 });
  assert.equal(errors, []);
  await closePage(page);
});

flow('a quiz in the inline embed with data-prefill: the same total, stored and piped', async () => {
  const id = await publish(quiz, quizThanks);
  pages.set(
    '/quiz.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">' +
      `</head><body><main><h1>Host</h1><script src="${server.url}/embed.js" data-form="${id}" data-mode="inline" ` +
      `data-pass-query="true" data-prefill='{"name": "Ada", "q2": ["red"]}'></script></main></body></html>`,
  );
  const page = await browser.newPage();
  const errors = pageErrors(page);
  await page.goto(`${hostUrl}/quiz.html?name=Query&q1=four`);
  await page.locator('.fs-renderer-host').waitFor();
  assert.is(await page.getByLabel('Your name').inputValue(), 'Ada', 'data-prefill wins over the query');
  assert.ok(await page.getByLabel('Four').isChecked(), 'the host page query is passed on');
  assert.ok(await page.getByLabel('Red').isChecked());
  await page.getByLabel('Stone').check();
  await page.getByRole('button', { name: 'See my score' }).click();
  await page.locator('.fs-success-message').waitFor();
  assert.is(await page.locator('.fs-success-message').textContent(), 'You scored 3 points, Ada.');
  assert.equal((await stored(id))[0].values, { name: 'Ada', q1: 'four', q2: ['red', 'stone'], total: 3 });
  assert.equal(errors, []);
  await closePage(page);
});

flow('the iframe embed passes data-prefill to the hosted page in its address', async () => {
  const id = await publish(signup);
  pages.set(
    '/frame.html',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">' +
      `</head><body><script src="${server.url}/embed.js" data-form="${id}" ` +
      `data-prefill='{"email": "grace@example.com", "ref": "partner"}'></script></body></html>`,
  );
  const page = await browser.newPage();
  await page.goto(`${hostUrl}/frame.html`);
  const src = await page.locator('iframe').getAttribute('src');
  assert.is(src, `${server.url}/f/${id}?email=grace%40example.com&ref=partner&embed=1`);
  const frame = page.frameLocator('iframe');
  await frame.locator('.fs-renderer-host').waitFor();
  assert.is(await frame.getByLabel('Email').inputValue(), 'grace@example.com');
  await frame.getByRole('button', { name: 'Sign up' }).click();
  await frame.locator('.fs-success-message').waitFor();
  assert.equal((await stored(id))[0].values, { email: 'grace@example.com', ref: 'partner' });
  await closePage(page);
});

flow.run();
