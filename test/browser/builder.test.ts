// The form builder in Debian's Chromium against the bundle, as a person uses it: a 3-step form with a
// route and a condition made by clicking and typing, published and answered along both paths; a label
// changed into version 2; broken JSON that cannot be published; a form made with the keyboard alone;
// axe-core on the builder. Screenshots at 1280 and 390 px go to test/artifacts/.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminClient, startWithOwner } from '../helpers/admin-session.ts';
import { assertAxe } from '../helpers/axe.ts';
import { launchChromium, screenshot, signedInPage } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let api: ReturnType<typeof adminClient>;
let formId = '';
let hostedUrl = '';

const b = suite('form builder in Chromium');
b.before(async () => {
  let cookie: string;
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_RATE_LIMIT: 'off' }));
  api = adminClient(server, cookie);
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, server.url, cookie, 1280, { height: 900, bypassCSP: false }));
  context = page.context();
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico'))
      errors.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
});
b.after(async () => {
  api?.close();
  await browser?.close();
  await server?.stop();
});

const outline = () => page.getByRole('navigation', { name: 'Form outline' });
/** The outline's entry (field or step) whose text holds `name`. */
const settings = () => page.locator('.b-settings');
const entry = (name: string | RegExp) => outline().locator('.b-select', { hasText: name });
const savedDraft = () => page.getByText('Draft saved').waitFor();

/** Adds a field of a type (by its plain name) through the type picker; its label input has the focus. */
async function addField(type: string, label: string) {
  await page.getByRole('button', { name: '+ Add field' }).click();
  await page
    .getByRole('group', { name: /Field types/ })
    .getByRole('button', { name: type, exact: true })
    .click();
  const input = settings().getByLabel('Question (label)');
  assert.ok(await input.evaluate((el) => el === document.activeElement), 'the new field’s label input has the focus');
  await page.keyboard.type(label);
}

