// The Versions tab (what changed between two versions, in words, with "Show JSON" for the raw view) and
// the answers table at both widths: at 1280 px no word is broken inside ("Dev/eloper"), measured per word
// with Range.getClientRects; at 390 px no stacked label overlaps a value (getBoundingClientRect). By
// keyboard alone; axe clean; screenshots in test/artifacts. Chromium against the bundle.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let formId = '';

const text = (key: string, label: string) => ({ key, type: 'text', label });
/** A job application with many columns, some with long labels, as the walkthrough's table had. */
const definition = (nameLabel: string, extra: object[] = []) => ({
  id: 'jobs',
  title: 'Job application',
  submit: { label: 'Apply' },
  fields: [
    text('name', nameLabel),
    { key: 'email', type: 'email', label: 'Email' },
    {
      key: 'role',
      type: 'radio',
      label: 'Which role are you applying for?',
      options: [
        { value: 'dev', label: 'Developer' },
        { value: 'design', label: 'Designer' },
      ],
    },
    text('company', 'Current company'),
    text('years', 'Years of professional experience'),
    { key: 'site', type: 'url', label: 'Portfolio' },
    text('heard', 'How did you hear about us?'),
    { key: 'note', type: 'textarea', label: 'Anything else we should know?' },
    ...extra,
  ],
});

const answers = [
  {
    name: 'Ada Lovelace',
    email: 'ada.lovelace.with.a.very.long.address@analytical-engines.example.com',
    role: 'dev',
    company: 'Analytical Engines Limited',
    years: '12',
    site: 'https://portfolio.example.com/ada-lovelace/projects/analytical-engine/notes-on-the-engine',
    heard: 'A friend who works there told me about the opening',
    note: 'Developer advocate for eight years; happy to relocate. Developer experience matters to me.',
  },
  {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    role: 'design',
    company: 'Navy',
    years: '30',
    site: 'https://grace.example.com',
    heard: 'Newsletter',
    note: 'Designer and Developer both.',
  },
];

const t = suite('versions and the answers table');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  const first = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: definition('Name') },
  });
  formId = first.json.form_id;
  for (const values of answers) {
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
    assert.is(sent.status, 201, sent.text);
  }
  const second = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: {
      form_id: formId,
      definition: definition('Full name', [{ key: 'phone', type: 'phone', label: 'Phone' }]),
    },
  });
  assert.is(second.status, 201, second.text);
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('Versions: each version says what changed; the diff names a changed label; Show JSON by keyboard', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=versions`);
  await page.getByRole('heading', { name: 'Versions' }).waitFor();
  const list = page.locator('ol.versions');
  assert.match(await list.locator('li').nth(0).innerText(), /Version 2[\s\S]*1 field added, 1 label changed/);
  assert.match(await list.locator('li').nth(1).innerText(), /Version 1[\s\S]*First version: 8 fields/);
  // The default: the latest against the one before.
  assert.is(await page.getByLabel('Changes from').inputValue(), '1');
  assert.is(await page.getByLabel('to', { exact: true }).inputValue(), '2');
  const changes = page.locator('ul.changes');
  await changes.getByText('Label: Name → Full name').waitFor();
  assert.match(await changes.innerText(), /Phone\s+phone\s+Added/);
  assert.match(await changes.innerText(), /Full name\s+name\s+Label: Name → Full name/, 'named by label, key beside');
  await assertAxe(page, 'versions at 1280 px', { headingOne: true });

  // Keyboard: choose version 2 against itself, then Show JSON and hide it again.
  await page.getByLabel('Changes from').focus();
  await page.getByLabel('Changes from').selectOption('2');
  await page.getByText('Versions 2 and 2 are the same.').waitFor();
  await page.getByLabel('Changes from').selectOption('1');
  const show = page.getByRole('button', { name: 'Show JSON' });
  await show.focus();
  await page.keyboard.press('Enter');
  const json = page.getByLabel('Definition of version 2');
  await json.waitFor();
  assert.match(await json.innerText(), /"label": "Full name"/);
  assert.is(await page.getByRole('button', { name: 'Hide JSON' }).getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Enter');
  await json.waitFor({ state: 'hidden' });

  // Version 1 chosen in the list: there is nothing before it.
  await page.getByRole('button', { name: 'Version 1' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('The first version: there is nothing before it to compare with.').waitFor();
  await page.getByRole('button', { name: 'Restore into draft' }).waitFor();
  await screenshot(page, 'versions-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Version 2' }).click();
  await changes.getByText('Label: Name → Full name').waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
  await screenshot(page, 'versions-390');
  await assertAxe(page, 'versions at 390 px', { headingOne: true });
  assert.equal(errors, []);
  await closePage(page);
});

/** Words split over two lines inside one cell: each word's client rects (a Range per word) on one line. */
const splitWords = (page: Page) =>
  page.locator('table.submissions tbody').evaluate((tbody) => {
    const split: string[] = [];
    let checked = 0;
    const walker = document.createTreeWalker(tbody, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      if (el.closest('.cell-label') || getComputedStyle(el).display === 'none') continue;
      for (const match of node.textContent!.matchAll(/\S+/g)) {
        // A long unbroken run (an address, a URL) may break where it must: that is what it is allowed.
        if (match[0].length > 30) continue;
        const range = document.createRange();
        range.setStart(node, match.index!);
        range.setEnd(node, match.index! + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        checked++;
        if (tops.size > 1) split.push(match[0]);
      }
    }
    return { split, checked };
  });

/** Label and value boxes of the stacked cells that overlap: within a cell, and a label with another's value. */
const overlaps = (page: Page) =>
  page.locator('table.submissions tbody').evaluate((tbody) => {
    const boxes = [...tbody.querySelectorAll('td')].flatMap((td) => {
      const label = td.querySelector('.cell-label');
      const value = td.querySelector('.cell-value');
      return label && value
        ? [{ name: label.textContent!, label: label.getBoundingClientRect(), value: value.getBoundingClientRect() }]
        : [];
    });
    const found: string[] = [];
    // Inline: a named function here would be renamed by the test's transform (__name), unknown in the page.
    for (const { name, label: l } of boxes)
      for (const { name: other, value: v } of boxes)
        if (l.left < v.right - 0.5 && v.left < l.right - 0.5 && l.top < v.bottom - 0.5 && v.top < l.bottom - 0.5)
          found.push(`${name} over ${other}'s value`);
    const shown = boxes.filter((b) => b.label.width > 0 && b.label.height > 0).length;
    return { found, shown, cells: boxes.length };
  });

