// One question per screen on the hosted page, in Chromium at 390 px by keyboard (issue 33's respondent bugs):
// the first question has the focus when the form appears, the engine's messages follow the page's language,
// Ctrl+Enter moves on from a long answer (Enter stays a new line), and "Your answers from last time are back"
// goes once the person moves on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const definition = {
  id: 'feedback',
  title: 'Feedback',
  lang: 'en',
  layout: 'one_per_screen',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
    { key: 'story', type: 'textarea', label: 'Your story' },
    { key: 'email', type: 'email', label: 'Email' },
  ],
  translations: { de: { 'fields.name.label': 'Name (de)', 'fields.story.label': 'Geschichte' } },
};

const ops = suite('one question per screen: keys, language, notice');
ops.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
ops.after(async () => {
  await browser?.close();
  await server?.stop();
});

ops('a German page says the engine messages in German; Ctrl+Enter leaves a long answer; the notice goes', async () => {
  const id = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${id}?lang=de`);
  // The first question has the focus when the form appears (not the language picker before it).
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'name');
  await page.keyboard.press('Enter');
  await page.getByText('Dieses Feld ist erforderlich').waitFor();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Enter');
  const story = page.getByLabel('Geschichte');
  await story.waitFor();
  await story.focus();
  await page.keyboard.type('one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('two');
  assert.is(await story.inputValue(), 'one\ntwo', 'Enter is a new line in a long answer');
  await page.keyboard.press('Control+Enter');
  await page.getByLabel('Email').waitFor();
  assert.is(await story.count(), 0, 'Ctrl+Enter moved on');

  // Answers kept in the browser come back with a notice, which goes once the person moves on.
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('two'), `formstead:answers:${id}`);
  await page.reload();
  const notice = page.locator('.fs-resumed');
  await notice.waitFor();
  await page.getByRole('button', { name: /Zurück|Back/ }).click();
  await page.getByLabel('Geschichte').waitFor();
  assert.is(await notice.count(), 0, 'the notice went when the person moved');
  assert.equal(errors, []);
  await closePage(page);
});

ops.run();
