// The admin panel as a newcomer meets it, in Debian's Chromium against the bundle: started with the
// default public URL (localhost) and opened at http://127.0.0.1:PORT, the address the start line
// prints; submissions by label with option labels, masked passwords, sort, total, filtered CSV,
// selection with a counted confirmation, the detail view; every problem of a settings save at once;
// no horizontal scroll at 1280 and 390 px in light and dark, no serious axe finding; the connection
// indicator through a server stop and restart. Screenshots: test/artifacts/people-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call } from '../helpers/api.ts';
import { OWNER_PASSWORD } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startHostRewritingProxy } from '../helpers/host-rewriting-proxy.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let port = 0;
let dataDir = '';
let direct = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let formId = '';
const dialogs: string[] = [];
/** Whether the next confirmations are answered OK (else Cancel). */
let confirmDialogs = false;
const ids: Record<string, string> = {};

const definition = {
  id: 'signup',
  title: 'Team sign-up',
  submit: { label: 'Send' },
  fields: [
    { key: 'full_name', type: 'text', label: 'Your name', validation: { required: true } },
    {
      key: 'plan',
      type: 'radio',
      label: 'Plan',
      options: [
        { value: 'pro', label: 'Pro plan' },
        { value: 'free', label: 'Free plan' },
      ],
    },
    {
      key: 'extras',
      type: 'multiselect',
      label: 'Extras',
      options: [
        { value: 'sso', label: 'Single sign-on' },
        { value: 'audit', label: 'Audit log' },
      ],
    },
    { key: 'pin', type: 'password', label: 'Door code' },
    { key: 'notes', type: 'textarea', label: 'Anything else' },
  ],
};

/** The address the public URL names, rewritten to the one the panel is opened at. */
const here = (url: string) => {
  const u = new URL(url);
  return `${direct}${u.pathname}${u.search}`;
};

const start = () => startServer({ port, dataDir });

