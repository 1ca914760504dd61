// Counting from real page loads in Chromium: the hosted page, the iframe embed and the inline embed on a
// site of another origin send a view once per browser session, a start at the first answer and each step
// reached, with the referrer's host and the page's utm_* values; completions come from the stored
// answers. The stats API and the panel's overview show them (at 1280 and 390 px, by keyboard, axe clean).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { call } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let key = '';
let host: http.Server;
let hostUrl = '';
const pages = new Map<string, string>();

const definition = {
  id: 'signup',
  title: 'Sign up',
  submit: { label: 'Send' },
  steps: [
    { id: 'you', title: 'About you', fields: [{ key: 'name', type: 'text', label: 'Your name' }] },
    {
      id: 'plan',
      title: 'Your plan',
      fields: [
        {
          key: 'plan',
          type: 'radio',
          label: 'Plan',
          options: [
            { value: 'free', label: 'Free' },
            { value: 'pro', label: 'Pro' },
          ],
        },
        { key: 'seats', type: 'number', label: 'Seats' },
      ],
    },
  ],
};

const publish = async () =>
  (await call(server.url, 'POST', '/v1/forms', { key, body: { definition } })).json.form_id as string;

interface Stats {
  views: number;
  starts: number;
  completions: number;
  median_seconds: number | null;
  steps: { id: string; reached: number }[];
  questions: { key: string; reached: number; answered: number; stopped: number }[];
  sources: { source: string; views: number; completions: number }[];
}
const stats = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/stats`, { key })).json as Stats;

/**
 * Reads the stats until `done` holds: a beacon is sent when the browser gets to it. Not a timed
 * assertion: the suite's own timeout is the only bound.
 */
async function statsWhen(formId: string, done: (s: Stats) => boolean): Promise<Stats> {
  for (;;) {
    const s = await stats(formId);
    if (done(s)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Answers the two steps of the form in `frame` (a page or an iframe's frame) and sends them. */
async function answer(frame: Pick<Page, 'getByLabel' | 'getByRole' | 'locator'>) {
  await frame.getByLabel('Your name').fill('Ada');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel('Pro').check();
  await frame.getByLabel('Seats').fill('5');
  await frame.getByRole('button', { name: 'Send' }).click();
  await frame.locator('.fs-success').waitFor();
}

/** A page of the host site embedding the form with `snippet`. */
function hostPage(path: string, snippet: string) {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title><link rel="icon" ` +
      `href="data:,"></head><body><main><h1>Our host site</h1>${snippet}</main></body></html>`,
  );
  return `${hostUrl}${path}`;
}

const counted = suite('form stats: counted from real page loads');
counted.before(async () => {
  ({ server, cookie } = await startWithOwner());
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const body = pages.get((req.url ?? '').split('?')[0]);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
counted.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server?.stop();
});

let hostedForm = '';

