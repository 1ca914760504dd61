// The funnel per question from real page loads in Chromium (issue 34): the routed feedback survey answered on
// the hosted page by three people, one question per screen and classic. A promoter is routed past "What went
// wrong", which must not count them lost there; a person who closes the page mid-way is counted as stopped
// where they were; an optional question left empty is skipped, not a quit. The panel's overview names the
// real quits and keeps answers no page measured out of the rate (1280 and 390 px, axe).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { call } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot, signedInPage } from '../helpers/browser.ts';
import { funnelDefinition } from '../helpers/funnel-form.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
/** An account key of the owner's workspace: its forms show in the panel. */
let key = '';
/** The classic form answered by the first test, shown in the panel by the last. */
let classicForm = '';

type Question = { key: string; reached: number; answered: number; skipped: number; stopped: number };
interface Stats {
  completions: number;
  completions_without_visit: number;
  questions: Question[];
}

const stats = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/stats`, { key })).json as Stats;

/** Reads the stats until `done` holds (beacons arrive when the browser sends them); the suite's timeout bounds it. */
async function statsWhen(formId: string, done: (s: Stats) => boolean): Promise<Stats> {
  for (;;) {
    const s = await stats(formId);
    if (done(s)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many question events the stats hold: waited for, so the assertion then reads where each one landed. */
const counted = (s: Stats) => s.questions.reduce((n, q) => n + q.reached + q.answered + q.skipped, 0);

/** Each question as `key reached/answered/skipped/stopped`. */
const lines = (s: Stats) => s.questions.map((q) => `${q.key} ${q.reached}/${q.answered}/${q.skipped}/${q.stopped}`);

/** A new person (a browser context of their own: their own session) on the hosted page. */
async function person(formId: string): Promise<{ page: Page; errors: string[]; done(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  return {
    page,
    errors,
    done: async () => {
      await closePage(page);
      await context.close();
    },
  };
}

const score = (page: Page, n: number) => page.getByRole('radio', { name: new RegExp(`^${n} of 10`) }).check();
const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();
const send = async (page: Page) => {
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success').waitFor();
};

const t = suite('funnel per question: the hosted page in Chromium');
t.before(async () => {
  ({ server, cookie } = await startWithOwner());
  const { client, close } = adminClient(server, cookie);
  key = (await client.keys.create.mutate({ name: 'tests' })).key;
  close();
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const publish = async (layout: 'classic' | 'one_per_screen') => {
  const r = await call(server.url, 'POST', '/v1/forms', {
    key,
    body: { definition: funnelDefinition(layout) },
  });
  assert.is(r.status, 201, r.text);
  return r.json.form_id as string;
};

t(
  'classic: a question counts as reached when its step shows it, answered when it has a value as the step is left',
  async () => {
    const id = await publish('classic');
    classicForm = id;
    // A promoter: routed to "What did you like".
    const p = await person(id);
    await p.page.getByLabel('Your name').fill('Pia');
    await score(p.page, 10);
    await next(p.page);
    await p.page.getByLabel('What did you like?').fill('Speed');
    await send(p.page);
    // A detractor who leaves "What went wrong" empty: skipped, not a quit.
    const d = await person(id);
    await d.page.getByLabel('Your name').fill('Dan');
    await score(d.page, 3);
    await next(d.page);
    await d.page.getByLabel('What went wrong?').waitFor();
    await send(d.page);
    // Someone who types a name and closes the page: both questions of the step were shown, neither left.
    const q = await person(id);
    await q.page.getByLabel('Your name').fill('Quinn');
    // 8 questions shown, 5 left with an answer, 1 without.
    const s = await statsWhen(id, (x) => x.completions === 2 && counted(x) === 8 + 5 + 1);
    assert.equal(lines(s), ['name 3/2/0/1', 'nps 3/2/0/1', 'wrong 1/0/1/0', 'liked 1/1/0/0']);
    assert.is(s.completions_without_visit, 0);
    for (const x of [p, d, q]) assert.equal(x.errors, []);
    await Promise.all([p.done(), d.done(), q.done()]);
  },
);

t(
  'one per screen: each question reached on its own screen; a quit is counted on the question it happened on',
  async () => {
    const id = await publish('one_per_screen');
    const p = await person(id);
    await p.page.getByLabel('Your name').fill('Pia');
    await next(p.page);
    await score(p.page, 9);
    await next(p.page);
    await p.page.getByLabel('What did you like?').fill('Speed');
    await send(p.page);
    const d = await person(id);
    await d.page.getByLabel('Your name').fill('Dan');
    await next(d.page);
    await score(d.page, 2);
    await next(d.page);
    // The statement has a screen of its own, and is no question.
    await d.page.getByText('Sorry to hear that').waitFor();
    await next(d.page);
    await d.page.getByLabel('What went wrong?').fill('Too slow');
    await send(d.page);
    // Answers the name, sees the NPS question and closes the page: a quit on the NPS question only.
    const q = await person(id);
    await q.page.getByLabel('Your name').fill('Quinn');
    await next(q.page);
    await q.page.getByRole('radio', { name: /^10 of 10/ }).waitFor();
    // 8 questions shown, 7 left with an answer.
    const s = await statsWhen(id, (x) => x.completions === 2 && counted(x) === 8 + 7);
    assert.equal(lines(s), ['name 3/3/0/0', 'nps 3/2/0/1', 'wrong 1/1/0/0', 'liked 1/1/0/0']);
    for (const x of [p, d, q]) assert.equal(x.errors, []);
    await Promise.all([p.done(), d.done(), q.done()]);
  },
);

/** Elements of the overview reaching past the right edge of the screen (run in the page). */
const wider = () =>
  [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);

t('the panel overview: the real quits named, routed people not lost, API answers kept out of the rate', async () => {
  // An answer through the API: a response, but no page measured its visit.
  const api = await call(server.url, 'POST', `/v1/f/${classicForm}`, { body: { values: { name: 'Api', nps: 7 } } });
  assert.is(api.status, 201, api.text);
  for (const width of [1280, 390]) {
    const { page, errors } = await signedInPage(browser, server.url, cookie, width);
    await page.goto(`${server.url}/admin/forms/${classicForm}`);
    const stops = page.locator('ul.stops li');
    await stops.first().waitFor();
    assert.equal(await stops.allInnerTexts(), [
      '1 person stopped at “Your name” (33% of those who saw it)',
      '1 person stopped at “How likely are you to recommend us?” (33% of those who saw it)',
    ]);
    const rows = page.locator('table.funnel-questions tbody tr');
    const cells = async () =>
      await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.equal(await cells(), [
      ['Your name', '3', '2', '0', '1 (33%)'],
      ['How likely are you to recommend us?', '3', '2', '0', '1 (33%)'],
      ['What went wrong?', '1', '0', '1', '0'],
      ['What did you like?', '1', '1', '0', '0'],
    ]);
    const responses = page.locator('ol.funnel li').nth(2);
    assert.match(
      (await responses.innerText()).replace(/\s+/g, ' '),
      /^3 responses 67% of those who started 1 of them by API, import or without JavaScript: not in the rate$/,
    );
    await assertAxe(page, `form overview with the funnel per question at ${width} px`);
    await page.locator('table.funnel-questions').scrollIntoViewIfNeeded();
    await screenshot(page, `admin-funnel-questions-${width}`);
    // The parts this issue changed, close up (the full page is long).
    for (const [part, name] of [
      ['How it does', 'rates'],
      ['Where people stop', 'stops'],
    ])
      await page
        .locator('section', { has: page.getByRole('heading', { name: part }) })
        .screenshot({ path: `test/artifacts/admin-funnel-${name}-${width}.png` });
    assert.equal(await page.evaluate(wider), [], 'nothing of the overview is wider than the screen');
    assert.equal(
      errors.filter((e) => !e.startsWith('Failed to load resource')),
      [],
    );
    await closePage(page);
    await page.context().close();
  }
});

t.run();