const people = suite('admin panel for people in Chromium');
people.before(async () => {
  port = await freePort();
  // Default public URL (http://localhost:PORT); the panel is opened at 127.0.0.1.
  server = await startServer({ port });
  dataDir = server.dataDir;
  direct = server.url;
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, bypassCSP: true });
  page = await context.newPage();
  errors = pageErrors(page);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (confirmDialogs ? dialog.accept() : dialog.dismiss());
  });
});
people.after(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * At 1280 and 390 px, in light and dark: no horizontal scroll, a screenshot, no serious axe finding.
 * `ready` waits for what the page must show at each size.
 */
async function everySize(name: string, ready: () => Promise<unknown>) {
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await page.emulateMedia({ colorScheme: scheme });
      await ready();
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: innerWidth,
      }));
      assert.ok(scroll <= inner, `${name} at ${width} px (${scheme}): the page is ${scroll} px wide`);
      assert.is(await page.locator('h1').count(), 1, `${name}: one h1`);
      await screenshot(page, `people-${name}-${width}-${scheme}`);
      await assertAxe(page, `${name} at ${width} px, ${scheme}`, { headingOne: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const live = () => page.locator('.topbar [data-connection]');

people('opened at 127.0.0.1 while the public URL says localhost, the panel signs in and goes live', async () => {
  const link = /Create the owner account \(this link works once\): (\S+)/.exec(server.output())?.[1];
  assert.ok(link, server.output());
  assert.match(link!, /^http:\/\/localhost:/);
  await page.goto(here(link!));
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password (at least 10 characters)').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
  await page.locator('.topbar [data-connection="live"]').waitFor();
  assert.is(await live().innerText(), 'Live');
  assert.is(new URL(page.url()).host, new URL(direct).host);
});

people('a claimed form with answers; the forms list holds at 1280 and 390 px', async () => {
  const published = await call(direct, 'POST', '/v1/forms', { body: { definition } });
  assert.is(published.status, 201, published.text);
  formId = published.json.form_id;
  await page.goto(here(published.json.claim_url));
  await page.getByRole('button', { name: 'Claim form' }).click();
  await page.getByText('is yours').waitFor();
  const answers: [string, Record<string, unknown>][] = [
    ['ada', { full_name: 'Ada Lovelace', plan: 'pro', extras: ['sso', 'audit'], pin: 'ada-secret-1', notes: 'First!' }],
    ['grace', { full_name: 'Grace Hopper', plan: 'free', pin: 'grace-secret-2', notes: 'hi\u200bthere' }],
    ['alan', { full_name: 'Alan Turing', plan: 'pro' }],
  ];
  for (const [name, values] of answers) {
    const sent = await call(direct, 'POST', `/v1/f/${formId}`, { body: { values } });
    assert.is(sent.status, 201, sent.text);
    ids[name] = sent.json.id;
  }
  await page.goto(`${direct}/admin`);
  await page.getByRole('link', { name: 'Team sign-up' }).waitFor();
  await everySize('forms', () => page.getByRole('link', { name: 'Team sign-up' }).waitFor());
});

people('at 390 px the navigation folds behind a Menu button', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.waitFor();
  const workspace = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workspace' });
  assert.not.ok(await workspace.isVisible(), 'the links are folded away');
  assert.is(await menu.getAttribute('aria-expanded'), 'false');
  await menu.click();
  assert.ok(await workspace.isVisible());
  await screenshot(page, 'people-menu-390-light');
  await page.getByRole('button', { name: 'Close menu' }).click();
  assert.not.ok(await workspace.isVisible());
  // From the keyboard: open with Enter, Escape closes and focus is back on the button.
  await page.getByRole('button', { name: 'Menu' }).focus();
  await page.keyboard.press('Enter');
  await workspace.waitFor();
  await workspace.focus();
  await page.keyboard.press('Escape');
  await workspace.waitFor({ state: 'hidden' });
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Menu');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workspace' }).waitFor();
  assert.not.ok(await page.getByRole('button', { name: 'Menu' }).isVisible(), 'wide windows show the links themselves');
});

people('submissions: labels, option labels, masked passwords with Reveal, total, sort, filtered CSV', async () => {
  await page.goto(`${direct}/admin/forms/${formId}?tab=submissions`);
  const table = page.locator('table.submissions');
  await table.waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  assert.equal(headers.map((h) => h.trim().toLowerCase()).slice(1), [
    'received',
    'your name',
    'plan',
    'extras',
    'door code',
    'anything else',
    'version',
    'details',
  ]);
  assert.is(await page.getByTestId('submission-total').innerText(), '3 submissions');
  const ada = table.locator(`tr[data-id="${ids.ada}"]`);
  assert.match(await ada.innerText(), /Pro plan/);
  assert.match(await ada.innerText(), /Single sign-on; Audit log/);
  assert.not.match(await ada.innerText(), /\bpro\b|\bsso\b/);
  const body = await page.locator('main').innerText();
  assert.not.match(body, /ada-secret-1|grace-secret-2/, 'passwords are masked');
  await ada.getByRole('button', { name: 'Reveal Door code' }).click();
  await ada.getByText('ada-secret-1').waitFor();
  assert.not.match(await page.locator('main').innerText(), /grace-secret-2/, 'one value at a time');
  await ada.getByRole('button', { name: 'Hide Door code' }).click();
  // The masked dots and Reveal share one line, even when the column is squeezed to its narrowest.
  const oneLine = () =>
    ada.locator('.masked').evaluate((pair) => {
      (pair.closest('td') as HTMLElement).style.width = '1px';
      const [dots, button] = [pair.querySelector('[aria-hidden]')!, pair.querySelector('button')!].map((e) =>
        e.getBoundingClientRect(),
      );
      const same = Math.abs(dots.top - button.top) < dots.height / 2;
      (pair.closest('td') as HTMLElement).style.width = '';
      return same;
    });
  assert.ok(await oneLine(), 'masked value and Reveal on one line at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await oneLine(), 'masked value and Reveal on one line at 390 px');
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: innerWidth,
  }));
  assert.ok(scroll <= inner, `no horizontal scroll at 390 px (${scroll} px)`);
  await page.setViewportSize({ width: 1280, height: 860 });

  const order = async () =>
    page.locator('table.submissions tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  assert.equal(await order(), [ids.alan, ids.grace, ids.ada], 'newest first');
  await page.getByLabel('Sort').selectOption('oldest');
  await page.waitForFunction(
    (first) => document.querySelector('table.submissions tbody tr')?.getAttribute('data-id') === first,
    ids.ada,
  );
  assert.equal(await order(), [ids.ada, ids.grace, ids.alan]);
  await page.getByLabel('Sort').selectOption('newest');

  await page.getByLabel('Filter submissions').fill('hopper');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByText('1 submission', { exact: true }).waitFor();
  const csv = page.getByRole('link', { name: 'Download CSV of these' });
  assert.match((await csv.getAttribute('href')) ?? '', /submissions\.csv\?(.*&)?filter=hopper(&|$)/);
  const file = await page.evaluate((href) => fetch(href).then((r) => r.text()), (await csv.getAttribute('href'))!);
  const lines = file.trim().split('\r\n');
  assert.is(lines.length, 2);
  assert.match(lines[1], /Grace Hopper/);
  await page.getByRole('button', { name: 'Show all' }).click();
  await page.getByText('3 submissions', { exact: true }).waitFor();
});