counted('the hosted page: view, start, each step and the completion, under its utm_source', async () => {
  hostedForm = await publish();
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = pageErrors(page);
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/events') && sent.push(r.postData() ?? ''));
  await page.goto(`${server.url}/f/${hostedForm}?utm_source=Newsletter`);
  await page.locator('.fs-renderer-host').waitFor();
  const viewed = await statsWhen(hostedForm, (s) => s.views === 1 && s.steps[0].reached === 1);
  assert.equal([viewed.starts, viewed.completions], [0, 0], 'looking is not starting');
  await answer(page);
  const s = await statsWhen(hostedForm, (x) => x.completions === 1 && x.steps[1].reached === 1);
  assert.equal([s.views, s.starts, s.completions], [1, 1, 1]);
  assert.equal(
    s.steps.map((x) => x.reached),
    [1, 1],
  );
  assert.equal(s.sources, [{ source: 'newsletter', views: 1, completions: 1 }]);
  assert.type(s.median_seconds, 'number', 'the page measured the time from the first answer');
  // Nothing personal is sent: the session id and the counted events, no answer.
  for (const body of sent) {
    assert.not.match(body, /Ada|Pro|"5"/);
    assert.match(body, /^\{"session":"[A-Za-z0-9_-]{8,64}","events":\[/);
  }
  assert.is(await page.evaluate(() => document.cookie), '', 'no cookie');
  assert.is(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage');

  // Once per browser session: a reload sends no view again; another session (a new context) counts.
  const before = sent.length;
  await page.reload();
  await page.locator('.fs-renderer-host').waitFor();
  const other = await context.browser()!.newContext();
  const second = await other.newPage();
  await second.goto(`${server.url}/f/${hostedForm}`);
  await second.locator('.fs-renderer-host').waitFor();
  const again = await statsWhen(hostedForm, (x) => x.views === 2);
  assert.is(sent.length, before, 'the reloaded page sent nothing: its view and first step were counted already');
  assert.equal(again.sources, [
    { source: 'newsletter', views: 1, completions: 1 },
    { source: 'direct', views: 1, completions: 0 },
  ]);
  assert.equal(errors, [], 'no script errors');
  await closePage(second);
  await other.close();
  await closePage(page);
  await context.close();
});

counted('the iframe embed: counted under the host page’s utm values, answers sent inside the iframe', async () => {
  const id = await publish();
  const url = hostPage('/iframe.html', `<script src="${server.url}/embed.js" data-form="${id}"></script>`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}?utm_source=Blog&utm_campaign=Launch`, { referer: 'https://search.example/q?x=1' });
  const src = await page.locator('iframe').getAttribute('src');
  assert.is(src, `${server.url}/f/${id}?embed=1&fs_ref=search.example&utm_source=Blog&utm_campaign=Launch`);
  const frame = page.frameLocator('iframe');
  await frame.locator('.fs-renderer-host').waitFor();
  await answer(frame as unknown as Page);
  const s = await statsWhen(id, (x) => x.completions === 1 && x.steps[1].reached === 1);
  assert.equal([s.views, s.starts, s.completions], [1, 1, 1]);
  assert.equal(s.sources, [{ source: 'blog / launch', views: 1, completions: 1 }]);
  await closePage(page);
  await context.close();
});

counted('the inline embed: counted under the host page’s referrer host, posted across origins', async () => {
  const id = await publish();
  const url = hostPage(
    '/inline.html',
    `<script src="${server.url}/embed.js" data-form="${id}" data-mode="inline"></script>`,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(url, { referer: 'https://www.news.example/story/42' });
  await page.locator('.formstead-embed .fs-renderer-host').waitFor();
  await answer(page);
  const s = await statsWhen(id, (x) => x.completions === 1 && x.steps[1].reached === 1);
  assert.equal([s.views, s.starts, s.completions], [1, 1, 1]);
  assert.equal(s.sources, [{ source: 'news.example', views: 1, completions: 1 }]);
  // The inline embed reports each question reached and answered too (the funnel per question).
  const q = await statsWhen(id, (x) => x.questions.every((y) => y.answered === 1));
  assert.equal(
    q.questions.map((y) => [y.key, y.reached, y.answered, y.stopped]),
    [
      ['name', 1, 1, 0],
      ['plan', 1, 1, 0],
      ['seats', 1, 1, 0],
    ],
  );
  // The host site's own sessionStorage holds the session; nothing in its cookies or localStorage.
  assert.ok(await page.evaluate(() => sessionStorage.getItem('formstead:session')));
  assert.is(await page.evaluate(() => document.cookie + localStorage.length), '0');
  assert.equal(errors, [], 'no script errors');
  await closePage(page);
  await context.close();
});

/** Elements of the overview reaching past the right edge of the screen (run in the page). */
const wider = () =>
  [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);

counted('the panel overview shows the funnel, steps, sources and answers by question; 1280 and 390 px', async () => {
  const context: BrowserContext = await browser.newContext({ bypassCSP: true });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = pageErrors(page);
  await page.goto(`${server.url}/admin/forms/${hostedForm}`);
  const funnel = page.locator('ol.funnel');
  await funnel.waitFor();
  assert.equal(
    (await funnel.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()),
    ['2 views', '1 started 50% of views', '1 response 100% of those who started'],
  );
  // The second visitor saw the name question and went no further: the one real quit, named on its question.
  await page.getByText('1 person stopped at “Your name” (50% of those who saw it)').waitFor();
  const sources = page.locator('section.card', { hasText: 'Sources' }).locator('tbody tr');
  assert.equal(await sources.allInnerTexts(), ['newsletter\t1\t1', 'direct\t1\t0']);
  const plan = page.locator('section.question', { hasText: 'Plan' });
  assert.match(await plan.innerText(), /Free\s+0 \(0%\)[\s\S]*Pro\s+1 \(100%\)/);
  assert.match(await page.locator('section.question', { hasText: 'Seats' }).innerText(), /Smallest\s+5/);
  assert.match(await page.locator('section.question', { hasText: 'Your name' }).innerText(), /Ada/);
  await assertAxe(page, 'form overview with stats');
  await screenshot(page, 'admin-form-stats-1280');

  // By keyboard: the period is a native select; the chart follows it.
  await page.locator('#stats-period').focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('img', { name: '2 views in the last 90 days' }).waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-form-stats-390');
  assert.equal(await page.evaluate(wider), [], 'nothing of the overview is wider than the screen');
  await assertAxe(page, 'form overview with stats at 390 px');
  assert.equal(
    errors.filter((e) => !e.startsWith('Failed to load resource')),
    [],
    'no script errors',
  );
  await closePage(page);
  await context.close();
});

counted.run();
