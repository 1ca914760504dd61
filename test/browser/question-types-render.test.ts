// The question types of issue 32 on the hosted page in Chromium, by keyboard alone at 1280 and 390 px with
// axe: NPS, rating and scale by arrow keys, a matrix row by row, a ranking with its buttons (and what the
// status region says), a signature typed instead of drawn and uploaded as a PNG, a time; the answers stored
// are the ones given. Also: the page of a form without these types does not link their stylesheet.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { download } from '../helpers/files.ts';
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

const types = suite('question types on the hosted page');
types.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
});
types.after(async () => {
  await browser?.close();
  await server.stop();
});

/** Answers the survey by keyboard from the top of `page`; `tag` names the screenshots. */
async function answerSurvey(page: Page, tag: string) {
  await tabTo(page, '0 of 10, Not at all likely');
  await press(page, 'ArrowRight', 9);
  assert.is(await focusedName(page), '9 of 10');
  await tabTo(page, '1 of 5');
  await press(page, 'Space');
  await press(page, 'ArrowRight', 3);
  assert.is(await focusedName(page), '4 of 5', 'a star reads "4 of 5"');
  await tabTo(page, '1 of 5, Hard');
  await press(page, 'ArrowRight');
  await tabTo(page, 'Bad');
  await press(page, 'ArrowRight', 2);
  await press(page, 'Tab');
  assert.is(await focusedName(page), 'Bad', 'Tab goes to the next row of the matrix');
  await press(page, 'ArrowRight');
  await tabTo(page, 'Add to ranking: Coffee');
  // The next item to rank takes the focus, so Enter after Enter ranks them in turn.
  await rankInTurn(page, ['Coffee', 'Tea', 'Juice']);
  await press(page, 'Shift+Tab');
  assert.is(await focusedName(page), 'Move up: Juice', 'Move down is off on the last item');
  await press(page, 'Enter');
  await focusOn(page, 'Move up: Juice');
  assert.is(await page.locator('.fs-ranking [role=status]').textContent(), 'Juice moved to position 2 of 3');
  assert.equal(await page.locator('.fs-rank-list .fs-rank-label').allTextContents(), ['Coffee', 'Juice', 'Tea']);
  await tabTo(page, 'Type instead');
  await press(page, 'Enter');
  await focusOn(page, 'Type your name');
  await page.keyboard.type('Ada Lovelace');
  await page.locator('.fs-sign-status', { hasText: 'Signature saved' }).waitFor();
  await tabTo(page, 'Best time to call');
  await page.keyboard.type('0930AM');
  await screenshot(page, `question-types-${tag}`);
  await assertAxe(page, `answered, ${tag}`);
  assert.is(
    await page.evaluate(() => document.documentElement.scrollWidth),
    await page.evaluate(() => window.innerWidth),
    'nothing scrolls sideways',
  );
  await tabTo(page, 'Send');
  await press(page, 'Enter');
  await page.locator('.fs-success-message').waitFor();
}

for (const width of [1280, 390]) {
  types(`every type by keyboard alone at ${width} px, axe clean; the answers stored are those given`, async () => {
    const formId = await publishSurvey(server.url, surveyDefinition());
    const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true, locale: 'en-US' });
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${formId}`);
    await page.locator('.fs-renderer-host').waitFor();
    await screenshot(page, `question-types-empty-${width}`);
    await assertAxe(page, `empty, ${width}`);
    await answerSurvey(page, `${width}`);
    const [answer] = await storedAnswers(server.url, formId);
    const { sign, ...rest } = answer.values;
    assert.equal(rest, {
      nps: 9,
      stars: 4,
      ease: 2,
      grid: { food: 'good', service: 'ok' },
      drinks: ['coffee', 'juice', 'tea'],
      when: '09:30',
    });
    assert.is(sign.type, 'image/png');
    assert.is(sign.name, 'signature.png');
    const png = await download(`${server.url}/v1/files/${sign.file_id}`);
    assert.equal([...png.body.subarray(1, 4)], [0x50, 0x4e, 0x47], 'the signature downloads as a PNG');
    assert.equal(errors, []);
    await closePage(page);
  });
}

types('a required NPS left empty is named on Send; autoAdvance is not set, so choosing does not move on', async () => {
  const formId = await publishSurvey(server.url, surveyDefinition());
  const page = await browser.newPage({ viewport: { width: 390, height: 900 }, bypassCSP: true });
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-error').first().waitFor();
  assert.is(await page.locator('[data-fs-key="nps"] .fs-error').textContent(), 'This field is required');
  assert.is(await focusedName(page), '0 of 10, Not at all likely', 'the focus goes to the NPS');
  await assertAxe(page, 'required NPS missing');
  await screenshot(page, 'question-types-required-390');
  await closePage(page);
});

types('a pointer drags a ranked item to a new place and draws a signature that uploads', async () => {
  const formId = await publishSurvey(server.url, surveyDefinition());
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const errors = pageErrors(page);
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByRole('radio', { name: '7 of 10' }).click();
  for (const item of ['Coffee', 'Tea', 'Juice'])
    await page.getByRole('button', { name: `Add to ranking: ${item}` }).click();
  const ranked = page.locator('.fs-rank-list .fs-rank-item');
  await ranked.nth(2).dragTo(ranked.nth(0));
  assert.equal(await page.locator('.fs-rank-list .fs-rank-label').allTextContents(), ['Juice', 'Coffee', 'Tea']);
  assert.is(await page.locator('.fs-ranking [role=status]').textContent(), 'Juice moved to position 1 of 3');
  await page.locator('.fs-sign-pad').scrollIntoViewIfNeeded();
  const pad = await page.locator('.fs-sign-pad').boundingBox();
  await page.mouse.move(pad!.x + 30, pad!.y + 100);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 40],
    [140, 120],
    [200, 50],
    [260, 110],
  ])
    await page.mouse.move(pad!.x + x, pad!.y + y);
  await page.mouse.up();
  await page.locator('.fs-sign-status', { hasText: 'Signature saved' }).waitFor();
  await screenshot(page, 'question-types-dragged-drawn-1280');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-success-message').waitFor();
  const [answer] = await storedAnswers(server.url, formId);
  assert.equal(answer.values.drinks, ['juice', 'coffee', 'tea']);
  assert.is(answer.values.sign.type, 'image/png');
  assert.equal(errors, []);
  await closePage(page);
});

types('the page of a form without these types links only form.css and loads none of their code', async () => {
  const formId = await publishSurvey(server.url, {
    id: 'plain',
    title: 'Plain',
    submit: { label: 'Send' },
    fields: [{ key: 'name', type: 'text', label: 'Name' }],
  });
  const page = await browser.newPage();
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto(`${server.url}/f/${formId}`);
  await page.locator('.fs-renderer-host').waitFor();
  assert.equal(
    loaded.filter((p) => /form-types|type-/.test(p)),
    [],
  );
  await closePage(page);
});

types.run();
