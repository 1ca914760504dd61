// A new form made whole before its first publish, by keyboard alone in Debian's Chromium against the bundle:
// New form, a statement with a picture and a picture choice (pictures uploaded while the form is a draft), the
// thank-you message with the Markdown buttons and "Insert answer", the close date, response limit, closed
// message and the form's address; a refused address and an address taken before the publish change nothing
// (no form, checked through the REST API); then one Publish and everything is there, in the API and on the
// hosted page. At 1280 and at 390 px, axe clean, nothing wider than the phone. Also the Settings page's
// thank-you box has the same Markdown buttons and "Insert answer". Screenshots: builder-first-publish-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import { fixture } from '../helpers/images.ts';
import type { RunningServer } from '../helpers/server.ts';
import { builderKeyboard } from '../helpers/builder-keyboard.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
/** A form made through the API whose address the builder's form cannot take. */
let otherId = '';

const t = suite('builder: a new form with settings and pictures before its first publish, by keyboard');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
  const other = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition() },
  });
  otherId = other.json.form_id as string;
  const slug = await call(server.url, 'PATCH', `/v1/forms/${otherId}`, {
    key: OWNER_KEY,
    body: { slug: 'taken-first' },
  });
  assert.is(slug.status, 200, slug.text);
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const { focusedName, tabTo, press, retype, selectBack, addField, outline, backInText, sideways } = builderKeyboard(
  () => page,
);

/** Presses Publish by keyboard (from the outline, Shift+Tab back to it). */
async function pressPublish() {
  await page.locator('.b-outline .b-select').first().focus();
  await press('Publish', 'Shift+Tab');
}

/** Chooses the focused file input's file (a keyboard person's Enter opens the file chooser; the test fills it). */
const chooseFile = (name: string, mimeType: string, buffer: Buffer) =>
  page.locator(':focus').setInputFiles({ name, mimeType, buffer });

/** The workspace's forms through the REST API (the account key). */
const formIds = async () =>
  ((await call(server.url, 'GET', '/v1/forms', { key: OWNER_KEY })).json.forms as { form_id: string }[])
    .map((f) => f.form_id)
    .sort();

/** Starts a new blank form by keyboard; answers when the builder shows it. */
async function newForm() {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await press('New form');
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/drafts\//);
  await page.getByRole('navigation', { name: 'Form outline' }).waitFor();
}

/** The thank-you message typed with Insert answer and the Bold button: "Thanks, {{answer}}! See you **soon**". */
async function thankYou() {
  await outline(/Endings/);
  await tabTo('Message after sending');
  await page.keyboard.type('Thanks, ');
  await press(/^Insert answer/);
  await page.getByRole('menuitem', { name: 'Your name' }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.value?.endsWith('}}'));
  await page.keyboard.type('! See you soon');
  await selectBack('soon'.length);
  await press('Bold', 'Shift+Tab');
  await backInText();
  assert.is(await focusedName(), 'Message after sending', 'the focus is back in the text');
  const box = page.locator('.b-settings').getByLabel('Message after sending', { exact: true });
  assert.is(await box.inputValue(), 'Thanks, {{answer}}! See you **soon**');
  assert.is(await page.locator('.b-settings .b-md-preview strong').innerText(), 'soon');
}

/** Answers the hosted form at `address` once; answers the text people see after sending. */
async function answer(address: string, name: string, colour?: string): Promise<string> {
  const p = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await p.goto(`${server.url}/f/${address}`);
    await p.locator('.fs-renderer-host').waitFor();
    await p.getByLabel('Your name').fill(name);
    if (colour) await p.getByRole('radio', { name: colour }).check();
    await p.getByRole('button', { name: 'Submit' }).click();
    const done = p.locator('.fs-success-message');
    await done.waitFor();
    return (await done.innerText()).trim();
  } finally {
    await p.close();
  }
}

