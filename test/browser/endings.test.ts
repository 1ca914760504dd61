// Endings on the hosted page with JavaScript, in Chromium at 390 px, by keyboard: the answers choose the ending,
// whose message shows in the Markdown subset with the person's name piped in (the rule the server's 201 follows).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const quiz = {
  id: 'quiz',
  title: 'Quiz',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'score', type: 'number', label: 'Score' },
  ],
  endings: [
    { id: 'passed', message: 'You **passed**, {{name}}!', show: [{ field: 'score', in: [8, 9, 10] }] },
    { id: 'retry', message: 'Try again, {{name}}.' },
  ],
};

const endings = suite('endings on the hosted page');
endings.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
endings.after(async () => {
  await browser?.close();
  await server?.stop();
});

endings('each score ends on its own screen, the name piped in', async () => {
  const id = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: quiz } })).json.form_id;
  for (const [score, expected] of [
    ['9', 'You passed, Ada!'],
    ['3', 'Try again, Ada.'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${id}`);
    await page.locator('.fs-renderer-host').waitFor();
    await page.getByLabel('Name').focus();
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type(score);
    await page.keyboard.press('Enter');
    await page.locator('.fs-success-message').waitFor();
    assert.is((await page.locator('.fs-success-message').textContent())?.trim(), expected);
    // The Markdown subset in the browser too: bold is bold.
    if (score === '9') assert.is(await page.locator('.fs-success-message strong').textContent(), 'passed');
    assert.equal(errors, []);
    await closePage(page);
  }
});

endings.run();
