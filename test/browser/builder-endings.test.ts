// A quiz built in the builder by keyboard alone, in Debian's Chromium against the bundle: a statement whose
// text gets bold and a link from the Markdown buttons (the preview shows them), a picture choice with two
// uploaded pictures (one by the file input, one dropped) and scores, a Score calculation, and two endings
// chosen by it ("Score is at least 8" → "You passed, {{name}}!" with the name inserted by Insert answer, else
// the thank-you message "Try again."); an ending's address the redirect rules refuse is shown at its field.
// Published, answered twice on the hosted page (each ending seen); the builder's Settings panel gives the form
// an address saved by Publish (a refused one stops it), then its response limit and close date close the form.
// At 390 px the same panels fit the screen, axe clean. Screenshots: test/artifacts/builder-endings-*.png.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import { fixture } from '../helpers/images.ts';
import type { RunningServer } from '../helpers/server.ts';
import { builderKeyboard } from '../helpers/builder-keyboard.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let errors: string[];
let formId = '';

const t = suite('builder: a quiz with pictures, Markdown, endings and closing, by keyboard');
t.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

const { focusedName, tabTo, press, retype, choose, selectBack, addField, outline, backInText, sideways } =
  builderKeyboard(() => page);

/** Publishes by keyboard and waits for the version. */
async function publish(version: number) {
  await page.locator('.b-outline .b-select').first().focus();
  await press('Publish', 'Shift+Tab');
  await page.locator('.b-published').getByText(`Published: version ${version}.`).waitFor();
}

/** Drops `bytes` as a file on the drop zone `zone`, as a drag from the desktop does. */
async function dropFile(zone: string, bytes: Buffer, name: string, type: string) {
  await page.locator(zone).evaluate(
    (el, [b64, name, type]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    [bytes.toString('base64'), name, type],
  );
}

/** Answers the hosted form once; answers the text people see after sending. */
async function answer(name: string, square: string): Promise<string> {
  const p = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await p.goto(`${server.url}/f/${formId}`);
    await p.locator('.fs-renderer-host').waitFor();
    await p.getByLabel('Your name').fill(name);
    await p.getByRole('radio', { name: square }).check();
    await p.getByRole('button', { name: 'Submit' }).click();
    const done = p.locator('.fs-success-message');
    await done.waitFor();
    return (await done.innerText()).trim();
  } finally {
    await p.close();
  }
}

/** The hosted page's text as a browser without the form's script gets it. */
const hostedText = async () => (await (await fetch(`${server.url}/f/${formId}`)).text()).replace(/<[^>]+>/g, ' ');

