// Steps and show conditions on the light page (client/hosted/light/steps.ts) in Chromium, keyboard only (Tab,
// Enter, Space, arrows), at 1280 x 800 and 390 x 844. A trip form of three steps: "Company" shows only for a
// work trip, which a route then takes past "Holiday plans" to the last step; "A high chair" (required) shows
// only for more than two guests. Continue refuses with the step's problems (a hidden field has none), Back
// returns with the answers, the route skips a step, the progress line says where the person is; what is
// stored and what the funnel counts are what the renderer's page gives for the same keys: the same form
// published again with edit links (which only the renderer's page serves) is walked with the same keystrokes
// and compared. A reload brings the step and its answers back; an answer sent offline from the page the
// service worker opened goes once the network is back; a second visit with kept answers counts in the funnel
// as on the renderer's page. axe finds nothing serious; screenshots beside the renderer's for the same step.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, pageErrors, screenshot, withoutOfflineFailures } from '../helpers/browser.ts';
import { focusedName, focusOn } from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

const choices = (...labels: string[]) => labels.map((label) => ({ value: label.toLowerCase(), label }));
const trip = {
  id: 'trip',
  title: 'Plan a trip',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'who',
      title: 'Who is going',
      fields: [
        { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
        {
          key: 'kind',
          type: 'radio',
          label: 'Kind of trip',
          options: choices('Work', 'Holiday'),
          validation: { required: true },
        },
        {
          key: 'company',
          type: 'text',
          label: 'Company',
          helperText: 'As on your badge.',
          show: [{ field: 'kind', eq: 'work' }],
          validation: { required: true },
        },
      ],
      routes: [{ to: 'end', show: [{ field: 'kind', eq: 'work' }] }],
    },
    {
      id: 'fun',
      title: 'Holiday plans',
      description: 'Tell us what you like.',
      fields: [
        { key: 'guests', type: 'number', label: 'Guests', validation: { required: true, min: 1 } },
        {
          key: 'chair',
          type: 'checkbox',
          label: 'A high chair',
          show: [{ field: 'guests', gt: 2 }],
          validation: { required: true },
        },
      ],
    },
    { id: 'end', title: 'Anything else', fields: [{ key: 'note', type: 'textarea', label: 'Anything else?' }] },
  ],
};

/** Publishes the trip; `renderer`: with edit links, a setting only the renderer's page serves. */
async function publish(renderer = false) {
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: trip } });
  assert.is(r.status, 201, r.text);
  const id = r.json.form_id as string;
  if (renderer) {
    const p = await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { allow_edit_days: 5 } });
    assert.is(p.status, 200, p.text);
  }
  return id;
}

const stored = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
  }[];

type Question = { key: string; reached: number; answered: number; skipped: number; stopped: number };
const stats = async (id: string) =>
  (await call(server.url, 'GET', `/v1/forms/${id}/stats`, { key: OWNER_KEY })).json as {
    completions: number;
    questions: Question[];
  };
const counted = (qs: Question[]) => qs.reduce((n, q) => n + q.reached + q.answered + q.skipped, 0);
/**
 * The funnel per question of `id` once `events` question events landed (beacons arrive when the browser sends
 * them): each question as `key reached/answered/skipped/stopped`. Gives up after 100 looks (what came so far).
 */
async function funnelOf(id: string, events: number) {
  let s = await stats(id);
  for (let i = 0; i < 100 && counted(s.questions) < events; i++) {
    await new Promise((r) => setTimeout(r, 100));
    s = await stats(id);
  }
  return s.questions.map((q) => `${q.key} ${q.reached}/${q.answered}/${q.skipped}/${q.stopped}`);
}

/** Opens the form's page and waits for its script to take the form over; answers the scripts it fetched. */
async function open(page: Page, id: string) {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${server.url}/f/${id}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.locator('.fs-step-title:visible').waitFor();
  return scripts;
}