t('at 1280: pictures and settings made before the first publish; refusals change nothing; one publish', async () => {
  const before = await formIds();
  await newForm();
  await tabTo('Form title');
  await retype('Spring survey');
  await outline(/Your answer/);
  await tabTo('Question (label)');
  await retype('Your name');

  // A statement with a picture: uploaded while the form is a draft.
  const settings = page.locator('.b-settings');
  await addField('Statement', 'Welcome');
  await tabTo('Add picture');
  await chooseFile('green.png', 'image/png', fixture('png'));
  await settings.locator('.b-picture img.image-preview').waitFor();
  await tabTo('What the picture shows (alt text, required)');
  await page.keyboard.type('A green field');

  // A picture choice: two pictures.
  await addField('Picture choice', 'Pick a colour');
  await tabTo('Add picture of option 1');
  await chooseFile('green.png', 'image/png', fixture('png'));
  await settings.locator('.b-pic-card').nth(0).locator('img.image-preview').waitFor();
  await tabTo('Label of option 1');
  await retype('Green');
  await tabTo('Add picture of option 2');
  await chooseFile('red.webp', 'image/webp', fixture('webp'));
  await settings.locator('.b-pic-card').nth(1).locator('img.image-preview').waitFor();
  await tabTo('Label of option 2');
  await retype('Red');

  // The thank-you message, saved into the draft with the panel's Save.
  await thankYou();
  await press('Save');
  await settings.getByText('Saved.').waitFor();
  await assertAxe(page, 'builder thank-you before the first publish 1280');
  await screenshot(page, 'builder-first-publish-thanks-1280');

  // The closing and the address: a reserved address is refused at its field, and nothing is published.
  await outline(/Settings: closing, address/);
  await tabTo('Form address');
  await page.keyboard.type('admin');
  await tabTo('Close the form on a date');
  await page.keyboard.press('Space');
  await tabTo('Stop after a number of responses');
  await page.keyboard.press('Space');
  await tabTo('Stop after this many responses');
  await retype('50');
  await tabTo(/^Message when closed/);
  await page.keyboard.type('The survey is *over*.');
  await page.getByText('Draft saved').waitFor();
  await pressPublish();
  await page.getByRole('alert').getByText('Nothing was published: a setting was refused.').waitFor();
  assert.is(await settings.getByLabel('Form address').getAttribute('aria-invalid'), 'true');
  assert.match(await settings.locator('#slug-problem').innerText(), /Formstead’s own pages/);
  assert.equal(await formIds(), before, 'no form was made');

  // An address another form takes after it was kept in the draft: the publish is refused whole.
  await tabTo('Form address');
  await retype('spring-survey');
  await press('Save');
  await settings.getByText('Saved.').waitFor();
  const taken = await call(server.url, 'PATCH', `/v1/forms/${otherId}`, {
    key: OWNER_KEY,
    body: { slug: 'spring-survey' },
  });
  assert.is(taken.status, 200, taken.text);
  await pressPublish();
  await page.getByRole('alert').getByText('Nothing was published: a setting was refused.').waitFor();
  await outline(/Settings: closing, address/);
  assert.is(
    await settings.locator('#slug-problem').innerText(),
    'Another form already has that address; choose another.',
  );
  assert.equal(await formIds(), before, 'still no form');
  assert.is(await page.locator('.b-published').count(), 0);
  await assertAxe(page, 'builder refused first publish 1280');
  await screenshot(page, 'builder-first-publish-refused-1280');

  // Another address, and one Publish gives the form everything.
  await tabTo('Form address');
  await retype('spring-survey-2');
  await pressPublish();
  await page.locator('.b-published').getByText('Published: version 1.').waitFor();
  const formId = /\/admin\/forms\/([^/]+)\/edit/.exec(page.url())![1];
  assert.equal(await formIds(), [...before, formId].sort());

  const detail = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY })).json;
  const s = detail.settings;
  assert.equal(
    [s.success_message, s.response_limit, s.closed_message, s.slug],
    ['Thanks, {{answer}}! See you **soon**', 50, 'The survey is *over*.', 'spring-survey-2'],
  );
  assert.ok(Date.parse(s.close_at) > Date.now(), 'closes next week');
  const fields = detail.current_version.definition.fields as {
    type: string;
    image?: string;
    imageAlt?: string;
    options?: { label: string; image: string }[];
  }[];
  const statement = fields.find((f) => f.type === 'statement')!;
  assert.match(statement.image!, /^\/i\//);
  assert.is(statement.imageAlt, 'A green field');
  const pictures = fields.find((f) => f.type === 'picture')!.options!;
  assert.equal(
    pictures.map((o) => [o.label, o.image.slice(0, 3)]),
    [
      ['Green', '/i/'],
      ['Red', '/i/'],
    ],
  );
  for (const url of [statement.image!, ...pictures.map((o) => o.image)])
    assert.is((await fetch(`${server.url}${url}`)).status, 200, `${url} is served`);

  // The hosted page at its address: the pictures, and the thank-you message with the answer in it.
  const hosted = await (await fetch(`${server.url}/f/spring-survey-2`)).text();
  assert.ok(hosted.includes(`src="${statement.image}"`), 'the statement’s picture on the page');
  assert.ok(hosted.includes(`src="${pictures[1].image}"`), 'the picture choice on the page');
  assert.is(await answer('spring-survey-2', 'Ann', 'Green'), 'Thanks, Ann! See you soon');
  assert.equal(errors, []);
});