t('the quiz built by keyboard: statement, picture choice, score, endings; published and answered', async () => {
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
  await retype('Colour quiz');
  await outline(/Your answer/);
  await tabTo('Question (label)');
  await retype('Your name');
  // Before the first publish the endings' last message is there already (kept with the draft).
  await outline(/Endings/);
  await page.locator('.b-settings').getByLabel('Message after sending', { exact: true }).waitFor();
  await page.getByText('Draft saved').waitFor();
  await publish(1);
  formId = /\/admin\/forms\/([^/]+)\/edit/.exec(page.url())![1];

  // A statement: bold and a link from the buttons, the caret kept in the text.
  await outline(/Your name/);
  await addField('Statement', 'Before you start');
  await tabTo('Text below the heading');
  await page.keyboard.type('Read the rules');
  await selectBack('the rules'.length);
  await press('Bold', 'Shift+Tab');
  await backInText();
  assert.is(await focusedName(), 'Text below the heading', 'the focus is back in the text');
  await page.keyboard.press('End');
  await page.keyboard.type('. See the policy');
  await selectBack('policy'.length);
  await press('Link', 'Shift+Tab');
  await backInText();
  // The address is selected: typing replaces it.
  await page.keyboard.type('https://example.com/policy');
  await page.keyboard.press('End');
  await page.keyboard.type('.');
  const settings = page.locator('.b-settings');
  assert.is(
    await settings.getByLabel('Text below the heading', { exact: true }).inputValue(),
    'Read **the rules**. See the [policy](https://example.com/policy).',
  );
  const preview = settings.locator('.b-md-preview');
  assert.is(await preview.locator('strong').innerText(), 'the rules');
  assert.is(await preview.getByRole('link', { name: 'policy' }).getAttribute('href'), 'https://example.com/policy');

  // A picture choice: two pictures (the file input, then a drop), labels and scores.
  await addField('Picture choice', 'Which square is green?');
  await tabTo('Add picture of option 1');
  await page.locator(':focus').setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: fixture('png') });
  await settings.locator('.b-pic-card').nth(0).locator('img.image-preview').waitFor();
  await tabTo('Label of option 1');
  await retype('Green square');
  await tabTo('Score of option 1');
  await page.keyboard.type('10');
  await dropFile('.b-pic-card:nth-child(2) .image-drop', fixture('webp'), 'red.webp', 'image/webp');
  await settings.locator('.b-pic-card').nth(1).locator('img.image-preview').waitFor();
  await tabTo('Label of option 2');
  await retype('Red square');
  await tabTo('Score of option 2');
  await page.keyboard.type('0');
  // The preview's alt text is the label.
  assert.equal(
    await settings.locator('.b-pic-card img.image-preview').evaluateAll((e) => e.map((i) => i.getAttribute('alt'))),
    ['Green square', 'Red square'],
  );
  // "Allow more than one" offers how many under Rules; turned off again.
  await tabTo('Allow more than one');
  await page.keyboard.press('Space');
  await settings.getByLabel('At least (choices)').waitFor();
  await page.keyboard.press('Space');
  assert.is(await settings.getByLabel('At least (choices)').count(), 0);
  assert.is(await settings.getByLabel('Key').inputValue(), 'which_square_is_green');
  await screenshot(page, 'builder-endings-picture-1280');

  // The score: a calculation in the form's settings.
  await outline(/Form settings/);
  await press('+ Add calculation');
  await tabTo('Name of calculation 1');
  await retype('Score');
  await tabTo('Formula');
  await retype('score(which_square_is_green)');

  // Endings: "Score is at least 8" → "You passed, {{answer}}!", else the thank-you message.
  await outline(/Endings/);
  await press('+ Add ending');
  await backInText();
  assert.is(await focusedName(), 'Message of ending 1', 'the new ending’s message has the focus');
  await page.keyboard.type('You passed, ');
  await press(/^Insert answer/);
  await page.getByRole('menuitem', { name: 'Your name' }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.value?.endsWith('}}'));
  await page.keyboard.type('!');
  assert.is(await settings.getByLabel('Message of ending 1', { exact: true }).inputValue(), 'You passed, {{answer}}!');
  await tabTo('Ending 1 is shown: when', 'Shift+Tab');
  await choose('all');
  const ending = settings.locator('.b-ending').first();
  assert.is(await ending.getByLabel('Ending 1 is shown, condition 1: field').inputValue(), 'score');
  await tabTo('Ending 1 is shown, condition 1: test');
  await choose('gte');
  await tabTo('Ending 1 is shown, condition 1: value');
  await page.keyboard.type('8');
  // An address the redirect rules refuse: the problem shows at its field, and Publish waits.
  await tabTo('Send people to this address instead (ending 1, optional)');
  await page.keyboard.type('javascript:alert(1)');
  await ending.locator('.field-problem').getByText('must be an http or https URL').waitFor();
  // The list above Publish names it too, and its link leads to the Endings panel.
  await page
    .locator('.b-summaries')
    .getByRole('button', { name: 'endings[0].redirect_url: must be an http or https URL' })
    .waitFor();
  assert.is(
    await ending.getByLabel('Send people to this address instead (ending 1, optional)').getAttribute('aria-invalid'),
    'true',
  );
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await tabTo('Message for everyone else');
  await page.keyboard.type('Try again.');
  await screenshot(page, 'builder-endings-1280');
  // The preview ends as the hosted page will: a green square passes.
  const frame = page.locator('.b-frame');
  await frame.getByLabel('Your name').fill('Ann');
  await frame.getByRole('radio', { name: 'Green square' }).check();
  await frame.getByRole('button', { name: 'Submit' }).click();
  await frame.locator('.fs-success-message').getByText('You passed, Ann!').waitFor();
  await frame.locator('.fs-success-message').getByText('(The preview: nothing was sent.)').waitFor();
  await page.getByText('Draft saved').waitFor();
  await publish(2);

  const published = (await call(server.url, 'GET', `/v1/f/${formId}/definition`)).json;
  assert.equal(published.definition.endings, [
    { id: 'ending_1', message: 'You passed, {{answer}}!', show: [{ field: 'score', gte: 8 }] },
  ]);
  const picture = published.definition.fields.find((f: { type: string }) => f.type === 'picture');
  assert.equal(
    picture.options.map((o: { label: string; score: number; image: string }) => [
      o.label,
      o.score,
      o.image.slice(0, 3),
    ]),
    [
      ['Green square', 10, '/i/'],
      ['Red square', 0, '/i/'],
    ],
  );

  assert.is(await answer('Ann', 'Green square'), 'You passed, Ann!');
  assert.is(await answer('Bob', 'Red square'), 'Try again.');
  assert.equal(errors, []);
});

