// "How people answer" in the builder's Form settings, in Debian's Chromium against the bundle, at 1280 x 800
// and 390 x 844, by keyboard only: "One question per screen" and unticking "Keep answers…" switch the preview
// at once, undo with Ctrl+Z, and publish `layout: "one_per_screen"` and `save_progress: false`; the hosted
// page then shows one question at a time and keeps nothing over a reload. Set back, the published
// definition has neither property and the hosted page keeps the answers again. axe-core on the settings;
// screenshots go to test/artifacts/.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { focusedName } from '../helpers/builder-keyboard.ts';

let server: RunningServer;
let cookie: string;
let browser: Browser;

const t = suite('builder: how people answer');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const definition = {
  id: 'answering',
  title: 'Tell us',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name' },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'about', type: 'textarea', label: 'Anything else' },
  ],
};

const ONE = 'One question per screen';
const ALL = 'All questions of a step on one page';
const KEEP = /^Keep answers in the person's browser/;

/** Tabs (forwards, or backwards) until the focused control's name matches; never clicks. */
async function tabTo(page: Page, name: string | RegExp, back = false) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const here = await focusedName(page);
    if (typeof name === 'string' ? here === name : name.test(here)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The published definition, as renderers read it from the API. */
async function publishedDefinition(id: string) {
  const r = await call(server.url, 'GET', `/v1/f/${id}/definition`);
  assert.is(r.status, 200, r.text);
  return r.json as { version: number; definition: Record<string, unknown> };
}

/** Questions the builder's preview shows, once it shows `n` of them. */
const previewShows = (page: Page, n: number) =>
  page.waitForFunction((n) => document.querySelectorAll('.b-frame .fs-fields > .fs-field').length === n, n);

/** Presses Publish (reached by Shift+Tab) and waits for the version it made. */
async function publish(page: Page, version: number) {
  await tabTo(page, 'Publish', true);
  await page.keyboard.press('Enter');
  await page.locator('.b-published').getByText(`Published: version ${version}.`).waitFor();
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  t(`${width} px: one question per screen and nothing kept, by keyboard, published and set back`, async () => {
    const created = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } });
    assert.is(created.status, 201, created.text);
    const id = created.json.form_id as string;
    const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const one = page.getByRole('radio', { name: ONE });
    const all = page.getByRole('radio', { name: ALL });
    const keep = page.getByRole('checkbox', { name: KEEP });

    await page.goto(`${server.url}/admin/forms/${id}/edit`);
    const group = page.getByRole('group', { name: 'How people answer' });
    await group.waitFor();
    assert.ok(await all.isChecked(), 'classic is the default');
    assert.ok(await keep.isChecked(), 'keeping answers is the default');
    await previewShows(page, 3);
    await assertAxe(page, `form settings at ${width} px`);

    // The radio group is one Tab stop on the chosen option; the arrow key chooses the other one.
    await tabTo(page, ALL);
    await page.keyboard.press('ArrowDown');
    assert.is(await focusedName(page), ONE);
    assert.ok(await one.isChecked());
    await previewShows(page, 1);
    await tabTo(page, KEEP);
    await page.keyboard.press('Space');
    assert.not.ok(await keep.isChecked());

    // Ctrl+Z takes back the last change only; Ctrl+Shift+Z makes it again.
    await page.keyboard.press('Control+z');
    assert.ok(await keep.isChecked(), 'undo ticks the box again');
    assert.ok(await one.isChecked(), 'the layout stays');
    await page.keyboard.press('Control+Shift+z');
    assert.not.ok(await keep.isChecked(), 'redo unticks it');

    await group.scrollIntoViewIfNeeded();
    await screenshot(page, `builder-answering-${width}`);
    await group.screenshot({ path: `test/artifacts/builder-answering-group-${width}.png` });
    await assertAxe(page, `form settings changed at ${width} px`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.is(wide, 0, 'no horizontal scroll');

    await publish(page, 2);
    const first = await publishedDefinition(id);
    assert.is(first.version, 2);
    assert.is(first.definition.layout, 'one_per_screen');
    assert.is(first.definition.save_progress, false);

    // The hosted page: one question at a time, and a reload brings nothing back.
    const hosted = await context.newPage();
    const hostedErrors = pageErrors(hosted);
    await hosted.goto(`${server.url}/f/${id}`);
    await hosted.getByLabel('Your name').fill('Ada');
    assert.is(await hosted.locator('.fs-field').count(), 1, 'one question on screen');
    await screenshot(hosted, `builder-answering-hosted-one-${width}`);
    // Longer than the write throttle (400 ms), then look: nothing was written.
    await hosted.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
    assert.is(await hosted.evaluate((k) => localStorage.getItem(k), `formstead:answers:${id}`), null);
    await hosted.reload();
    await hosted.getByLabel('Your name').waitFor();
    assert.is(await hosted.getByLabel('Your name').inputValue(), '', 'nothing restored');
    assert.is(await hosted.getByText('Your answers from last time are back.').count(), 0);

    // Opened afresh, the builder's preview of a one-per-screen form counts questions from its first render.
    await page.bringToFront();
    await page.reload();
    await group.waitFor();
    assert.ok(await one.isChecked(), 'the published layout is chosen');
    assert.not.ok(await keep.isChecked(), 'the published save_progress: false is shown');
    await previewShows(page, 1);
    assert.is(await page.locator('.b-frame').getByRole('progressbar').getAttribute('aria-valuenow'), '33');

    // Set back: the chosen radio is the Tab stop; the arrow key goes back to classic.
    await tabTo(page, ONE);
    await page.keyboard.press('ArrowUp');
    assert.ok(await all.isChecked());
    await previewShows(page, 3);
    await tabTo(page, KEEP);
    await page.keyboard.press('Space');
    assert.ok(await keep.isChecked());
    await publish(page, 3);
    const second = await publishedDefinition(id);
    assert.is(second.version, 3);
    assert.not.ok('layout' in second.definition, 'the default layout is not written');
    assert.not.ok('save_progress' in second.definition, 'the default save_progress is not written');
    assert.equal(second.definition, definition, 'the definition is as small as before');

    // And the hosted page shows every question and keeps what is typed again.
    await hosted.reload();
    await hosted.getByLabel('Your name').fill('Grace');
    assert.is(await hosted.locator('.fs-field').count(), 3, 'all questions on one page');
    await hosted.waitForFunction((k) => localStorage.getItem(k)?.includes('Grace'), `formstead:answers:${id}`);
    await hosted.reload();
    await hosted.getByText('Your answers from last time are back.').waitFor();
    assert.is(await hosted.getByLabel('Your name').inputValue(), 'Grace');

    assert.equal(errors, []);
    assert.equal(hostedErrors, []);
    await context.close();
  });
}

t.run();
