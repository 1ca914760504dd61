// Partial answers in Chromium against the bundle (ARCHITECTURE.md Wave 4 "Partial answers"), keyboard only: the
// owner turns keep_partial on in Settings (the sentence for the privacy text shown); a person answers two
// questions of the hosted page (and types a PIN) and closes the tab; the page's beacon keeps what they typed,
// without the PIN, with the last question reached; the panel's Submissions › Partial lists it. A person who then
// sends the form replaces their own. One who leaves for another page instead keeps theirs too, though the page's
// service worker controls it. No horizontal scroll and no serious axe finding at 1280 and 390 px.
// Screenshots: test/artifacts/partial-*.png.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import { within } from '../helpers/pg-instances.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let key = '';
let formId = '';

const definition = () => {
  const base = contactDefinition({ title: 'Feedback' });
  return { ...base, fields: [...base.fields, { key: 'pin', type: 'password', label: 'PIN' }] };
};

/**
 * Tabs forward until the focused element (inside a shadow root too) matches `selector` (at most 60 presses): the
 * keyboard's way there.
 */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const matches = await page.evaluate((sel) => {
      // Inside the inline embed's shadow root, the document sees the root's host as focused.
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.matches(sel) ?? false;
    }, selector);
    if (matches) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** At 1280 and 390 px: no horizontal scroll, a screenshot, no serious axe finding. */
async function bothSizes(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    assert.ok(scroll <= inner, `${name} at ${width} px: the page is ${scroll} px wide`);
    await screenshot(page, `partial-${name}-${width}`);
    await assertAxe(page, `${name} at ${width} px`, { headingOne: true });
  }
  await page.setViewportSize({ width: 1280, height: 844 });
}

const partials = async () =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions?status=partial`, { key })).json.submissions as any[];

/** A respondent's tab on the hosted page of form `id`, ready for typing (the script has swapped its form in). */
async function respondent(id = formId) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  return page;
}

const t = suite('partial answers: kept when a person leaves, listed under Partial');
t.before(async () => {
  ({ server, cookie } = await startWithOwner());
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  formId = (await call(server.url, 'POST', '/v1/forms', { key, body: { definition: definition() } })).json.form_id;
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('the owner turns partial answers on in Settings from the keyboard; the privacy sentence is offered', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await page.getByRole('heading', { name: 'Partial answers' }).waitFor();
  await tabTo(page, '#keep_partial');
  await page.keyboard.press('Space');
  await page.locator('#keep_partial-line').waitFor();
  assert.match(await page.locator('#keep_partial-line').innerText(), /never passwords, files or signatures/);
  await page.getByRole('button', { name: 'Save', exact: true }).press('Enter');
  await page.locator('.save-state.ok').waitFor();
  assert.is((await call(server.url, 'GET', `/v1/forms/${formId}`, { key })).json.settings.keep_partial, true);
  await page.locator('#keep_partial').scrollIntoViewIfNeeded();
  await bothSizes(page, 'settings');
  assert.equal(errors, []);
  await page.context().close();
});

t(
  'a person answers two questions, types a PIN and closes the tab: what they typed is kept, without the PIN',
  async () => {
    const page = await respondent();
    await tabTo(page, 'input[name="name"]');
    await page.keyboard.type('Ada Lovelace');
    await tabTo(page, 'input[name="pin"]');
    await page.keyboard.type('hunter2');
    await page.locator('input[name="email"]').focus();
    await page.keyboard.type('ada@example.com');
    // The page's service worker controls it by now (for opening it offline): the beacon must not go through the
    // worker, which lost it with the page it came from (client/hosted/service-worker.ts).
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // Closing the tab: the page's pagehide sends the beacon.
    await page.close({ runBeforeUnload: true });
    await within(10_000, 'the partial answer arrives', async () => (await partials()).length === 1);
    const [kept] = await partials();
    assert.equal(kept.values, { name: 'Ada Lovelace', email: 'ada@example.com' });
    assert.is(kept.last_question, 'pin', 'the furthest question reached (the PIN, below the email)');
    assert.not.ok(JSON.stringify(kept).includes('hunter2'));
  },
);

t('the panel lists it under Submissions › Partial, with where the person stopped', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  await page.getByRole('button', { name: 'Partial (1)' }).waitFor();
  await tabTo(page, 'button.segment:not(.active)');
  await page.keyboard.press('Enter');
  await page.getByTestId('partial-total').filter({ hasText: '1 partial answer' }).waitFor();
  const row = page.locator('table.partial-answers tbody tr');
  assert.is(await row.count(), 1);
  const text = await row.innerText();
  assert.match(text, /Ada Lovelace/);
  assert.match(text, /ada@example\.com/);
  assert.match(text, /PIN/, 'stopped at the PIN question');
  assert.not.match(text, /hunter2/);
  assert.is(
    await page.getByRole('button', { name: 'Partial (1)' }).getAttribute('aria-pressed'),
    'true',
    'the switch says which list is shown',
  );
  await bothSizes(page, 'list');
  // The answers are not mixed in: back to Answers, none yet.
  await page.getByRole('button', { name: 'Answers' }).press('Enter');
  await page.getByTestId('submission-total').filter({ hasText: '0 submissions' }).waitFor();
  assert.equal(errors, []);
  await page.context().close();
});

/** Serves `snippet` in a page of another site while `body` runs; answers that page's address to `body`. */
async function onHostSite(snippet: string, body: (url: string) => Promise<void>) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title></head><body>
    <main><h1>Our host site</h1>${snippet}</main></body></html>`;
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  try {
    await body(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((r) => host.close(r));
  }
}