t('at 390: a new form with its thank-you, address and a picture, published once; axe clean', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  const before = await formIds();
  await newForm();
  await tabTo('Form title');
  await retype('Phone survey');
  await outline(/Your answer/);
  await tabTo('Question (label)');
  await retype('Your name');
  await addField('Statement', 'Hello');
  await tabTo('Add picture');
  await chooseFile('dot.jpg', 'image/jpeg', fixture('jpg'));
  await page.locator('.b-settings .b-picture img.image-preview').waitFor();
  await tabTo('What the picture shows (alt text, required)');
  await page.keyboard.type('A green band');
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (picture)');
  await assertAxe(page, 'builder draft picture 390');
  await screenshot(page, 'builder-first-publish-picture-390');

  await thankYou();
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (thank-you)');
  await assertAxe(page, 'builder draft thank-you 390');
  await screenshot(page, 'builder-first-publish-thanks-390');

  await outline(/Settings: closing, address/);
  await tabTo('Form address');
  await page.keyboard.type('phone-survey');
  await tabTo('Stop after a number of responses');
  await page.keyboard.press('Space');
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (settings)');
  await assertAxe(page, 'builder draft settings 390');
  await screenshot(page, 'builder-first-publish-settings-390');
  await page.getByText('Draft saved').waitFor();
  // Publish saves the settings into the draft, then publishes them with the form.
  await pressPublish();
  await page.locator('.b-published').getByText('Published: version 1.').waitFor();
  const formId = /\/admin\/forms\/([^/]+)\/edit/.exec(page.url())![1];
  assert.equal(await formIds(), [...before, formId].sort());
  const s = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY })).json.settings;
  assert.equal(
    [s.success_message, s.response_limit, s.slug],
    ['Thanks, {{answer}}! See you **soon**', 100, 'phone-survey'],
  );
  assert.match(await (await fetch(`${server.url}/f/phone-survey`)).text(), /<img[^>]+alt="A green band"/);
  assert.is(await answer('phone-survey', 'Bo'), 'Thanks, Bo! See you soon');
  assert.equal(errors, []);
});

t('the Settings page: the thank-you box has the Markdown buttons and Insert answer (1280 and 390)', async () => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${server.url}/admin/forms/${otherId}?tab=settings`);
    const box = page.locator('#success_message');
    await box.waitFor();
    await box.focus();
    const hello = width === 390 ? 'Merci' : 'Thanks';
    await retype(`${hello} `);
    await press(/^Insert answer/);
    await page.getByRole('menuitem', { name: 'Name' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.value?.endsWith('}}'));
    await page.keyboard.type(' for writing');
    await selectBack('writing'.length);
    await press('Italic', 'Shift+Tab');
    await backInText();
    assert.is(await box.inputValue(), `${hello} {{name}} for *writing*`);
    assert.is(await page.locator('.b-md-preview em').innerText(), 'writing');
    assert.ok((await sideways()) <= 0, `nothing wider than the window (${width})`);
    await assertAxe(page, `settings thank-you ${width}`);
    await page
      .locator('section', { has: box })
      .screenshot({ path: `test/artifacts/builder-first-publish-settings-page-${width}.png` });
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Saved.').waitFor();
    const s = (await call(server.url, 'GET', `/v1/forms/${otherId}`, { key: OWNER_KEY })).json.settings;
    assert.is(s.success_message, `${hello} {{name}} for *writing*`);
  }
  assert.equal(errors, []);
});

t.run();