b('New form: the template dialog makes a draft and opens the builder, without loading the builder before', async () => {
  const scripts: string[] = [];
  page.on(
    'request',
    (r) => r.url().includes('/assets/') && r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname),
  );
  await page.goto(`${server.url}/admin`);
  await page.getByText('No forms yet.').waitFor();
  const firstLoad = [...scripts];
  await page.getByRole('button', { name: 'New form' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByRole('button', { name: /Job application/ }).waitFor();
  await screenshot(page, 'builder-new-form-dialog');
  assert.ok(scripts.length > firstLoad.length, `the builder chunk loads when New form opens: ${scripts.join(', ')}`);
  assert.ok(!firstLoad.some((s) => /builder-page/.test(s)), `not on the first load: ${firstLoad.join(', ')}`);
  await dialog.getByRole('button', { name: /Blank form/ }).click();
  await page.waitForURL(/\/admin\/drafts\//);
  await page.getByRole('heading', { level: 1, name: /New form/ }).waitFor();
  assert.is(await page.locator('h1').count(), 1);
});

b('build a 3-step form with a route and a condition by clicking and typing, then publish it', async () => {
  await settings().getByLabel('Form title').fill('Job application');
  await entry('Your answer').click();
  await settings().getByLabel('Question (label)').fill('Name');
  await outline().getByRole('button', { name: 'Form settings' }).click();
  await page.getByRole('button', { name: 'Split into steps' }).click();
  await settings().getByLabel('Step title').fill('About you');
  await addField('Multiple choice', 'Role');
  await settings().getByLabel('Option 1', { exact: true }).fill('Designer');
  await settings().getByLabel('Option 2', { exact: true }).fill('Developer');
  await screenshot(page, 'builder-choice-field');

  await page.getByRole('button', { name: '+ Add step' }).click();
  await settings().getByLabel('Step title').fill('Design questions');
  await addField('Short answer', 'Portfolio');
  await page.getByRole('button', { name: '+ Add step' }).click();
  await settings().getByLabel('Step title').fill('Last words');
  await addField('Long answer', 'Comments');
  // "Show this field when Role is Developer"
  await settings().getByLabel('Show this field: when').selectOption('all');
  await settings().getByLabel('Show this field, condition 1: field').selectOption('role');
  await settings().getByLabel('Show this field, condition 1: value').selectOption('developer');

  // "After this step, if Role is Developer, go to Last words"
  await entry('About you').click();
  await page.getByRole('button', { name: '+ Add route' }).click();
  await settings().getByLabel('Route 1 applies, condition 1: field').selectOption('role');
  await settings().getByLabel('Route 1 applies, condition 1: value').selectOption('developer');
  assert.is(await settings().getByLabel('then go to').inputValue(), 'design_questions', 'the next step at first');
  await settings().getByLabel('then go to').selectOption('last_words');
  assert.is(await settings().getByLabel('Otherwise:').inputValue(), '', 'everyone else: the next step');

  // The preview follows: Developer skips the design step.
  const preview = page.locator('.b-preview');
  await preview.getByLabel('Name').fill('Ada');
  await preview.getByLabel('Developer').check();
  await preview.getByRole('button', { name: 'Continue' }).click();
  await preview.getByRole('heading', { name: 'Last words' }).waitFor();
  await preview.getByLabel('Comments').waitFor();
  await preview.getByRole('button', { name: 'Phone' }).click();
  assert.is(await preview.locator('.b-frame').evaluate((el) => el.getBoundingClientRect().width), 390);
  await preview.getByRole('button', { name: 'Desktop' }).click();
  await preview.getByRole('button', { name: 'Submit' }).click();
  await preview.getByText('This is the preview: nothing was sent.').waitFor();
  await preview.getByRole('button', { name: 'Start over' }).click();

  await savedDraft();
  await screenshot(page, 'builder-1280');
  // For docs/admin.md: a field with its condition beside the preview, as the first screen shows it.
  await entry('Comments').click();
  // From the top, as a person opening the builder sees it (earlier clicks in the preview scrolled down).
  await page.evaluate(() => scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test/artifacts/builder-docs-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // The builder's own parts stay inside 390 px (the top bar is the panel's, laid out by its nav).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('.builder *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((e) => `${e.tagName}.${e.className}`),
  );
  await screenshot(page, 'builder-390');
  await page.evaluate(() => scrollTo(0, document.querySelector('.builder')!.getBoundingClientRect().top + scrollY));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test/artifacts/builder-docs-phone.png' });
  assert.equal(wide, [], 'nothing of the builder is wider than 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await entry('Form settings').click();
  await screenshot(page, 'builder-form-settings');

  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.locator('.b-published');
  await notice.getByText('Published: version 1.').waitFor();
  hostedUrl = (await notice.locator('a.mono').getAttribute('href'))!;
  formId = hostedUrl.split('/f/')[1];
  const def = (await api.client.forms.versions.query({ formId })).versions[0].definition as any;
  assert.equal(
    def.steps.map((s: any) => s.id),
    ['about_you', 'design_questions', 'last_words'],
  );
  assert.equal(def.steps[0].routes, [{ to: 'last_words', show: [{ field: 'role', eq: 'developer' }] }]);
  assert.equal(def.steps[2].fields[0].show, [{ field: 'role', eq: 'developer' }]);
});

/** Fills the hosted form along one path; the wait is the anti-spam minimum fill time (2 s), not an assertion. */
async function answer(role: 'Designer' | 'Developer') {
  const p = await context.newPage();
  await p.goto(hostedUrl);
  await p.locator('.fs-renderer-host').waitFor();
  await p.getByLabel('Name').fill(role === 'Designer' ? 'Dee' : 'Dev');
  await p.getByLabel(role).check();
  await p.getByRole('button', { name: 'Continue' }).click();
  if (role === 'Designer') {
    await p.getByRole('heading', { name: 'Design questions' }).waitFor();
    await p.getByLabel('Portfolio').fill('https://dee.example');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('heading', { name: 'Last words' }).waitFor();
    // The light page keeps a field the answers hide in the page, hidden (client/hosted/light/steps.ts).
    assert.not.ok(await p.getByLabel('Comments').isVisible(), 'Comments is only for developers');
  } else {
    await p.getByRole('heading', { name: 'Last words' }).waitFor();
    await p.getByLabel('Comments').fill('Routed past the design step');
  }
  await p.waitForTimeout(2100);
  await p.getByRole('button', { name: 'Submit' }).click();
  await p
    .getByRole('status')
    .getByText(/Thank you/)
    .waitFor();
  await p.close();
}

b('the hosted page takes both paths of the route, and the panel shows both answers', async () => {
  await answer('Designer');
  await answer('Developer');
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  await page.getByText('Routed past the design step').waitFor();
  await page.getByText('https://dee.example').waitFor();
  const { submissions } = await api.client.submissions.page.query({ formId });
  assert.equal(submissions.map((s: any) => s.values.role).sort(), ['designer', 'developer']);
});

b('editing a label and publishing makes version 2', async () => {
  await page.goto(`${server.url}/admin`);
  const row = page.getByRole('row', { name: /Job application/ });
  await row.getByRole('link', { name: 'Edit' }).waitFor();
  await screenshot(page, 'builder-forms-list');
  await row.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(/\/edit$/);
  await entry('Name, Short answer').click();
  await settings().getByLabel('Question (label)').fill('Full name');
  await savedDraft();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.locator('.b-published').getByText('Published: version 2.').waitFor();
  const form = await api.client.forms.byId.query({ formId });
  assert.is(form.version, 2);
  const def = (await api.client.forms.versions.query({ formId })).versions[0].definition as any;
  assert.is(def.steps[0].fields[0].label, 'Full name');
  assert.is(def.steps[0].fields[0].key, 'answer', 'a published key stays when the label changes');
});

b('broken JSON: the problem is named in both views, Publish is refused and nothing is published', async () => {
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  const box = page.getByLabel('Form definition (JSON)');
  const text = await box.inputValue();
  await box.fill(text.replace('"title": "Job application"', '"title": "Job application",,'));
  await page
    .getByText(/definition: not valid JSON \(line \d+, column \d+/)
    .first()
    .waitFor();
  await screenshot(page, 'builder-json-invalid');
  assert.ok(await page.getByRole('button', { name: 'Publish' }).isDisabled());
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await page.getByText('The JSON has a problem, so the visual editor waits until it is fixed.').waitFor();
  await savedDraft();
  // The server refuses it too (the button is only the first guard).
  const { draft } = await api.client.drafts.forForm.query({ formId });
  assert.ok(draft, 'the broken text is kept as the draft');
  assert.ok(draft!.problems[0].startsWith('definition: not valid JSON'), draft!.problems.join());
  const refused = await api.client.drafts.publish.mutate({ draftId: draft!.draft_id }).then(
    () => 'published',
    (e: any) => e.data?.details ?? e.message,
  );
  assert.ok(Array.isArray(refused) && refused[0].startsWith('definition: not valid JSON'), String(refused));
  assert.is((await api.client.forms.byId.query({ formId })).version, 2);
  // Undo in the JSON box is the browser's; fixing the text brings the visual view back.
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await outline().waitFor();
});

b('axe-core finds no serious or critical violation on the builder', async () => {
  await entry('Comments').click();
  await assertAxe(page, 'field selected');
  await entry('About you').click();
  await assertAxe(page, 'step with a route');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await assertAxe(page, 'JSON view');
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page
    .getByRole('dialog', { name: 'New form' })
    .getByRole('button', { name: /Blank form/ })
    .waitFor();
  await assertAxe(page, 'forms list with the New form dialog');
  await page.keyboard.press('Escape');
  assert.is(await page.getByRole('dialog').count(), 0, 'Escape closes the dialog');
});

b(
  'an old version restored into the draft opens in the builder; Discard draft asks, then goes back to the ' +
    'published one',
  async () => {
    await page.goto(`${server.url}/admin/forms/${formId}?tab=versions`);
    await page.getByRole('button', { name: 'Version 1' }).click();
    await page.getByRole('button', { name: 'Restore into draft' }).click();
    await page.waitForURL(/\/edit$/);
    await page.getByText('Draft, changes to version 2').waitFor();
    assert.is(await page.locator('.b-preview').getByLabel('Name', { exact: true }).count(), 1, 'version 1 said "Name"');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this draft?' });
    await confirm.getByText('the form stays at version 2').waitFor();
    assert.is(
      await page.evaluate(() => document.activeElement?.textContent),
      'Cancel',
      'the safe choice has the focus',
    );
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await page.locator('.b-preview').getByLabel('Full name').waitFor();
    assert.is((await api.client.drafts.forForm.query({ formId })).draft, null);
    assert.is((await api.client.forms.byId.query({ formId })).version, 2);
  },
);

b('a viewer sees the builder read only: no Publish, no adding, inputs disabled', async () => {
  const invite = await api.client.members.invite.mutate({ role: 'viewer' });
  const viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await viewer.newPage();
  await p.goto(invite.url);
  await p.getByLabel('Email').fill('viewer@example.com');
  await p.getByLabel('Password (at least 10 characters)').fill('viewer password 123');
  await p.getByRole('button', { name: 'Create account and join' }).click();
  await p.waitForURL(/\/admin/);
  await p.goto(`${server.url}/admin/forms/${formId}/edit`);
  await p.getByText('Read only: your role can look, not change.').waitFor();
  assert.is(await p.getByRole('button', { name: 'Publish' }).count(), 0);
  assert.is(await p.getByRole('button', { name: '+ Add field' }).count(), 0);
  await p.locator('.b-select', { hasText: 'Full name' }).click();
  assert.ok(await p.locator('.b-settings').getByLabel('Question (label)').isDisabled());
  await p.getByRole('button', { name: 'JSON', exact: true }).click();
  assert.is(await p.getByLabel('Form definition (JSON)').getAttribute('readonly'), '');
  await viewer.close();
});

b('Duplicate copies a form; Delete asks first, naming the answers that go with it', async () => {
  await page.goto(`${server.url}/admin`);
  const row = page.getByRole('row', { name: /Job application/ }).first();
  await row.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await page.getByRole('row', { name: /Job application \(copy\)/ }).waitFor();
  const original = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Job application', exact: true }) });
  await original.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete “Job application”/ });
  await confirm.getByText('all 2 answers are deleted for good').waitFor();
  await screenshot(page, 'builder-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  assert.is(await page.getByRole('dialog').count(), 0);
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'More ▾', 'the focus is back on More');
  await original.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await confirm.getByRole('button', { name: 'Delete form and 2 answers' }).click();
  await original.waitFor({ state: 'detached' });
  const left = (await api.client.forms.list.query()).forms.map((f: any) => f.title);
  assert.ok(!left.includes('Job application') && left.includes('Job application (copy)'), left.join(', '));
});

/** Presses Tab until the focused element is the one `match` accepts (at most 150 presses). */
async function tabTo(match: (el: { tag: string; name: string; label: string }) => boolean, what: string) {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      const labelled =
        a && 'labels' in a ? [...((a as HTMLInputElement).labels ?? [])].map((l) => l.textContent).join(' ') : '';
      return {
        tag: a?.tagName ?? '',
        name: (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim(),
        label: labelled.trim(),
      };
    });
    if (match(el)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

b('keyboard only: a new form is made and published without the mouse', async () => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await tabTo((e) => e.name === 'New form', 'New form');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'New form' }).waitFor();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Blank form/ })
    .waitFor();
  // The dialog's first control has the focus: Blank form.
  assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /Blank form/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/drafts\//);
  await outline().waitFor();
  await tabTo((e) => e.label === 'Form title', 'Form title');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Newsletter');
  await tabTo((e) => e.name === '+ Add field', 'Add field');
  await page.keyboard.press('Enter');
  await tabTo((e) => e.name.endsWith('Email'), 'the Email type');
  await page.keyboard.press('Enter');
  assert.is(
    await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
    'Question (label)',
  );
  await page.keyboard.type('Your email');
  await tabTo((e) => e.label === 'Required', 'Required');
  await page.keyboard.press('Space');
  // Undo with the keyboard, then redo.
  await page.keyboard.press('Control+Z');
  assert.not.ok(await settings().getByLabel('Required').isChecked());
  await page.keyboard.press('Control+Shift+Z');
  assert.ok(await settings().getByLabel('Required').isChecked());
  await savedDraft();
  await page.keyboard.press('Shift+Tab');
  await tabTo((e) => e.name === 'Publish', 'Publish');
  await page.keyboard.press('Enter');
  await page.locator('.b-published').getByText('Published: version 1.').waitFor();
  // Publish turns off once pressed; the focus goes on to the link's Copy button, not to the page.
  await page.waitForFunction(() => document.activeElement?.textContent === 'Copy link');
  const forms = (await api.client.forms.list.query()).forms;
  const made = forms.find((f: any) => f.title === 'Newsletter')!;
  const def = (await api.client.forms.versions.query({ formId: made.form_id })).versions[0].definition as any;
  assert.equal(
    def.fields.map((f: any) => [f.key, f.type, f.validation]),
    [
      ['answer', 'text', undefined],
      ['your_email', 'email', { required: true }],
    ],
  );
});