/** Tabs (Shift+Tab with `back`) until what has the focus is named `name`. */
async function tabTo(page: Page, name: RegExp, back = false) {
  for (let i = 0; i < 40; i++) {
    if (name.test(await focusedName(page))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${name} (last: "${await focusedName(page)}")`);
}

const heading = (page: Page) => page.locator('.fs-step-title:visible').textContent();
const progress = (page: Page) => page.locator('.fs-progress-label').textContent();
/** A field's frame, by its key. */
const box = (page: Page, key: string) => page.locator(`[data-fs-key="${key}"]`);
const errorsShown = (page: Page) => page.locator('.fs-error:visible').allTextContents();

/**
 * The holiday walk, keyboard only, checking each screen: the same on the light page and the renderer's.
 * `shots`: screenshots of the second step under this name.
 */
async function holiday(page: Page, shots?: string) {
  assert.is(await heading(page), 'Who is going');
  assert.is(await progress(page), 'Step 1', 'the route decides how long the rest is');
  assert.not.ok(await box(page, 'company').isVisible(), 'shown only for a work trip');
  // Continue with nothing typed: the step's problems, the focus on the first; the hidden company has none.
  await tabTo(page, /^Your name/);
  await page.keyboard.press('Enter');
  await page.locator('.fs-error').first().waitFor();
  assert.match(await focusedName(page), /^Your name/);
  assert.is((await errorsShown(page)).length, 2, 'name and kind');
  assert.is(await heading(page), 'Who is going', 'Continue refused');
  if (shots) await screenshot(page, `${shots}-errors`);
  await page.keyboard.type('Ada');
  await tabTo(page, /^Work$/);
  // Space chooses Work: Company appears, with its help (the hint of the page without script is gone).
  await page.keyboard.press('Space');
  await box(page, 'company').waitFor();
  assert.is(await page.locator('.fs-field:visible .fs-help').textContent(), 'As on your badge.');
  await tabTo(page, /^Company/);
  await page.keyboard.type('Acme');
  // A holiday instead: Company goes, and its answer with it.
  await tabTo(page, /^Work$/, true);
  await page.keyboard.press('ArrowDown');
  await box(page, 'company').waitFor({ state: 'hidden' });
  // Enter on a radio chooses it; Continue by Enter.
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Holiday plans');
  assert.is(await progress(page), 'Step 2 of 3');
  assert.is(await page.locator('[role=progressbar]').getAttribute('aria-valuenow'), '67');
  assert.is(await page.locator('.fs-step-description:visible').textContent(), 'Tell us what you like.');
  // Continue refuses an empty required number; three guests show the high chair, required as well.
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Guests *');
  assert.equal(await errorsShown(page), ['This field is required']);
  await page.keyboard.type('3');
  await box(page, 'chair').waitFor();
  if (shots) await screenshot(page, shots);
  await page.keyboard.press('Enter');
  assert.equal(await errorsShown(page), ['This field is required'], 'the chair, now shown');
  // Two guests: the chair goes and is neither checked nor sent; Continue goes on.
  await tabTo(page, /^Guests/, true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await box(page, 'chair').waitFor({ state: 'hidden' });
  // Back returns to the first step with its answers; Continue twice reaches the last.
  await tabTo(page, /^Back$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Who is going');
  assert.is(await page.locator('input[name=name]').inputValue(), 'Ada');
  assert.ok(await page.getByRole('radio', { name: 'Holiday' }).isChecked());
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Holiday plans');
  assert.is(await page.locator('input[name=guests]').inputValue(), '2');
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Anything else');
  assert.is(await progress(page), 'Step 3 of 3');
  await tabTo(page, /^Anything else\?/);
  await page.keyboard.type('A quiet room.');
  await tabTo(page, /^Send$/);
  await page.keyboard.press('Enter');
  await page.locator('.fs-success').waitFor();
}

/** The work walk: the route takes the person past "Holiday plans"; Back returns to the first step. */
async function work(page: Page) {
  await tabTo(page, /^Your name/);
  await page.keyboard.type('Bo');
  await tabTo(page, /^Work$/);
  await page.keyboard.press('Space');
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Company *');
  assert.equal(await errorsShown(page), ['This field is required'], 'shown, so asked');
  await page.keyboard.type('Acme');
  await page.keyboard.press('Enter');
  await focusOn(page, 'Anything else');
  assert.is(await progress(page), 'Step 2 of 2', 'the route skipped a step');
  await tabTo(page, /^Back$/, true);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Who is going');
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Anything else');
  await tabTo(page, /^Send$/);
  await page.keyboard.press('Enter');
  await page.locator('.fs-success').waitFor();
}

const t = suite('steps and show conditions on the light page');
t.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' } });
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  t(`${width} px: both walks by keyboard store and count what the renderer's page does`, async () => {
    const light = await publish();
    const renderer = await publish(true);
    const stores: Record<string, unknown>[][] = [];
    for (const id of [light, renderer]) {
      const lit = id === light;
      for (const walk of [holiday, work]) {
        const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
        const page = await context.newPage();
        const errors = pageErrors(page);
        const scripts = await open(page, id);
        if (lit) assert.equal(scripts.sort(), ['/assets/light-steps.js', '/assets/light.js'], 'no Preact');
        else assert.ok(scripts.includes('/assets/hosted.js'), 'the renderer page');
        if (walk === holiday && lit) await assertAxe(page, `light steps, ${width}`, { headingOne: true });
        await walk(page, walk === holiday ? `light-steps-${lit ? 'light' : 'renderer'}-${width}` : undefined);
        assert.equal(errors, []);
        await context.close();
      }
      stores.push((await stored(id)).map((s) => s.values));
    }
    assert.equal(stores[0], stores[1], 'the same answers stored');
    const [bo, ada] = ['Bo', 'Ada'].map((n) => stores[0].find((v) => v.name === n)!);
    assert.equal([bo.kind, bo.company, 'guests' in bo], ['work', 'Acme', false], 'the route passed the holiday');
    assert.equal([ada.kind, ada.guests, ada.note], ['holiday', 2, 'A quiet room.']);
    assert.not.ok('company' in ada || 'chair' in ada, 'hidden answers are not sent');
    // The holiday walk reaches 6 questions and leaves 5 (the chair was shown, then Back); the work walk
    // reaches 4 and leaves 4.
    const light_ = await funnelOf(light, 19);
    assert.equal(light_, await funnelOf(renderer, 19), 'the same funnel per question');
    assert.is(light_.length, 6);
    const events = light_.flatMap((l) => l.split(/[ /]/).slice(1, 4).map(Number));
    assert.is(
      events.reduce((a, b) => a + b),
      19,
      'every event landed',
    );
  });
}

