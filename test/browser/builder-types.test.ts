// The new question types in the builder, by keyboard alone, in Debian's Chromium against the bundle: a
// feedback survey with an NPS whose new route proposes "is less than 7" (sent to "Do better"), 5 stars, a
// 3 x 3 matrix whose rows come from a pasted list, a ranking of 3 options and a signature, published, and
// its published definition read back over the API. Then the same editors at 390 px: added and filled by
// keyboard, nothing wider than the screen. Screenshots: test/artifacts/builder-types-{1280,390}.png.
import { mkdir } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import type { RunningServer } from '../helpers/server.ts';
import { builderKeyboard } from '../helpers/builder-keyboard.ts';

let server: RunningServer;
let browser: Browser;
let cookie: string;
let page: Page;
let errors: string[];
let formId = '';

const t = suite('builder: the new question types by keyboard in Chromium');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const { tabTo, tabToCss, press, retype, choose, addField, addStep, outline, sideways } = builderKeyboard(() => page);

t(
  'the feedback survey built by keyboard: NPS routed "less than 7", stars, a matrix, a ranking, a signature',
  async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Forms' }).waitFor();
    await press('New form');
    await page
      .getByRole('dialog', { name: 'New form' })
      .getByRole('button', { name: /Blank form/ })
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/drafts\//);
    await page.getByRole('navigation', { name: 'Form outline' }).waitFor();
    await tabTo('Form title');
    await retype('Feedback survey');
    await press('Split into steps');
    // The focus is on step 1 in the outline: Enter opens its settings.
    await page.keyboard.press('Enter');
    await tabTo('Step title');
    await retype('Score');
    // The NPS after the blank form's own field, which then goes.
    await outline(/Your answer/);
    await addField('NPS', 'How likely are you to recommend us?');
    assert.is(await page.locator('.b-settings').getByLabel('Key').inputValue(), 'nps', 'an NPS is keyed "nps"');
    await outline(/Your answer/);
    await press('Delete field');

    await addStep('Details');
    await addField('Rating', 'How would you rate us overall?');
    const settings = page.locator('.b-settings');
    assert.is(await settings.getByLabel('Points').inputValue(), '5');
    assert.is(await settings.getByLabel('Shown as').inputValue(), 'star');
    await addField('Matrix', 'How would you rate these parts?');
    // Rows from a pasted list: the box starts with the rows there are; its lines replace them.
    await press('Paste a list of rows');
    await tabTo('Row labels, one a line');
    await retype('Ease of use\nSpeed\nSupport');
    await press('Use these 3 rows');
    assert.equal(
      await settings
        .locator('input[aria-label^="Row "]')
        .evaluateAll((e) => e.map((x) => (x as HTMLInputElement).value)),
      ['Ease of use', 'Speed', 'Support'],
    );
    // A row added (its label box takes the focus) and removed: the focus stays in the list.
    await press('+ Add row');
    await page.waitForFunction(() => document.activeElement?.id === 'b-rows-3');
    await page.keyboard.type(' Price');
    await press('Remove row Row 4 Price');
    // The focus moves once the list has rendered (focus.ts): the row before has it.
    await page.waitForFunction(() => document.activeElement?.id === 'b-rows-2');
    // A column renamed in place, and moved by its button.
    await tabTo('Column 3');
    await retype('Great');
    await press('Move column Great up');
    await screenshot(page, 'builder-types-1280');
    await addField('Ranking', 'What matters most?');
    for (const [n, label] of ['Price', 'Features', 'Support'].entries()) {
      await tabTo(`Option ${n + 1}`);
      await retype(label);
    }
    await screenshot(page, 'builder-types-1280-ranking');

    await addStep('Do better');
    await addField('Long answer', 'What could we do better?');
    await addStep('Sign');
    await addField('Signature', 'Sign here');

    // Step 1's route: the proposal is the NPS "is less than 7"; it is sent to "Do better".
    await outline(/Score/);
    await press('+ Add route');
    const route = settings.locator('.b-route').first();
    assert.is(await route.getByLabel('Route 1 applies, condition 1: field').inputValue(), 'nps');
    assert.is(await route.getByLabel('Route 1 applies, condition 1: test').inputValue(), 'lt');
    assert.is(await route.getByLabel('Route 1 applies, condition 1: value').inputValue(), '7');
    // Until it goes elsewhere, everyone goes the same way: the warning says so.
    await page
      .locator('.b-warnings')
      .getByText(/Every answer goes the same way/)
      .waitFor();
    await tabToCss('.b-route-to select');
    await choose('do_better');
    await settings.locator('.b-routes').screenshot({ path: 'test/artifacts/builder-types-1280-route.png' });
    // Details: everyone else skips "Do better".
    await outline(/Details/);
    await tabToCss('.b-otherwise select');
    await choose('sign');
    assert.is(await page.locator('.b-warnings').count(), 0, 'no warning left');
    assert.is(await page.locator('.b-summaries .problems').count(), 0, 'no problem');

    await page.getByText('Draft saved').waitFor();
    await press('Publish');
    const notice = page.locator('.b-published');
    await notice.getByText('Published: version 1.').waitFor();
    const id = (await notice.locator('a.mono').getAttribute('href'))!.split('/f/')[1];
    formId = id;
    const got = await call(server.url, 'GET', `/v1/f/${id}/definition`);
    assert.is(got.status, 200);
    const def = got.json.definition ?? got.json;
    assert.equal(
      def.steps.map((s: any) => [s.id, s.fields.map((f: any) => `${f.key}:${f.type}`), s.routes]),
      [
        ['score', ['nps:nps'], [{ to: 'do_better', show: [{ field: 'nps', lt: 7 }] }]],
        [
          'details',
          [
            'how_would_you_rate_us_overall:rating',
            'how_would_you_rate_these_parts:matrix',
            'what_matters_most:ranking',
          ],
          [{ to: 'sign' }],
        ],
        ['do_better', ['what_could_we_do_better:textarea'], undefined],
        ['sign', ['sign_here:signature'], undefined],
      ],
    );
    const [rating, matrix, ranking] = def.steps[1].fields;
    assert.equal(rating.scale, { max: 5, icon: 'star' });
    assert.equal(matrix.matrix, {
      rows: [
        { value: 'ease_of_use', label: 'Ease of use' },
        { value: 'speed', label: 'Speed' },
        { value: 'support', label: 'Support' },
      ],
      columns: [
        { value: 'disagree', label: 'Disagree' },
        { value: 'great', label: 'Great' },
        { value: 'neutral', label: 'Neutral' },
      ],
    });
    assert.equal(
      ranking.options.map((o: any) => o.label),
      ['Price', 'Features', 'Support'],
    );
    assert.is(def.steps[0].fields[0].label, 'How likely are you to recommend us?');
    assert.is(await sideways(), 0);
  },
);

