// The eight survey templates of the gallery (issue 33) as an owner would try them: each published through the
// API as it stands in shared/templates, then answered through the hosted page in Chromium by keyboard alone at
// 390 px; the stored values are the ones given and the ending shown is the one the answers choose (the 201's
// `ending` names it too).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { OWNER_KEY } from '../helpers/api.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { focusedName, press, publishSurvey, storedAnswers } from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { formTemplates } from '../../shared/templates/index.ts';

let server: RunningServer;
let browser: Browser;

/** One keyboard move: Tab to a control named so (unless it has the focus), press keys, or type text. */
type Move = { to: string } | { keys: string[] } | { type: string };

/** How a person answers one template, what is stored and which ending they see. */
interface Plan {
  template: string;
  moves: Move[];
  values: Record<string, unknown>;
  ending: string | null;
  shown: RegExp;
}

const to = (name: string): Move => ({ to: name });
const keys = (...k: string[]): Move => ({ keys: k });
const type = (text: string): Move => ({ type: text });
const right = (n: number) => keys(...Array(n).fill('ArrowRight'));

const plans: Plan[] = [
  {
    template: 'nps',
    moves: [to('0 of 10, Not at all likely'), right(9), to('Continue'), keys('Enter')]
      .concat([to('What is the main reason for your score?'), type('It is fast'), to('Continue'), keys('Enter')])
      .concat([to('Any other comments, feedback or concerns?'), type('Keep going'), to('Send'), keys('Enter')]),
    values: { nps: 9, reason: 'It is fast', comments: 'Keep going' },
    ending: null,
    shown: /^Your response was sent\.$/,
  },
  {
    template: 'csat',
    moves: [to('1 of 5, Very dissatisfied'), right(1), to('We are sorry. What went wrong?'), type('Slow reply')].concat(
      [to('Send'), keys('Enter')],
    ),
    values: { satisfaction: 2, went_wrong: 'Slow reply' },
    ending: null,
    shown: /^Your response was sent\.$/,
  },
  {
    template: 'product_feedback',
    moves: [to('1 of 5'), keys('Space'), right(1), to('Continue'), keys('Enter')]
      .concat([to('Thanks for sharing. What did you not like?'), type('Setup'), to('Continue'), keys('Enter')])
      .concat([to('Poor'), right(3), to('Add to ranking: Price'), keys('Enter')])
      .concat([to('Send feedback'), keys('Enter')]),
    values: { overall: 2, dislikes: 'Setup', parts: { ease_of_use: 'excellent' }, priorities: ['price'] },
    ending: null,
    shown: /^Your response was sent\.$/,
  },
  {
    template: 'product_market_fit',
    moves: [to('Very disappointed'), keys('Space'), to('What is the main benefit you get from our product?')]
      .concat([type('Saves hours'), to('I have read how my answers are used'), keys('Space'), to('Send')])
      .concat([keys('Enter')]),
    values: { disappointed: 'very_disappointed', main_benefit: 'Saves hours', consent: true },
    ending: 'fan',
    shown: /^People like you are why we build it/,
  },
  {
    template: 'churn',
    moves: [to('Difficult to use'), right(1), to('Send'), keys('Enter')],
    values: { reason: 'it_is_too_expensive' },
    ending: 'offer',
    shown: /^Before you go: we would like to offer you 30 % off the next year\. Claim the offer\./,
  },
  {
    template: 'quiz',
    moves: [
      to('Continue'),
      keys('Enter'),
      to('Sydney'),
      right(1),
      keys('Enter'),
      to('Saturn'),
      keys('Space', 'Enter'),
    ].concat([to('90 °C'), right(1), keys('Enter')]),
    values: { q_capital: 'canberra', q_planet: 'saturn', q_water: 'c100', points: 2 },
    ending: 'passed',
    shown: /^You passed with 2 of 3 points\.$/,
  },
  {
    template: 'feature_request',
    moves: [to('What would you like us to build?'), type('Dark mode'), to('1 of 5, Nice to have'), right(4)].concat([
      to('Send request'),
      keys('Enter'),
    ]),
    values: { idea: 'Dark mode', importance: 5 },
    ending: 'priority',
    shown: /goes straight to our roadmap review/,
  },
  {
    template: 'event_feedback',
    moves: [to('1 of 5'), keys('Space'), to('What should we change for next time?'), type('More breaks')].concat([
      to('Send feedback'),
      keys('Enter'),
    ]),
    values: { overall: 1, change: 'More breaks' },
    ending: 'sorry',
    shown: /^We are sorry it fell short\. Write to the organisers/,
  },
];

/** Presses Tab until a control whose name starts with `name` has the focus (a required one adds a mark). */
async function reach(page: Page, name: string) {
  for (let i = 0; i < 60 && !(await focusedName(page)).startsWith(name); i++) await press(page, 'Tab');
  assert.ok((await focusedName(page)).startsWith(name), `Tab never reached "${name}"`);
}

/** Makes each move in turn on `page`. */
async function play(page: Page, moves: Move[]) {
  for (const move of moves) {
    if ('to' in move) {
      await reach(page, move.to);
    } else if ('keys' in move) {
      for (const key of move.keys) await press(page, key);
    } else await page.keyboard.type(move.type);
  }
}

const gallery = suite('the survey templates, published and answered');
gallery.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
gallery.after(async () => {
  await browser?.close();
  await server?.stop();
});

gallery('eight survey templates, each planned here', () => {
  assert.is(plans.length, 8);
  for (const plan of plans)
    assert.ok(
      formTemplates.some((t) => t.id === plan.template),
      plan.template,
    );
});

for (const plan of plans) {
  gallery(`${plan.template}: published, answered by keyboard at 390 px, stored, its ending shown`, async () => {
    const template = formTemplates.find((t) => t.id === plan.template)!;
    const formId = await publishSurvey(server.url, template.definition);
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${formId}`);
    await page.locator('.fs-renderer-host').waitFor();
    await screenshot(page, `template-${plan.template}-390`);
    // The 201 the page receives, read on its way through (a keepalive request's body is not kept for later).
    const answered: { status: number; ending?: string | null }[] = [];
    await page.route(`${server.url}/v1/f/${formId}`, async (route) => {
      const response = await route.fetch();
      answered.push({ status: response.status(), ending: (await response.json()).ending });
      await route.fulfill({ response });
    });
    await play(page, plan.moves);
    const shown = page.locator('.fs-success-message');
    await shown.waitFor();
    assert.equal(answered, [{ status: 201, ending: plan.ending }]);
    assert.match(((await shown.textContent()) ?? '').trim(), plan.shown);
    await screenshot(page, `template-${plan.template}-ending-390`);
    const [answer] = await storedAnswers(server.url, formId);
    assert.equal(answer.values, plan.values);
    assert.equal(errors, []);
    await closePage(page);
  });
}

gallery.run();