t('a reload brings the step and its answers back; opened offline, the steps work and Send goes later', async () => {
  const id = await publish();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await open(page, id);
  await tabTo(page, /^Your name/);
  await page.keyboard.type('Cy');
  await tabTo(page, /^Work$/);
  await page.keyboard.press('ArrowDown');
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await focusOn(page, 'Holiday plans');
  await tabTo(page, /^Guests/);
  await page.keyboard.type('5');
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"guests":5'), `formstead:answers:${id}`);
  await page.reload();
  await page.locator('.fs-resumed').waitFor();
  assert.is(await heading(page), 'Holiday plans', 'the step taken');
  assert.is(await page.locator('input[name=guests]').inputValue(), '5');
  assert.ok(await box(page, 'chair').isVisible(), 'five guests show the chair');
  // The service worker keeps the page and every script it loaded (light-steps.js too).
  await page.waitForFunction(
    async (urls) => (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean),
    [page.url(), `${server.url}/assets/light.js`, `${server.url}/assets/light-steps.js`],
    { polling: 200 },
  );
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto(`${server.url}/f/${id}`);
  await offline.locator('.fs-resumed').waitFor();
  assert.is(await heading(offline), 'Holiday plans');
  await offline.getByLabel('A high chair').check();
  await offline.getByRole('button', { name: 'Continue' }).click();
  await focusOn(offline, 'Anything else');
  await offline.getByRole('button', { name: 'Send' }).click();
  await offline.getByText('Saved on this device. It will be sent when you are back online.').waitFor();
  await context.setOffline(false);
  await offline.locator('.fs-success').waitFor();
  const [answer] = await stored(id);
  assert.equal([answer.values.name, answer.values.guests, answer.values.chair], ['Cy', 5, true]);
  // The first page's counting beacons may be in flight when the browser goes offline.
  assert.equal(withoutOfflineFailures(errors), []);
  await context.close();
});

t("answers kept from an earlier visit: the funnel counts the second visit as the renderer's page does", async () => {
  const funnels: string[][] = [];
  for (const renderer of [false, true]) {
    const id = await publish(renderer);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const first = await context.newPage();
    const errors = pageErrors(first);
    await open(first, id);
    await first.getByLabel('Your name').fill('Di');
    await first.getByRole('radio', { name: 'Holiday' }).check();
    await first.getByRole('button', { name: 'Continue' }).click();
    await first.getByLabel('Guests').fill('5');
    await first.waitForFunction((key) => localStorage.getItem(key)?.includes('"guests":5'), `formstead:answers:${id}`);
    // A new tab is a visit of its own (its session lives in sessionStorage); the answers come back from
    // localStorage, on the second step.
    const later = await context.newPage();
    errors.push(...pageErrors(later));
    await later.goto(`${server.url}/f/${id}`);
    await later.locator('.fs-resumed').waitFor();
    assert.is(await heading(later), 'Holiday plans');
    // The first visit reached 4 questions and left 2; the second reaches the first step's two again, leaves
    // them as the kept answers walk it forward, and reaches the two of the step they lead to.
    funnels.push(await funnelOf(id, 12));
    assert.equal(errors, []);
    await context.close();
  }
  assert.equal(funnels[0], funnels[1]);
  assert.is(
    funnels[0].find((l) => l.startsWith('name ')),
    'name 2/2/0/0',
    'counted by each visit',
  );
});

t.run();