people('selecting rows asks before deleting and says how many', async () => {
  const table = page.locator('table.submissions');
  await table.locator(`tr[data-id="${ids.ada}"]`).getByRole('checkbox').check();
  await table.locator(`tr[data-id="${ids.alan}"]`).getByRole('checkbox').check();
  await page.getByText('2 submissions selected').waitFor();
  await page.getByRole('button', { name: 'Delete all 2' }).click();
  assert.equal(dialogs.splice(0), ['Delete 2 submissions? This cannot be undone.']);
  // Dismissed: nothing went.
  assert.is(await page.getByTestId('submission-total').innerText(), '3 submissions');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByLabel('Select all 3 shown').check();
  await page.getByText('3 submissions selected').waitFor();
  await page.getByLabel('Select all 3 shown').uncheck();
  // Confirmed this time: Alan's submission goes, the total follows.
  await table.locator(`tr[data-id="${ids.alan}"]`).getByRole('checkbox').check();
  confirmDialogs = true;
  await page.getByRole('button', { name: 'Delete it' }).click();
  await page.getByRole('status').getByText('Deleted 1 submission.').waitFor();
  // The button went with the selection: the focus is on the line that says what happened.
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'status');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLElement).innerText), 'Deleted 1 submission.');
  confirmDialogs = false;
  assert.equal(dialogs.splice(0), ['Delete 1 submission? This cannot be undone.']);
  assert.is(await page.getByTestId('submission-total').innerText(), '2 submissions');
  assert.is(await table.locator(`tr[data-id="${ids.alan}"]`).count(), 0);
  await page.reload();
  await page.getByTestId('submission-total').waitFor();
  assert.is(
    await page.getByTestId('submission-total').innerText(),
    '2 submissions',
    'deleted on the server, not just hidden',
  );
  await everySize('submissions', () => page.getByTestId('submission-total').waitFor());
});

