// The question types of issue 32 beyond the classic hosted page, in Chromium: one question per screen (Enter
// and autoAdvance on NPS, rating and scale), the inline embed in a shadow root on another origin, the popup
// embed's dialog, each by keyboard alone with axe; and the page without JavaScript, posted as a plain form
// (radio groups, a radio group per matrix row, a position select per ranking option, a time input).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import {
  focusedName,
  focusOn,
  press,
  publishSurvey,
  rankInTurn,
  storedAnswers,
  surveyDefinition,
  tabTo,
} from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let host: http.Server;
let hostUrl: string;
const pages = new Map<string, string>();

/** A page of another site holding `snippet`. */
function hostPage(path: string, snippet: string) {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title><link rel="icon" ` +
      `href="data:,"></head><body><main><h1>Our host site</h1>${snippet}</main></body></html>`,
  );
  return `${hostUrl}${path}`;
}

const layouts = suite('question types: one per screen, embeds, no JavaScript');
layouts.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  host = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
layouts.after(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await server.stop();
});

const advancing = { autoAdvance: true };

for (const width of [390, 1280]) {
  layouts(`one question per screen at ${width} px: Enter and autoAdvance move on, by keyboard alone`, async () => {
    const formId = await publishSurvey(
      server.url,
      surveyDefinition({ layout: 'one_per_screen' }, { nps: advancing, stars: advancing, ease: advancing }),
    );
    const page = await browser.newPage({ viewport: { width, height: 844 }, bypassCSP: true, locale: 'en-US' });
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${formId}`);
    const progress = page.locator('.fs-progress-text, .fs-progress').first();
    // The first question has the focus; arrow keys only move the choice, Enter takes it and moves on.
    await focusOn(page, '0 of 10, Not at all likely');
    await press(page, 'ArrowRight', 6);
    assert.match((await progress.textContent()) ?? '', /Question 1 of 7/);
    await assertAxe(page, `nps question, ${width}`);
    await screenshot(page, `question-types-ops-nps-${width}`);
    await press(page, 'Enter');
    await focusOn(page, '1 of 5');
    assert.match((await progress.textContent()) ?? '', /Question 2 of 7/);
    await press(page, 'ArrowRight', 2);
    await screenshot(page, `question-types-ops-rating-${width}`);
    // Space chooses the star that has the focus and, with autoAdvance, moves on.
    await press(page, 'Space');
    await focusOn(page, '1 of 5, Hard');
    await press(page, 'Enter');
    await focusOn(page, 'Bad');
    await press(page, 'Space');
    await press(page, 'Tab');
    await press(page, 'ArrowRight');
    await assertAxe(page, `matrix question, ${width}`);
    await screenshot(page, `question-types-ops-matrix-${width}`);
    // Enter on a matrix (no autoAdvance) is Continue.
    await press(page, 'Enter');
    await rankInTurn(page, ['Tea', 'Coffee', 'Juice']);
    await assertAxe(page, `ranking question, ${width}`);
    await screenshot(page, `question-types-ops-ranking-${width}`);
    await tabTo(page, 'Continue');
    await press(page, 'Enter');
    await focusOn(page, 'Type instead');
    await press(page, 'Enter');
    await focusOn(page, 'Type your name');
    await page.keyboard.type('Bo');
    // Enter before the signature is sent stays on the question and says why.
    await press(page, 'Enter');
    await page.getByRole('alert').filter({ hasText: 'A file is still uploading' }).waitFor();
    await page.locator('.fs-sign-status', { hasText: 'Signature saved' }).waitFor();
    await press(page, 'Tab');
    await focusOn(page, 'Type your name');
    await assertAxe(page, `signature question, ${width}`);
    await screenshot(page, `question-types-ops-signature-${width}`);
    await press(page, 'Enter');
    await focusOn(page, 'Best time to call');
    await page.keyboard.type('0215PM');
    await press(page, 'Enter');
    await page.locator('.fs-success-message').waitFor();
    const [answer] = await storedAnswers(server.url, formId);
    assert.equal(
      { ...answer.values, sign: typeof answer.values.sign?.file_id },
      {
        nps: 6,
        stars: 3,
        ease: 1,
        grid: { food: 'bad', service: 'ok' },
        drinks: ['tea', 'coffee', 'juice'],
        sign: 'string',
        when: '14:15',
      },
    );
    assert.equal(errors, []);
    await closePage(page);
  });
}

