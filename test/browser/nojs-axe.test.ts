// The page without JavaScript for a form with every wave-4 type (NPS, rating, scale, matrix, ranking,
// signature, time, picture choice one and many, statement), in Chromium with its scripts refused at 390 and
// 1280 px: axe finds nothing serious, empty and after a post the server refused (its error summary and messages),
// and the post of the radio groups, the matrix rows and the ranking's position selects is stored.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, screenshot } from '../helpers/browser.ts';
import { fixture, publishPlainForm, uploadImage } from '../helpers/images.ts';
import { storedAnswers, surveyDefinition } from '../helpers/question-types.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let formId: string;

const nojs = suite('axe on the page without JavaScript, every wave-4 type');
nojs.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  browser = await launchChromium();
  formId = await publishPlainForm(server.url);
  const urls: string[] = [];
  for (const name of ['fox.png', 'owl.png'])
    urls.push((await uploadImage(server.url, formId, fixture('png'), name)).json.url);
  const animals = [
    { value: 'fox', label: 'Fox', image: urls[0] },
    { value: 'owl', label: 'Owl', image: urls[1] },
  ];
  const survey = surveyDefinition();
  const definition = {
    ...survey,
    fields: [
      {
        key: 'intro',
        type: 'statement',
        label: 'Before you start',
        body: 'It takes **two minutes**. Read [our policy](https://example.com/privacy).',
        image: urls[0],
        imageAlt: 'A fox',
      },
      ...survey.fields,
      { key: 'animal', type: 'picture', label: 'Your animal', options: animals },
      { key: 'friends', type: 'picture', label: 'Its friends', multiple: true, options: animals },
    ],
  };
  const r = await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { form_id: formId, definition } });
  assert.is(r.status, 201, r.text);
});
nojs.after(async () => {
  await browser?.close();
  await server?.stop();
});

for (const width of [390, 1280]) {
  nojs(`at ${width} px: axe is clean empty and after a refused post; a whole post is stored`, async () => {
    // Every script request refused, no service worker: the document a browser without JavaScript shows (the
    // hosted page has no inline script and no <noscript>), in a page axe can still run in (with
    // javaScriptEnabled false, axe's own timers never fire and its run never ends).
    const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
    await context.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${server.url}/f/${formId}`);
    // A post sooner than 2 s after the page was made is taken for a bot's (the render-token check).
    const rendered = Date.now();
    const ready = () => page.waitForTimeout(Math.max(0, rendered + 2200 - Date.now()));
    assert.is(await page.locator('.fs-renderer-host').count(), 0, 'no script swapped its form in');
    await assertAxe(page, `no JavaScript, empty, ${width}`);
    await screenshot(page, `nojs-every-type-${width}`);
    // The required NPS left empty: the server answers with its page of problems (the browser's own check of
    // `required` is switched off, as in a browser that has none); Back returns to the form.
    await page
      .locator('form')
      .first()
      .evaluate((form) => {
        (form as HTMLFormElement).noValidate = true;
      });
    await ready();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('How likely are you to recommend us?: This field is required').waitFor();
    await assertAxe(page, `no JavaScript, refused, ${width}`);
    await screenshot(page, `nojs-every-type-refused-${width}`);
    await page.goBack();
    await page.getByRole('radio', { name: '8' }).first().check();
    await page.locator('input[name="grid.food"][value="good"]').check();
    await page.locator('select[name="drinks.coffee"]').selectOption('1');
    await page.locator('input[name="animal"][value="owl"]').check();
    await ready();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your response was sent.').waitFor();
    await assertAxe(page, `no JavaScript, sent, ${width}`);
    const [answer] = await storedAnswers(server.url, formId);
    // An empty time input posts "" and is kept as the empty text, as an empty text or date input is.
    assert.equal(answer.values, { nps: 8, grid: { food: 'good' }, drinks: ['coffee'], animal: 'owl', when: '' });
    assert.ok(scripts.length > 0, 'the page asked for its script, which never ran');
    await context.close();
  });
}

nojs.run();