people('the detail view: reached by keyboard, every answer by label, hidden characters, deliveries', async () => {
  // Each row says in words how to open it, not only through its date.
  const open = page
    .locator(`table.submissions tr[data-id="${ids.grace}"]`)
    .getByRole('link', { name: `Open submission ${ids.grace}` });
  assert.is(await open.innerText(), 'Open');
  assert.is(await open.getAttribute('href'), `/admin/forms/${formId}/submissions/${ids.grace}`);
  const link = page.locator(`table.submissions tr[data-id="${ids.grace}"] a`).first();
  await link.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /^Submission/, level: 1 }).waitFor();
  assert.is(new URL(page.url()).pathname, `/admin/forms/${formId}/submissions/${ids.grace}`);
  // Focus moves to the new page's heading (effects run after paint, so wait for it).
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  const answers = page.locator('dl.answers');
  const text = await answers.innerText();
  assert.match(text, /Your name\s+Grace Hopper/);
  assert.match(text, /Plan\s+Free plan/);
  assert.not.match(text, /grace-secret-2/);
  await answers.getByRole('button', { name: 'Reveal Door code' }).click();
  await answers.getByText('grace-secret-2').waitFor();
  await page.getByRole('note').getByText('Hidden characters.').waitFor();
  await page.getByRole('button', { name: 'Show where they are' }).click();
  assert.match(await answers.innerText(), /Anything else\s+hiU\+200Bthere/);
  assert.is(await answers.locator('mark.hidden-char').innerText(), 'U+200B');
  await page.getByText('This form has no webhook, so nothing was sent.').waitFor();
  assert.ok(await page.locator('time[title]').first().getAttribute('title'), 'the full time on hover');
  await everySize('detail', () => page.getByRole('heading', { name: /^Submission/, level: 1 }).waitFor());
  await page.getByRole('button', { name: 'Delete submission' }).click();
  assert.equal(dialogs.splice(0), ['Delete 1 submission? This cannot be undone.']);
  assert.is(new URL(page.url()).pathname, `/admin/forms/${formId}/submissions/${ids.grace}`, 'cancelled: still here');
  confirmDialogs = true;
  await page.getByRole('button', { name: 'Delete submission' }).click();
  await page.waitForURL(
    (url) => url.pathname === `/admin/forms/${formId}` && url.searchParams.get('tab') === 'submissions',
  );
  confirmDialogs = false;
  dialogs.splice(0);
  await page.getByText('1 submission', { exact: true }).waitFor();
  assert.is(await page.locator(`table.submissions tr[data-id="${ids.grace}"]`).count(), 0);
  // Back on the form's page, the focus is on its heading, not left on the page body.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.ok(await page.evaluate(() => document.activeElement !== document.body));
});