layouts('the inline embed on another site: styled in its shadow root, answered by keyboard, axe clean', async () => {
  const formId = await publishSurvey(server.url, surveyDefinition());
  const url = hostPage(
    '/inline.html',
    `<script src="${server.url}/embed.js" data-form="${formId}" data-mode="inline"></script>`,
  );
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'en-US' });
    const errors = pageErrors(page);
    await page.goto(url);
    await page.locator('.fs-renderer-host').waitFor();
    // The types' stylesheet is in the shadow root: a point's radio is invisible under its face.
    assert.is(
      await page
        .locator('.fs-point-input')
        .first()
        .evaluate((e) => getComputedStyle(e).opacity),
      '0',
    );
    await tabTo(page, '0 of 10, Not at all likely');
    await press(page, 'ArrowRight', 10);
    await tabTo(page, '1 of 5');
    await press(page, 'ArrowRight', 4);
    await tabTo(page, 'Bad');
    await press(page, 'Space');
    await press(page, 'Tab');
    await press(page, 'Space');
    await tabTo(page, 'Add to ranking: Juice');
    await press(page, 'Enter');
    await tabTo(page, 'Best time to call');
    await page.keyboard.type('0700AM');
    await assertAxe(page, `inline embed, ${width}`);
    await screenshot(page, `question-types-inline-${width}`);
    assert.is(await page.evaluate(() => document.documentElement.scrollWidth), width, 'nothing scrolls sideways');
    await tabTo(page, 'Send');
    await press(page, 'Enter');
    await page.locator('.fs-success-message').waitFor();
    assert.equal(errors, []);
    await closePage(page);
  }
  const [latest] = await storedAnswers(server.url, formId);
  assert.equal(latest.values, {
    nps: 10,
    stars: 5,
    grid: { food: 'bad', service: 'bad' },
    drinks: ['juice'],
    when: '07:00',
  });
});

for (const [mode, width] of [
  ['popup', 390],
  ['slider', 1280],
] as const) {
  layouts(`the ${mode} embed at ${width} px: the dialog holds the form, answered by keyboard`, async () => {
    const formId = await publishSurvey(server.url, surveyDefinition());
    const url = hostPage(
      `/${mode}.html`,
      `<script src="${server.url}/embed.js" data-form="${formId}" data-mode="${mode}"></script>`,
    );
    const page = await browser.newPage({ viewport: { width, height: 844 } });
    await page.goto(url);
    await page.getByRole('button', { name: 'Open the form' }).click();
    const frame = await (await page.locator('dialog iframe').elementHandle())!.contentFrame();
    await frame!.locator('.fs-renderer-host .fs-points').first().waitFor();
    await tabTo(page, '0 of 10, Not at all likely', frame!);
    await press(page, 'ArrowRight', 8);
    assert.is(await focusedName(frame!), '8 of 10');
    await tabTo(page, '1 of 5', frame!);
    await press(page, 'Space');
    await tabTo(page, 'Add to ranking: Tea', frame!);
    await press(page, 'Enter');
    await screenshot(page, `question-types-${mode}-${width}`);
    await tabTo(page, 'Send', frame!);
    await press(page, 'Enter');
    await frame!.locator('.fs-success-message').waitFor();
    const [answer] = await storedAnswers(server.url, formId);
    assert.equal(answer.values, { nps: 8, stars: 1, drinks: ['tea'] });
    await closePage(page);
  });
}

layouts('without JavaScript: the plain form posts radios, matrix rows, ranking positions and a time', async () => {
  const formId = await publishSurvey(server.url, surveyDefinition());
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/f/${formId}`);
  const opened = Date.now();
  assert.is(await page.locator('.fs-renderer-host').count(), 0, 'the renderer did not run');
  assert.is(
    await page.locator('.fs-sign-note').textContent(),
    'Signing needs JavaScript: turn it on in your browser to sign this form.',
  );
  await page.getByRole('radio', { name: '9 of 10' }).check();
  await page.getByRole('radiogroup', { name: 'Rate the service' }).getByRole('radio', { name: '4 of 5' }).check();
  await page.getByRole('radiogroup', { name: 'How easy was it?' }).getByRole('radio', { name: '2 of 5' }).check();
  await page.getByRole('radiogroup', { name: 'Food' }).getByLabel('Good').check();
  await page.getByRole('radiogroup', { name: 'Service' }).getByLabel('OK').check();
  await page.getByLabel('Coffee').selectOption('1');
  await page.getByLabel('Tea').selectOption('2');
  await page.getByLabel('Best time to call').fill('09:30');
  await screenshot(page, 'question-types-nojs-390');
  await page.waitForTimeout(Math.max(0, opened + 2200 - Date.now()));
  await Promise.all([
    page.waitForURL(`${server.url}/f/${formId}/thanks`),
    page.getByRole('button', { name: 'Send' }).click(),
  ]);
  const [answer] = await storedAnswers(server.url, formId);
  assert.equal(answer.values, {
    nps: 9,
    stars: 4,
    ease: 2,
    grid: { food: 'good', service: 'ok' },
    drinks: ['coffee', 'tea'],
    when: '09:30',
  });
  await context.close();
});

layouts.run();