/** A form of the owner's that keeps partial answers; its id and a reader of its partial answers. */
async function keepingForm(overrides: Record<string, unknown>) {
  const published = await call(server.url, 'POST', '/v1/forms', {
    key,
    body: { definition: contactDefinition(overrides) },
  });
  const id = published.json.form_id as string;
  await call(server.url, 'PATCH', `/v1/forms/${id}`, { key, body: { keep_partial: true } });
  const list = async () =>
    (await call(server.url, 'GET', `/v1/forms/${id}/submissions?status=partial`, { key })).json.submissions as any[];
  return { id, list };
}

t('the inline embed on another site, one question per screen: two questions answered, the tab closed', async () => {
  const { id, list } = await keepingForm({ title: 'One at a time', layout: 'one_per_screen' });
  await onHostSite(
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline"></script>`,
    async (url) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      await tab.goto(url);
      await tab.locator('.fs-renderer-host').waitFor();
      await tabTo(tab, 'input[name="name"]');
      await tab.keyboard.type('Hedy Lamarr');
      await tab.keyboard.press('Enter');
      await tab.locator('input[name="email"]').waitFor();
      await tabTo(tab, 'input[name="email"]');
      await tab.keyboard.type('hedy@example.com');
      await tab.close({ runBeforeUnload: true });
      await within(10_000, "the embed's partial answer arrives", async () => (await list()).length === 1);
      const [kept] = await list();
      assert.equal(kept.values, { name: 'Hedy Lamarr', email: 'hedy@example.com' });
      assert.is(kept.last_question, 'email', 'the question on screen when the tab closed');
    },
  );
});

t(
  'the popup embed: answered in its frame by keyboard, then the popup closed (the focus leaves the frame)',
  async () => {
    const { id, list } = await keepingForm({ title: 'Popup' });
    await onHostSite(
      `<script src="${server.url}/embed.js" data-form="${id}" data-mode="popup"></script>`,
      async (url) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 844 } });
        const tab = await context.newPage();
        await tab.goto(url);
        await tab.getByRole('button', { name: 'Open the form' }).press('Enter');
        const frame = tab.frameLocator('dialog iframe');
        await frame.locator('.fs-renderer-host').waitFor();
        await frame.locator('input[name="name"]').focus();
        await tab.keyboard.type('Mary Jackson');
        await tab.keyboard.press('Tab');
        await tab.keyboard.type('mary@example.com');
        await tab.keyboard.press('Escape');
        await tab.locator('dialog[open]').waitFor({ state: 'detached' });
        await tab.close({ runBeforeUnload: true });
        await within(10_000, "the popup's partial answer arrives", async () => (await list()).length === 1);
        assert.equal((await list())[0].values, { name: 'Mary Jackson', email: 'mary@example.com' });
      },
    );
  },
);

t("a person who leaves for another page keeps what they typed: the beacon passes the page's worker by", async () => {
  const { id, list } = await keepingForm({ title: 'Left for another page' });
  const tab = await respondent(id);
  await tab.waitForFunction(() => !!navigator.serviceWorker.controller);
  await tabTo(tab, 'input[name="name"]');
  await tab.keyboard.type('Katherine Johnson');
  // Another page of the same site, shown by the same renderer: its pagehide always runs, however loaded the machine.
  await tab.goto(`${server.url}/elsewhere`);
  await within(10_000, 'the partial answer of the page left arrives', async () => (await list()).length === 1);
  const [kept] = await list();
  assert.equal(kept.values, { name: 'Katherine Johnson' });
  assert.is(kept.last_question, 'name');
  await tab.context().close();
});

t('a person who sends the form replaces their own partial answer; the other stays', async () => {
  const page = await respondent();
  await tabTo(page, 'input[name="name"]');
  await page.keyboard.type('Grace Hopper');
  // Hidden for a moment (another tab): the page sends what is there so far.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
  await within(10_000, 'the second partial answer arrives', async () => (await partials()).length === 2);
  await tabTo(page, 'input[name="email"]');
  await page.keyboard.type('grace@example.com');
  await tabTo(page, 'button[type="submit"]');
  await page.keyboard.press('Enter');
  await page.locator('.fs-success').waitFor();
  assert.equal(
    (await partials()).map((p) => p.values.name),
    ['Ada Lovelace'],
    "Grace's partial answer went with her answer",
  );
  const answers = (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key })).json.submissions;
  assert.equal(
    answers.map((a: any) => a.values.name),
    ['Grace Hopper'],
  );
  await page.context().close();
});

t.run();