t(
  'the Settings panel: an address saved with Publish (a refused one stops it), then limit and date close the form',
  async () => {
    await outline(/Settings: closing, address/);
    const settings = page.locator('.b-settings');
    await tabTo('Form address');
    await page.keyboard.type('Colour quiz!');
    // Publish saves the settings first: the refused address stops it, its problem shown at the field.
    await outline(/Form settings/);
    await tabTo('Form title');
    await retype('Colour quiz, 2nd edition');
    await page.getByText('Draft saved').waitFor();
    await page.locator('.b-outline .b-select').first().focus();
    await press('Publish', 'Shift+Tab');
    await page.getByRole('alert').getByText('Nothing was published: a setting was refused.').waitFor();
    await outline(/Settings: closing, address/);
    assert.is(await settings.getByLabel('Form address').getAttribute('aria-invalid'), 'true');
    assert.ok((await settings.locator('#slug-problem').innerText()).length > 0, 'the server’s words under it');
    await tabTo('Form address');
    await retype('colour-quiz');
    await publish(3);
    assert.is((await fetch(`${server.url}/f/colour-quiz`)).status, 200, 'the address works');

    await tabTo('Stop after a number of responses');
    await page.keyboard.press('Space');
    await tabTo('Stop after this many responses');
    await retype('2');
    await tabTo(/^Message when closed/);
    await page.keyboard.type('The quiz is over.');
    await press('Save');
    await settings.getByText('Saved.').waitFor();
    // Two answers are in: the form is closed.
    assert.match(await hostedText(), /The quiz is over\./);
    const limited = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY })).json.settings;
    assert.equal([limited.response_limit, limited.closed_message], [2, 'The quiz is over.']);

    // No limit; a close date that has passed.
    await tabTo('Stop after a number of responses', 'Shift+Tab');
    await page.keyboard.press('Space');
    await tabTo('Close the form on a date', 'Shift+Tab');
    await page.keyboard.press('Space');
    await tabTo(/^Close the form on \(your time\)/);
    // Chromium's date and time box (en-US): month, day and year typed (a year may take 6 digits: → moves on),
    // then the hour, the minute and AM.
    await page.keyboard.type('01012020');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('0900AM');
    assert.is(await settings.locator('#close_at').inputValue(), '2020-01-01T09:00');
    await press('Save');
    await settings.getByText('Saved.').waitFor();
    assert.match(await hostedText(), /The quiz is over\./);
    const dated = (await call(server.url, 'GET', `/v1/forms/${formId}`, { key: OWNER_KEY })).json.settings;
    assert.is(dated.response_limit, null);
    assert.is(dated.close_at, await page.evaluate(() => new Date('2020-01-01T09:00').toISOString()));
    await screenshot(page, 'builder-endings-settings-1280');
    assert.equal(errors, []);
  },
);

t('at 390 px: the picture cards, the endings and the settings fit the phone, axe clean', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/admin/forms/${formId}/edit`);
  await page.getByRole('navigation', { name: 'Form outline' }).waitFor();
  await outline(/Which square is green/);
  await page.locator('.b-pic-card img.image-preview').first().waitFor();
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (picture choice)');
  await assertAxe(page, 'builder picture choice 390');
  await page.locator('.b-pictures').screenshot({ path: 'test/artifacts/builder-endings-picture-390.png' });
  await outline(/Before you start/);
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (statement)');
  await assertAxe(page, 'builder statement 390');
  await screenshot(page, 'builder-endings-statement-390');
  await outline(/Endings/);
  await page.locator('.b-ending').first().waitFor();
  // Reordered and removed by their buttons: a second ending checked first, then removed; the focus stays.
  await press('+ Add ending');
  await backInText();
  await page.keyboard.type('Thanks for trying');
  await press('Check ending 2 earlier');
  const messages = () =>
    page.locator('.b-ending textarea').evaluateAll((t) => t.map((x) => (x as HTMLTextAreaElement).value));
  assert.equal(await messages(), ['Thanks for trying', 'You passed, {{answer}}!']);
  // It went first: its "earlier" is off now, so the focus is on its "later", beside it.
  await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Check ending 1 later');
  await press('Remove ending 1');
  assert.equal(await messages(), ['You passed, {{answer}}!']);
  await page.waitForFunction(() => document.activeElement?.textContent?.trim() === '+ Add ending');
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (endings)');
  await assertAxe(page, 'builder endings 390');
  await screenshot(page, 'builder-endings-390');
  await outline(/Settings: closing, address/);
  await page.locator('#close_at').waitFor();
  assert.ok((await sideways()) <= 0, 'nothing wider than the phone (settings)');
  await assertAxe(page, 'builder settings 390');
  await screenshot(page, 'builder-endings-settings-390');
  assert.equal(errors, []);
});

t.run();