t('the answers table at 1280 px: no word broken inside a cell, sideways scroll only inside its frame', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  const table = page.locator('table.submissions');
  await table.getByText('Developer', { exact: true }).waitFor();
  const { split, checked } = await splitWords(page);
  assert.ok(checked > 40, `words checked: ${checked}`);
  assert.equal(split, [], 'no word is split across lines');
  // Headers too: "Experience" and "professional" whole.
  const headerSplit = await table.locator('thead').evaluate((thead) =>
    [...thead.querySelectorAll('th')].flatMap((th) => {
      const node = [...th.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
      if (!node) return [];
      return [...node.textContent!.matchAll(/\S+/g)].flatMap((m) => {
        const range = document.createRange();
        range.setStart(node, m.index!);
        range.setEnd(node, m.index! + m[0].length);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1 ? [m[0]] : [];
      });
    }),
  );
  assert.equal(headerSplit, [], 'no header word is split');
  await screenshot(page, 'answers-table-1280');
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > innerWidth && !e.closest('.table-frame'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  assert.is(
    await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    0,
    `the page does not scroll: ${wide.join(', ')}`,
  );
  await assertAxe(page, 'answers table at 1280 px', { headingOne: true });

  // Keyboard: the first row's Open link is reached with Tab and opens the answer.
  await page
    .getByRole('link', { name: /^Open submission/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/submissions\/[^/]+$/);
  assert.equal(errors, []);
  await closePage(page);
});

t('the answers table at 390 px: stacked rows whose labels never overlap their values', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  await page.locator('table.submissions').getByText('Developer', { exact: true }).waitFor();
  const { found, shown, cells } = await overlaps(page);
  assert.ok(cells >= 20 && shown === cells, `every stacked cell shows its label (${shown} of ${cells})`);
  assert.equal(found, [], 'no label overlaps a value');
  assert.equal((await splitWords(page)).split, [], 'no word is split at 390 px either');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
  await screenshot(page, 'answers-table-390');
  await assertAxe(page, 'answers table at 390 px', { headingOne: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await assertAxe(page, 'answers table at 390 px, dark', { headingOne: true });
  assert.equal(errors, []);
  await closePage(page);
});

t.run();
