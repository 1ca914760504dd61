// Find a person in Chromium, by keyboard as an owner uses it: type an address, see the answers found
// in each form with a summary, download them (a JSON file), erase them after a confirmation that says
// what goes and what erasing cannot reach, then the result; other people's answers stay. axe on each
// state, no horizontal scroll at 390 px. Screenshots: test/artifacts/admin-find-person-*.png.
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, focusedElement, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let key = '';
const forms: Record<string, string> = {};
const ids: Record<string, string> = {};

/** Elements reaching past the right edge of the screen (run in the page). */
const wider = () =>
  [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);

const post = async (formId: string, values: Record<string, unknown>) => {
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
  assert.is(r.status, 201, r.text);
  return r.json.id as string;
};
const stored = async (formId: string) =>
  ((await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key })).json.submissions as { id: string }[])
    .map((s) => s.id)
    .sort();

const people = suite('admin: find a person');
people.before(async () => {
  ({ server, cookie } = await startWithOwner());
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  for (const title of ['Contact us', 'Newsletter']) {
    forms[title] = (
      await call(server.url, 'POST', '/v1/forms', { key, body: { definition: contactDefinition({ title }) } })
    ).json.form_id;
  }
  ids.adaContact = await post(forms['Contact us'], { name: 'Ada', email: 'Ada@Example.com', message: 'Hello' });
  ids.adaNews = await post(forms.Newsletter, {
    name: 'A. L.',
    email: 'x@example.org',
    message: 'Write to ada@example.com.',
  });
  ids.bob = await post(forms['Contact us'], { name: 'Bob', email: 'bob@example.com', message: 'ada@example.co' });
  browser = await launchChromium();
});
people.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types into the search and sends it with Enter. */
async function searchFor(page: Page, email: string) {
  await page.getByLabel('Email address').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
}

people('search, download and erase by keyboard; the others stay', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin`);
  await page.getByRole('link', { name: 'Find a person' }).click();
  await page.getByRole('heading', { name: 'Find a person' }).waitFor();

  await searchFor(page, '  ADA@example.com ');
  const summary = '1 answer in 1 form; 1 other answer only mentions it';
  await page.getByText(summary).waitFor();
  assert.is(await focusedElement(page), `status:${summary}`, 'the focus goes to what was found');
  await page.getByText('Their own answer · Found in Email').waitFor();
  await page.getByText('Only mentions the address · Found in Message (in a longer answer)').waitFor();
  await page.getByText('Name: Ada', { exact: true }).waitFor();
  assert.not.ok(await page.getByText('Name: Bob').count(), "Bob's answer is not listed");
  await assertAxe(page, 'find a person: found');
  await screenshot(page, 'admin-find-person-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-find-person-390');
  assert.equal(await page.evaluate(wider), [], 'nothing is wider than the screen at 390 px');
  await page.setViewportSize({ width: 1280, height: 844 });

  await page.getByRole('button', { name: 'Download (JSON)' }).focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.is(download.suggestedFilename(), 'person-ada@example.com.json');
  const doc = JSON.parse(await readFile((await download.path())!, 'utf8'));
  assert.is(doc.email, 'ada@example.com');
  assert.equal(doc.forms.map((f: { title: string }) => f.title).sort(), ['Contact us', 'Newsletter']);
  const contact = doc.forms.find((f: { title: string }) => f.title === 'Contact us');
  assert.equal(
    contact.answers[0].fields.find((f: { key: string }) => f.key === 'email'),
    {
      key: 'email',
      label: 'Email',
      value: 'Ada@Example.com',
      text: 'Ada@Example.com',
    },
  );

  await page.getByRole('button', { name: 'Erase…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Erase everything about ada@example.com?' });
  await dialog.waitFor();
  // By default only her own answer goes: the one that mentions her is someone else's.
  await dialog
    .getByText('This deletes 1 answer, 0 files, 1 waiting email and 0 delivery log lines for good.')
    .waitFor();
  assert.ok(await dialog.getByRole('radio', { name: "Keep them: they are other people's answers" }).isChecked());
  await dialog.getByText('emails already sent, what your webhook receivers stored, and backups').waitFor();
  assert.is(await focusedElement(page), 'button:Cancel', 'the safe choice has the focus');
  await assertAxe(page, 'find a person: erase question');
  await screenshot(page, 'admin-find-person-erase-question');
  await dialog.getByRole('button', { name: 'Erase', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Erased 1 answer, 0 files, 1 waiting email and 0 delivery log lines.').waitFor();
  await page.getByText("Kept 1 answer that only mentions the address: other people's answers.").waitFor();
  await page.getByText('No answer gives it as its email; 1 other answer only mentions it').waitFor();
  assert.match(await focusedElement(page), /^p:Erased 1 answer/, 'the focus goes to the result');
  await assertAxe(page, 'find a person: erased');
  await screenshot(page, 'admin-find-person-erased');
  assert.equal(await stored(forms['Contact us']), [ids.bob], "Bob's answer stays");
  assert.equal(await stored(forms.Newsletter), [ids.adaNews], 'the answer that only mentions her stays');

  // Chosen: the mention goes too.
  await page.getByRole('button', { name: 'Erase…' }).click();
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: 'Erase them too' }).check();
  await dialog
    .getByText('This deletes 1 answer, 0 files, 1 waiting email and 0 delivery log lines for good.')
    .waitFor();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await page.getByText('No answer in any form holds this address.').waitFor();
  assert.equal(await stored(forms.Newsletter), []);
  assert.equal(
    errors.filter((e) => !e.startsWith('Failed to load resource')),
    [],
    'no script errors',
  );
  await closePage(page);
});

people('a mistyped address says what to type; nothing found says so', async () => {
  const { page } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/people`);
  await page.getByRole('heading', { name: 'Find a person' }).waitFor();
  await searchFor(page, 'ada at example.com');
  await page.getByText('email: enter one email address, such as ada@example.com').waitFor();
  await searchFor(page, 'nobody@example.com');
  await page.getByText('No answer in any form holds this address.').waitFor();
  assert.not.ok(await page.getByRole('button', { name: 'Erase…' }).count(), 'nothing to erase, no button');
  await assertAxe(page, 'find a person: nothing found');
  await closePage(page);
});

people.run();
