// The panel's answers of the Wave 4 question types in Chromium, over the real bundle: in the table of
// answers each reads on one line ("4 / 5", "Speed: Good; Taste: Bad", the ranking's labels); on the answer's
// own page a rating shows its stars (heard as "4 of 5"), the matrix a table, the ranking a numbered list and
// the signature its image, loaded through the panel's session. Checked with axe, at a phone's width too.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, signedInPage } from '../helpers/browser.ts';
import { ownerWithKey, startWithPublicUrl } from '../helpers/files.ts';
import type { RunningServer } from '../helpers/server.ts';
import { publishSurvey } from '../helpers/survey-form.ts';

let server: RunningServer;
let browser: Browser;
let cookie: string;
let formId: string;
let answerId: string;

const panel = suite('panel: question types');
panel.before(async () => {
  server = await startWithPublicUrl();
  browser = await launchChromium();
  let key: string;
  ({ cookie, key } = await ownerWithKey(server));
  ({ formId, answerId } = await publishSurvey(server.url, key));
});
panel.after(async () => {
  await browser.close();
  await server.stop();
});

/** A signed-in page at `width`, on `path`. */
async function open(width: number, path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await signedInPage(browser, server.url, cookie, width);
  await opened.page.goto(server.url + path);
  return opened;
}

panel('the table of answers reads each type on one line', async () => {
  const { page, errors } = await open(1280, `/admin/forms/${formId}?tab=submissions`);
  const row = page.locator(`table.submissions tr[data-id="${answerId}"]`);
  await row.waitFor();
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  for (const shown of ['4 / 5', '7 / 10', '8 / 10', 'Speed: Good; Taste: Bad', 'Bananas, Cherries, Apples', '09:30'])
    assert.ok(text.includes(shown), `${shown} in ${text}`);
  assert.is(await row.locator('img').count(), 0, 'no image in the table');
  assert.equal(errors, []);
  await closePage(page);
});

panel('the answer’s page: stars, a matrix table, a numbered ranking, the signature image', async () => {
  for (const width of [1280, 390]) {
    const { page, errors } = await open(width, `/admin/forms/${formId}/submissions/${answerId}`);
    const answers = page.locator('dl.answers');
    await answers.waitFor();
    const stars = answers.getByRole('img', { name: '4 of 5' });
    assert.match(await stars.innerText(), /★★★★☆\s*4 \/ 5/);
    const grid = answers.locator('table.matrix-answer');
    assert.equal(await grid.locator('tr').allInnerTexts(), ['Speed\tGood', 'Taste\tBad']);
    assert.equal(await answers.locator('ol.ranking-answer li').allInnerTexts(), ['Bananas', 'Cherries', 'Apples']);
    const signature = answers.getByRole('img', { name: 'Signature: Signature' });
    await page.waitForFunction(() => {
      const img = document.querySelector('.signature-answer img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0;
    });
    assert.equal(
      await signature.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      [120, 40],
      'the uploaded PNG, loaded with the panel session',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (${overflow})`);
    await assertAxe(page, `answer page at ${width}`);
    assert.equal(errors, []);
    await closePage(page);
  }
});

panel('the overview sums them up: an NPS score, points as bars, a matrix table of counts, a ranking', async () => {
  const { page, errors } = await open(1280, `/admin/forms/${formId}`);
  const card = (label: string) =>
    page.locator('section.question').filter({ has: page.getByRole('heading', { name: label }) });
  // One answer of 8: passive, so the score is 0 (a positive score reads "+25").
  await card('Recommend us').getByText('NPS 0', { exact: true }).waitFor();
  assert.match(await card('Recommend us').innerText(), /0 promoters, 1 passive, 0 detractors/);
  assert.match(await card('Stars for @Name').innerText(), /Average\s+4/);
  const grid = card('Service').locator('.matrix-summary table');
  assert.equal(await grid.locator('thead th').allInnerTexts(), ['Bad', 'Fine', 'Good']);
  assert.equal(await grid.locator('tbody tr').allInnerTexts(), ['Speed\t0\t0\t1', 'Taste\t1\t0\t0']);
  assert.equal(await card('Favourites').locator('ol.ranking-summary li').allInnerTexts(), [
    'Bananas average place 1',
    'Cherries average place 2',
    'Apples average place 3',
  ]);
  await assertAxe(page, 'overview with the new types');
  assert.equal(errors, []);
  await closePage(page);
});

panel.run();