t('at 390 px: a scale and a matrix row condition by keyboard, nothing wider than the screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The published form's builder: a scale added to the last step, its ends set, shown on a matrix row.
  await outline(/Sign here/);
  await addField('Opinion scale', 'How easy was signing?');
  await tabTo('From');
  await choose('0');
  await tabTo('To');
  await choose('10');
  await tabTo('Words under the lowest');
  await page.keyboard.type('Hard');
  await tabTo('Words under the highest');
  await page.keyboard.type('Easy');
  await tabTo('Show this field: when');
  await choose('all');
  await tabTo('Show this field, condition 1: field');
  await choose('how_would_you_rate_these_parts.speed');
  const cond = page.locator('.b-settings .b-conds');
  assert.match(
    await cond
      .getByLabel('Show this field, condition 1: field')
      .evaluate((s) => (s as HTMLSelectElement).selectedOptions[0].text),
    'How would you rate these parts? › Speed',
  );
  await tabTo('Show this field, condition 1: test');
  await choose('isNot');
  await tabTo('Show this field, condition 1: value');
  await choose('disagree');
  assert.is(await sideways(), 0, 'no horizontal scroll at 390 px');
  await cond.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-types-390');
  await outline(/How would you rate these parts/);
  const wide = await page.evaluate(
    () =>
      [...document.querySelectorAll('.b-settings *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
        .length,
  );
  assert.is(wide, 0, 'the matrix editor fits in 390 px');
  await mkdir('test/artifacts', { recursive: true });
  await page.locator('.b-editor').screenshot({ path: 'test/artifacts/builder-types-390-matrix.png' });
  await page.getByText('Draft saved').waitFor();
  assert.equal(errors, []);
});

t('axe finds nothing serious in the editors of the new types, their conditions and a paste box open', async () => {
  // A context that lets axe in (the pages' CSP allows no injected script).
  const { page: p } = await signedInPage(browser, server.url, cookie, 1280, { height: 900 });
  await p.goto(`${server.url}/admin/forms/${formId}/edit`);
  const outlined = p.getByRole('navigation', { name: 'Form outline' });
  for (const [entry, part] of [
    [/How likely/, 'NPS'],
    [/rate us overall/, 'Rating'],
    [/What matters most/, 'Options to rank'],
    [/How easy was signing/, 'Opinion scale'],
    [/rate these parts/, 'Rows (one question each)'],
  ] as const) {
    await outlined.locator('.b-select', { hasText: entry }).click();
    await p.locator('.b-settings legend', { hasText: part }).first().waitFor();
    if (part.startsWith('Rows')) await p.getByText('Paste a list of columns').click();
    await assertAxe(p, `builder, ${part}`);
  }
  await p.close();
});

t.run();