people('settings: two wrong fields, both explained next to their fields in one save', async () => {
  await page.goto(`${direct}/admin/forms/${formId}?tab=settings`);
  await page.getByLabel(/^Redirect address/).fill('ftp://example.com');
  await page.getByLabel(/^Webhook address/).fill('https://10.0.0.1/hook');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('2 things to fix before saving').waitFor();
  const redirectProblem = page.locator('#redirect_url-problem');
  const webhookProblem = page.locator('#webhook_url-problem');
  assert.match(await redirectProblem.innerText(), /must start with http:\/\/ or https:\/\//);
  assert.match(await webhookProblem.innerText(), /must be on the public internet/);
  assert.is(await page.getByLabel(/^Webhook address/).getAttribute('aria-describedby'), 'webhook_url-problem');
  const all = await page.locator('main').innerText();
  assert.not.match(all, /redirect_url|webhook_url|notify_email|deprecated/, 'no API names on the page');
  await everySize('settings', () => alert.waitFor());
  // The refused draft is kept (and leaving would ask): the next pages start from a clean form.
  await page.getByRole('button', { name: 'Discard' }).click();
});

people('every other panel page holds at 1280 and 390 px, light and dark, with no serious axe finding', async () => {
  const pages: [string, string, string][] = [
    ['overview', `/admin/forms/${formId}?tab=overview`, 'Share'],
    ['spam', `/admin/forms/${formId}?tab=spam`, 'Suspected spam'],
    ['webhook', `/admin/forms/${formId}?tab=webhook`, 'Delivery log'],
    ['versions', `/admin/forms/${formId}?tab=versions`, 'Versions'],
    ['workspace', '/admin/workspace', 'Scheduled jobs'],
    ['moderation', '/admin/moderation', 'Moderation'],
    ['account', '/admin/account', 'Change password'],
  ];
  for (const [name, path, heading] of pages) {
    await page.goto(`${direct}${path}`);
    await everySize(name, () => page.getByRole('heading', { name: heading }).first().waitFor());
  }
});

people('behind a proxy that hides the address, the page says which address to open instead of hanging', async () => {
  // The proxy forwards with the server's own Host, so neither the page's origin nor the public URL
  // matches what the server sees; the session cookie (set for 127.0.0.1, any port) still comes along.
  const proxy = await startHostRewritingProxy(direct);
  const other = await context.newPage();
  try {
    await other.goto(`${proxy.url}/admin`);
    await other.getByRole('heading', { name: 'Open the panel at its own address', level: 1 }).waitFor();
    const link = other.getByRole('link', { name: `http://localhost:${port}/admin` });
    assert.is(await link.getAttribute('href'), `http://localhost:${port}/admin`);
    assert.match(
      await other.locator('main').innerText(),
      new RegExp(`cannot connect from ${proxy.url.replace(/[.]/g, '\\.')}`),
    );
    await screenshot(other, 'people-wrong-address-1280-light');
  } finally {
    await other.close();
    await proxy.close();
  }
});

people(
  'behind a proxy that passes no WebSocket upgrades, the banner says the live connection is what fails',
  async () => {
    const proxy = await startHostRewritingProxy(direct, { rewriteHost: false, upgrades: false });
    const other = await context.newPage();
    try {
      await other.goto(`${proxy.url}/admin`);
      await other
        .locator('.banner-hint')
        .getByText('does not open. A proxy in front of Formstead may need to pass WebSocket upgrades.')
        .waitFor();
      assert.match(await other.locator('.banner').innerText(), /^Offline: changes are not saved/);
      await screenshot(other, 'people-no-upgrades-1280-light');
    } finally {
      await other.close();
      await proxy.close();
    }
  },
);

people(
  'the connection: Live while open; the server stops: reconnecting, then offline; it starts again: Live',
  async () => {
    await page.goto(`${direct}/admin/forms/${formId}?tab=submissions`);
    await page.locator('.topbar [data-connection="live"]').waitFor();
    await page.locator('table.submissions').waitFor();
    await server.stop();
    await page.locator('.topbar [data-connection="reconnecting"], .topbar [data-connection="offline"]').waitFor();
    await page
      .getByRole('status')
      .getByText(/Reconnecting…|Offline: changes are not saved/)
      .waitFor();
    await page.locator('.topbar [data-connection="offline"]').waitFor();
    assert.match(await page.locator('.banner').innerText(), /Offline: changes are not saved/);
    assert.not.match(
      await page
        .locator('.live')
        .allInnerTexts()
        .then((t) => t.join(' ')),
      /^Live/,
    );
    await screenshot(page, 'people-offline-1280-light');
    assert.ok(await page.locator('table.submissions').isVisible(), 'what was shown stays while offline');
    assert.is(await page.locator('main [role="alert"]').count(), 0, 'no error in place of the data');
    server = await start();
    await page.locator('.topbar [data-connection="live"]').waitFor();
    assert.is(await page.locator('.banner').count(), 0, 'the banner is gone');
    // Back live: new submissions arrive on the table again.
    const sent = await call(direct, 'POST', `/v1/f/${formId}`, { body: { values: { full_name: 'Back Again' } } });
    assert.is(sent.status, 201);
    await page.getByRole('cell', { name: 'Back Again' }).waitFor();
    assert.equal(
      errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket connection to .* failed/.test(e)),
      [],
      'no script errors',
    );
  },
);

people.run();
