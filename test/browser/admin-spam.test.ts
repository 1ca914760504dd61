// The Spam tab and the new settings parts in Chromium, as an owner uses them: caught posts listed with
// their answers by label, "Not spam" moves one into the answers, "Delete" asks and removes; the
// Emails, Keep answers, Look and "Sites that may send people back" parts save. axe on each, screenshots
// at 1280 and 390 px.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let key = '';
let formId = '';

/** Elements matching `selector` that reach past the right edge of the screen (run in the page). */
const wider = (selector: string) =>
  [...document.querySelectorAll(selector)]
    .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);

const spamPost = async (values: Record<string, unknown>) => {
  const token = (await call(server.url, 'GET', `/v1/f/${formId}/definition`)).json.render_token;
  const r = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values, _hp: 'http://buy.example', _rt: token },
  });
  assert.is(r.status, 201);
};
const listed = async () =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key })).json.submissions as {
    id: string;
    values: Record<string, unknown>;
  }[];

const panel = suite('admin: spam tab and settings parts');
panel.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner());
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  formId = (
    await call(server.url, 'POST', '/v1/forms', {
      key,
      body: { definition: contactDefinition({ title: 'Contact us' }) },
    })
  ).json.form_id;
  browser = await launchChromium();
  context = await browser.newContext({ bypassCSP: true });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
});
panel.after(async () => {
  await browser?.close();
  await server?.stop();
});

panel(
  'the Spam tab lists caught posts by label; "Not spam" moves one to the answers; "Delete" asks first',
  async () => {
    await spamPost({
      name: 'Real Person',
      email: 'real@example.com',
      topic: 'support',
      message: 'My order did not arrive.',
    });
    await spamPost({ name: 'Cheap pills', email: 'pills@example.com', message: 'Buy now' });
    const page = await context.newPage();
    page.setViewportSize({ width: 1280, height: 900 });
    const errors = pageErrors(page);
    const failed: string[] = [];
    page.on('response', (res) => res.status() >= 400 && failed.push(`${res.status()} ${res.url()}`));
    await page.goto(`${server.url}/admin/forms/${formId}?tab=spam`);
    await page.getByRole('heading', { name: 'Suspected spam' }).waitFor();
    await page.getByText('Topic: Support').waitFor();
    assert.is(await page.locator('.spam-item').count(), 2);
    assert.ok(
      (await page.locator('.spam-item').first().textContent())!.includes('Filled the hidden field only bots see'),
    );
    await assertAxe(page, 'spam tab');
    await screenshot(page, 'admin-spam-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-spam-390');
    // The panel's top bar at 390 px is another change's (issue 13, panel layout); this tab's own content must fit.
    assert.equal(
      await page.evaluate(wider, '.spam-list, .spam-list *'),
      [],
      'nothing of the Spam tab is wider than the screen',
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    const real = page.locator('.spam-item', { hasText: 'Real Person' });
    await real.getByRole('button', { name: 'Not spam' }).click();
    await page.getByText('1 post moved to the answers.').waitFor();
    // Focus goes to what happened, not to the page start (moved by an effect, after paint: wait for it).
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'status');
    assert.equal(
      (await listed()).map((s) => s.values.name),
      ['Real Person'],
    );
    const pills = page.locator('.spam-item', { hasText: 'Cheap pills' });
    await pills.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete this post for good?').waitFor();
    await screenshot(page, 'admin-spam-delete-question');
    await pills.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing here. Your form has no suspected spam.').waitFor();
    await page.getByText('1 post moved to the answers. 1 post deleted.').waitFor();
    assert.equal((await listed()).length, 1, 'the deleted post did not become an answer');
    assert.equal(failed, [], 'no failed request of the page');
    // The panel has no favicon yet: Chromium logs its 404 as a console error, as admin.test.ts notes.
    assert.equal(
      errors.filter((e) => !e.startsWith('Failed to load resource')),
      [],
      'no script errors',
    );
    await closePage(page);
  },
);

panel('Settings: emails, keeping answers and the look save with plain words; bad values are explained', async () => {
  const page = await context.newPage();
  page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  const mailBox = page.getByLabel('Email me when someone responds');
  await mailBox.waitFor();
  assert.is(await mailBox.isChecked(), true, 'new forms mail every response');
  await page.getByLabel('Send a confirmation email to the person who responds').check();
  await page.getByLabel('Confirmation message').fill('Thanks! We answer within a day.');
  // One Save for the whole page: a bad number is refused with every change kept, then all are saved.
  await page.getByLabel('Delete answers older than a number of days').check();
  await page.getByLabel('Days to keep answers').fill('0');
  await page.getByLabel('Light or dark').selectOption('dark');
  await page.getByLabel('Font').selectOption('serif');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  // In plain words (the API's line says "null"): next to the field and in the list above Save.
  await page.getByText('Keep answers for 1 to 3650 days, or choose to keep them forever.').first().waitFor();
  const keep = page.locator('.card', { has: page.getByRole('heading', { name: 'Keep answers', exact: true }) });
  assert.not.match(await keep.innerText(), /null|retention_days/);
  assert.is(await page.getByLabel('Confirmation message').inputValue(), 'Thanks! We answer within a day.');
  await page.getByLabel('Days to keep answers').fill('30');
  await save.click();
  await page.locator('.save-bar').getByText('Saved.').waitFor();
  const settings = (await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key, body: {} })).json;
  assert.equal(
    [
      settings.notify_each_response,
      settings.confirmation_email_field,
      settings.confirmation_message,
      settings.retention_days,
      settings.theme,
    ],
    [true, 'email', 'Thanks! We answer within a day.', 30, { font: 'serif', mode: 'dark' }],
  );
  await assertAxe(page, 'settings tab');
  await screenshot(page, 'admin-settings-parts-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-settings-parts-390');
  assert.equal(
    await page.evaluate(wider, 'form.settings, form.settings *'),
    [],
    'nothing of the settings parts is wider than the screen',
  );
  await closePage(page);
});

panel(
  'Settings: sites that may send people back, by keyboard; a bad line explained; saved as the server keeps it',
  async () => {
    const page = await context.newPage();
    page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
    const card = page.locator('.card', { hasText: 'Sites that may send people back after a response' });
    const box = page.getByLabel('Other sites');
    await box.waitFor();
    await box.focus();
    await page.keyboard.type('https://Shop.Example.com/\nhttp://plain.example.com');
    // The page's one Save, by keyboard.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.focus();
    await page.keyboard.press('Enter');
    await card
      .getByText('Site 2 must start with https:// (http:// only for localhost, 127.0.0.1 or [::1]).')
      .first()
      .waitFor();
    assert.not.match(await card.innerText(), /redirect_origins/, 'no API names in the problem');
    await box.fill('https://Shop.Example.com/\n\nhttp://localhost:3000');
    await save.click();
    await page.locator('.save-bar').getByText('Saved.').waitFor();
    assert.is(await page.locator('.save-bar').getByText('Unsaved changes').count(), 0, 'nothing left to save');
    await page.reload();
    assert.is(await box.inputValue(), 'https://shop.example.com\nhttp://localhost:3000', 'shown as kept');
    const settings = (await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key, body: {} })).json;
    assert.equal(settings.redirect_origins, ['https://shop.example.com', 'http://localhost:3000']);
    await assertAxe(page, 'settings tab with the sites part');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-settings-redirect-origins-390');
    assert.equal(await page.evaluate(wider, 'form.settings, form.settings *'), [], 'nothing wider than the screen');
    await closePage(page);
  },
);

panel.run();