b('reorder by drag and drop and by the Move buttons', async () => {
  await page.goto(`${server.url}/admin`);
  await page
    .getByRole('row', { name: /Newsletter/ })
    .getByRole('link', { name: 'Edit' })
    .click();
  await outline().waitFor();
  const order = async () => (await outline().locator('.b-name').allTextContents()).map((t) => t.replace(/,.*$/, ''));
  assert.equal(await order(), ['Your answer', 'Your email']);
  await outline()
    .locator('.b-item', { hasText: 'Your email' })
    .dragTo(outline().locator('.b-item', { hasText: 'Your answer' }));
  assert.equal(await order(), ['Your email', 'Your answer']);
  await outline().getByRole('button', { name: 'Move Your email down' }).click();
  assert.equal(await order(), ['Your answer', 'Your email']);
  assert.ok(
    await outline().getByRole('button', { name: 'Move Your email down' }).isDisabled(),
    'the last cannot go further down',
  );
  await page.keyboard.press('Control+Z');
  assert.equal(await order(), ['Your email', 'Your answer'], 'Ctrl+Z undoes the move');
  // Leaving at once, inside the panel, still saves the change into the form's draft.
  await page.getByRole('link', { name: 'Forms', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  const formId = (await api.client.forms.list.query()).forms.find((f: any) => f.title === 'Newsletter')!.form_id;
  let draft = null;
  for (let i = 0; i < 50 && !draft; i++) {
    draft = (await api.client.drafts.forForm.query({ formId })).draft;
    if (!draft) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(draft, 'the draft was saved');
  assert.equal(
    JSON.parse(draft!.text).fields.map((f: any) => f.key),
    ['your_email', 'answer'],
  );
  await page.reload();
  await page
    .getByRole('row', { name: /Newsletter/ })
    .getByText('Unpublished changes')
    .waitFor();
});

b(
  'a problem only the server finds (a pattern its safe regex engine cannot run) shows under the pattern after the save',
  async () => {
    await page.goto(`${server.url}/admin`);
    await page
      .getByRole('row', { name: /Newsletter/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await entry('Your email').click();
    const pattern = settings().getByLabel('Pattern (regular expression)');
    await pattern.fill('^(a)\\1$');
    await savedDraft();
    await settings()
      .getByText(/not supported by the regex engine/)
      .waitFor();
    assert.is(await pattern.getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByRole('button', { name: 'Publish' }).isDisabled());
    await page
      .locator('.b-summary')
      .getByText(/validation\.pattern: not supported/)
      .waitFor();
    await pattern.fill('');
    await savedDraft();
    assert.is(await page.locator('.b-summary').count(), 0);
  },
);

b('errors so far: no script error and no failed request', () => {
  // Chromium logs the favicon's 404 as a console error; failed requests are listed by path instead.
  assert.equal(
    errors.filter((e) => !e.startsWith('Failed to load resource')),
    [],
  );
});

b('server gone: "Not saved: offline", then saved once it is back, without a reload', async () => {
  await page.goto(`${server.url}/admin`);
  await page
    .getByRole('row', { name: /Newsletter/ })
    .getByRole('link', { name: 'Edit' })
    .click();
  await outline().waitFor();
  const { port, dataDir } = server;
  api.close();
  await server.stop();
  await entry('Form settings').click();
  await settings().getByLabel('Form title').fill('Newsletter sign-up');
  await page.getByText('Not saved: offline').waitFor({ timeout: 20_000 });
  assert.ok(
    await page.getByRole('button', { name: 'Publish' }).isDisabled(),
    'no Publish while the draft is not saved',
  );
  server = await startServer({
    port,
    dataDir,
    env: { FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`, FORMSTEAD_RATE_LIMIT: 'off' },
  });
  await page.getByText('Draft saved').waitFor({ timeout: 30_000 });
  const cookie = (await context.cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ');
  api = adminClient(server, cookie);
  const formId = (await api.client.forms.list.query()).forms.find((f: any) => f.title === 'Newsletter')!.form_id;
  const { draft } = await api.client.drafts.forForm.query({ formId });
  assert.is(JSON.parse(draft!.text).title, 'Newsletter sign-up');
});

b('no script errors after the outage either', () => {
  // The socket's failed reconnects are logged by Chromium as WebSocket errors; nothing else may be.
  assert.equal(
    errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/.test(e)),
    [],
  );
});

b.run();
