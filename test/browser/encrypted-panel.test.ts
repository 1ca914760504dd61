// The owner's whole flow for an end-to-end encrypted form (issue 35), in Chromium against the bundle, by keyboard:
// Settings › Encryption makes a key in the browser, downloads the key file and keeps a passphrase-locked copy,
// turns encryption on; a person answers through the hosted page; the server holds only the envelope; a fresh tab
// shows "Encrypted — unlock to read", unlocks with the passphrase and reads the answer in the list and on its
// page; the CSV made in the browser holds the value; `formstead decrypt` opens the JSON lines export with the
// key file the panel downloaded. Each feature that is off says so beside itself; 1280 and 390 px, axe clean.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { encryptAnswer } from '../../shared/crypto/envelope.ts';
import { makeKeyPair } from '../../shared/crypto/key-pair.ts';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, focusedElement, launchChromium, pageErrors, screenshot, signedInPage } from '../helpers/browser.ts';
import { bundlePath, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';
let formId = '';
let keyFile = '';
let lockedKeyFile = '';
let answerId = '';
let hostedUrl = '';

const PASSPHRASE = 'purple otters juggle quietly';
// A value found nowhere but inside the encrypted answer: the panel must show it only after unlocking.
const CANARY = 'Canary-7f3a quiet river';
const HOSTED_CANARY = 'Canary-hosted-91c2';
const LIVE_CANARY = 'Canary-live-55b1';

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Form sections' }).getByRole('link', { name });
/** Presses a control by keyboard: focus, then Enter (buttons, links) or Space (checkboxes). */
async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const t = suite('encrypted form: the owner makes a key, answers arrive sealed, the panel and the CLI open them');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'off' }));
  browser = await launchChromium();
  const made = await call(server.url, 'POST', '/v1/forms', {
    key: OWNER_KEY,
    body: { definition: contactDefinition({ title: 'Private feedback' }) },
  });
  assert.is(made.status, 201, made.text);
  formId = made.json.form_id as string;
  hostedUrl = made.json.hosted_url as string;
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('Settings › Encryption: make a key, download it, lock a copy with a passphrase, turn it on', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Encryption', exact: true }) });
  await section.waitFor();
  const words = await section.innerText();
  assert.match(words, /What you must keep/);
  assert.match(words, /Lose both and nobody can read/);
  assert.match(words, /Slack and Discord are off for this form/);
  await assertAxe(page, 'encryption part, off, 1280 px');

  await press(page, section.getByRole('button', { name: 'Make a key' }));
  const keep = page.getByRole('form', { name: 'Keep the private key' });
  await keep.waitFor();
  assert.is(await focusedElement(page), 'button:Download key file', 'the keyboard goes to the first step');
  // Nothing kept yet and a short passphrase: refused with words beside the field.
  await page.getByLabel('Passphrase', { exact: true }).focus();
  await page.keyboard.type('too short');
  await press(page, keep.getByRole('button', { name: 'Turn on encryption' }));
  await keep.getByText('Use at least 12 characters').waitFor();
  assert.is(
    (await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: {} })).json.encryption,
    null,
  );

  const downloading = page.waitForEvent('download');
  await press(page, keep.getByRole('button', { name: 'Download key file' }));
  const download = await downloading;
  const dir = await mkdtemp(path.join(tmpdir(), 'fs-e2e-panel-'));
  keyFile = path.join(dir, download.suggestedFilename());
  await download.saveAs(keyFile);
  const privateJwk = JSON.parse(await readFile(keyFile, 'utf8'));
  assert.is(privateJwk.kty, 'EC');
  assert.type(privateJwk.d, 'string', 'the file holds the private key');

  await page.getByLabel('Passphrase', { exact: true }).fill('');
  await page.getByLabel('Passphrase', { exact: true }).focus();
  await page.keyboard.type(PASSPHRASE);
  await page.getByLabel('Passphrase again').focus();
  await page.keyboard.type(PASSPHRASE);
  await assertAxe(page, 'keeping the private key, 1280 px');
  await screenshot(page, 'encrypted-panel-make-key-1280');
  await page.keyboard.press('Enter');
  await section.getByText('Answers to this form are encrypted').waitFor();
  assert.match(await focusedElement(page), /^status:On Answers to this form are encrypted/, 'focus on the result');

  const saved = (await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: {} })).json
    .encryption as { public_key: JsonWebKey; key_id: string; wrapped_private_key: Record<string, unknown> };
  assert.is(saved.public_key.x, privateJwk.x, 'the public half of the downloaded key');
  assert.not.ok('d' in saved.public_key);
  assert.is(saved.key_id, privateJwk.kid);
  assert.is(saved.wrapped_private_key.kdf, 'PBKDF2-SHA256');
  assert.ok((saved.wrapped_private_key.iterations as number) >= 310_000);
  const everything = JSON.stringify(saved);
  assert.not.ok(everything.includes(privateJwk.d), 'the private key never reached the server in the clear');
  assert.not.ok(everything.includes(PASSPHRASE), 'nor the passphrase');

  // The features that cannot work on encrypted answers say so beside themselves.
  for (const line of [
    'Slack and Discord are off for this form',
    'Email rules are off for this form',
    'Emails about answers carry no answers',
    'Confirmation emails are off for this form',
    'Webhooks receive the encrypted answer only',
  ])
    await page.locator('.off-note', { hasText: line }).first().waitFor();
  // The passphrase-locked copy, as a file for `formstead decrypt` (opened with the passphrase on stdin).
  const lockedDownload = page.waitForEvent('download');
  await press(page, section.getByRole('button', { name: 'Download the locked key' }));
  const locked = await lockedDownload;
  lockedKeyFile = path.join(path.dirname(keyFile), locked.suggestedFilename());
  await locked.saveAs(lockedKeyFile);
  assert.equal(JSON.parse(await readFile(lockedKeyFile, 'utf8')), saved.wrapped_private_key);
  await assertAxe(page, 'encryption part, on, 1280 px');
  await screenshot(page, 'encrypted-panel-settings-on-1280');
  await tab(page, 'Overview').click();
  await page.locator('.off-note', { hasText: 'Charts are off for this form' }).waitFor();
  assert.equal(errors, []);
  await closePage(page);
});

/** Posts `values` encrypted for the key the form publishes, exactly as the hosted page and the embeds do. */
async function postSealed(values: Record<string, unknown>): Promise<string> {
  const definition = await call(server.url, 'GET', `/v1/f/${formId}/definition`);
  const { public_key } = definition.json.encryption as { public_key: JsonWebKey };
  const posted = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { encrypted: await encryptAnswer({ values }, public_key, formId) },
  });
  assert.is(posted.status, 201, posted.text);
  return posted.json.id as string;
}

t('an answer arrives sealed for the form key; the server keeps only the envelope', async () => {
  // Sealed here as the pages seal it (the hosted page's own flow is the last test).
  answerId = await postSealed({ name: CANARY, email: 'river@example.com', topic: 'support', message: `Hi ${CANARY}` });
  const list = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  const [stored] = list.json.submissions as { id: string; values: object; encrypted?: { kid: string } }[];
  assert.is(stored.id, answerId);
  assert.ok(stored.encrypted, 'the answer is an envelope');
  assert.equal(stored.values, {});
  assert.not.ok(list.text.includes('Canary-7f3a'), 'no answer text on the server');
});

t('a fresh tab: locked until the passphrase; the list, the answer page and the CSV read the value', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  const row = page.locator(`tr[data-id="${answerId}"]`);
  await row.getByText('Encrypted — unlock to read').waitFor();
  assert.not.ok((await page.locator('main').innerText()).includes('Canary-7f3a'));
  await page.locator('.off-note', { hasText: 'Search reads tags and notes only' }).waitFor();
  await assertAxe(page, 'answers locked, 1280 px');
  await screenshot(page, 'encrypted-panel-locked-1280');

  // A wrong passphrase says so and keeps the answers locked.
  const unlock = page.getByRole('region', { name: 'Encrypted answers' });
  await unlock.getByLabel('Passphrase', { exact: true }).focus();
  await page.keyboard.type('not the passphrase at all');
  await page.keyboard.press('Enter');
  await unlock.getByText('That passphrase does not open the key').waitFor();
  await unlock.getByLabel('Passphrase', { exact: true }).fill('');
  await unlock.getByLabel('Passphrase', { exact: true }).focus();
  await page.keyboard.type(PASSPHRASE);
  await page.keyboard.press('Enter');
  await row.getByText(CANARY, { exact: true }).waitFor();
  await unlock.getByText('Unlocked in this tab').waitFor();
  assert.match(await focusedElement(page), /^p:Unlocked in this tab\./, 'the keyboard stays in the box');
  // An answer arriving while the list is open (the live feed) is opened too.
  await postSealed({ name: LIVE_CANARY, email: 'live@example.com' });
  await page.getByText(LIVE_CANARY, { exact: true }).waitFor();
  await assertAxe(page, 'answers unlocked, 1280 px');
  await screenshot(page, 'encrypted-panel-unlocked-1280');

  // The CSV is made in this browser from the opened answers.
  const downloading = page.waitForEvent('download');
  await press(page, page.getByRole('button', { name: 'Download CSV' }));
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  assert.ok(csv.startsWith('\uFEFFID,Submitted at (UTC),Name,Email,Topic,Message\r\n'), csv.slice(0, 80));
  assert.ok(csv.includes(`${answerId},`), 'the answer row');
  assert.ok(csv.includes(CANARY));
  assert.ok(csv.includes(LIVE_CANARY));
  assert.ok(csv.includes('river@example.com'));

  // The answer's page, reached inside the panel: the key stays in the tab.
  await press(page, row.getByRole('link', { name: `Open submission ${answerId}` }));
  await page.getByRole('heading', { name: 'Submission', exact: true }).waitFor();
  await page.locator('dl.answers', { hasText: CANARY }).waitFor();
  await page.locator('.off-note', { hasText: 'No PDF for an encrypted answer' }).waitFor();
  await assertAxe(page, 'one answer unlocked, 1280 px');
  await screenshot(page, 'encrypted-panel-answer-1280');

  // Lock forgets the key: the values go.
  await press(page, page.getByRole('button', { name: 'Lock' }));
  await page.getByTestId('sealed-answer').getByText('Encrypted — unlock to read').waitFor();
  assert.not.ok((await page.locator('main').innerText()).includes('Canary-7f3a'));
  assert.equal(errors, []);
  await closePage(page);
});

t('at 390 px: unlock with the key file, read the answer, no sideways scroll', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 390);
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  await page.locator(`tr[data-id="${answerId}"]`).getByText('Encrypted — unlock to read').waitFor();
  assert.ok(await noSidewaysScroll(page), 'the locked list: no sideways scroll at 390 px');
  await assertAxe(page, 'answers locked, 390 px');
  await screenshot(page, 'encrypted-panel-locked-390');
  await page.goto(`${server.url}/admin/forms/${formId}/submissions/${answerId}`);
  await page.getByTestId('sealed-answer').waitFor();
  const unlock = page.getByRole('region', { name: 'Encrypted answers' });
  await unlock.getByLabel(/^Key file/).setInputFiles(keyFile);
  await press(page, unlock.getByRole('button', { name: 'Unlock' }));
  await page.locator('dl.answers', { hasText: CANARY }).waitFor();
  assert.ok(await noSidewaysScroll(page), 'no sideways scroll at 390 px');
  await assertAxe(page, 'one answer unlocked, 390 px');
  await screenshot(page, 'encrypted-panel-answer-390');

  await page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await page.getByRole('heading', { name: 'Encryption', exact: true }).waitFor();
  assert.ok(await noSidewaysScroll(page), 'settings: no sideways scroll at 390 px');
  await assertAxe(page, 'settings, encrypted, 390 px');
  await screenshot(page, 'encrypted-panel-settings-390');
  // The part itself, large enough to read (the whole settings page is 5,000 px tall at 390).
  await page
    .locator('.encryption-part')
    .screenshot({ path: path.resolve('test/artifacts/encrypted-panel-part-390.png') });
  assert.equal(errors, []);
  await closePage(page);
});

t('a page without WebCrypto (plain http away from localhost) says how to reach it instead of failing', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  // What a browser does on an insecure page: no crypto.subtle.
  await page.addInitScript(() => Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined }));
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  const unlock = page.getByRole('region', { name: 'Encrypted answers' });
  await unlock.getByText('open the panel over https (or on localhost)').waitFor();
  assert.is(await unlock.getByRole('button', { name: 'Unlock' }).count(), 0);
  await page.locator(`tr[data-id="${answerId}"]`).getByText('Encrypted — unlock to read').waitFor();
  assert.equal(errors, []);
  await closePage(page);
});

t('formstead decrypt opens the JSON lines export with the key file the panel downloaded', async () => {
  const exported = await call(server.url, 'GET', `/v1/forms/${formId}/submissions?format=jsonl`, { key: OWNER_KEY });
  assert.is(exported.status, 200, exported.text);
  assert.not.ok(exported.text.includes('Canary-7f3a'), 'the export holds only ciphertext');
  // Saved under the name the download has, which says the form (the key id binds each answer to it).
  const file = path.join(path.dirname(keyFile), `${formId}-submissions.jsonl`);
  await writeFile(file, exported.text);
  const withFile = spawnSync(process.execPath, [bundlePath, 'decrypt', '--key', keyFile, file], { encoding: 'utf8' });
  assert.is(withFile.status, 0, withFile.stderr);
  const [line] = withFile.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.is(line.id, answerId);
  assert.is(line.values.name, CANARY);
  // The passphrase-locked key the panel kept and offered as a file, with the passphrase on stdin.
  const withPassphrase = spawnSync(process.execPath, [bundlePath, 'decrypt', '--key', lockedKeyFile, file], {
    encoding: 'utf8',
    input: `${PASSPHRASE}\n`,
  });
  assert.is(withPassphrase.status, 0, withPassphrase.stderr);
  assert.is(withPassphrase.stdout, withFile.stdout);
});

t('the builder says which features are off; Turn off encryption asks first', async () => {
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}/edit`);
  await press(page, page.getByRole('button', { name: '+ Add field' }).first());
  await page.locator('.off-note', { hasText: 'File upload and Signature cannot be used' }).waitFor();
  await screenshot(page, 'encrypted-panel-builder-picker-1280');
  await press(page, page.getByRole('button', { name: 'Form settings' }));
  await page.locator('.off-note', { hasText: 'Keeping answers in the browser is off for this form' }).waitFor();
  await page.locator('.off-note', { hasText: 'Calculations are not worked out on the server' }).waitFor();
  await assertAxe(page, 'builder of an encrypted form, 1280 px');
  await screenshot(page, 'encrypted-panel-builder-settings-1280');
  assert.equal(errors, []);
  await closePage(page);

  const settings = await signedInPage(browser, server.url, cookie, 1280);
  await settings.page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await press(settings.page, settings.page.getByRole('button', { name: 'Turn off encryption' }));
  const dialog = settings.page.getByRole('dialog', { name: 'Turn off encryption?' });
  await dialog.getByText('Answers already received stay encrypted').waitFor();
  await press(settings.page, dialog.getByRole('button', { name: 'Turn off encryption' }));
  await settings.page.getByRole('button', { name: 'Make a key' }).waitFor();
  assert.is(await focusedElement(settings.page), 'button:Make a key', 'focus on what replaced Turn off');
  const now = await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: {} });
  assert.is(now.json.encryption, null);
  assert.equal([...errors, ...settings.errors], []);
  await closePage(settings.page);
});

t(
  'at 390 px, a form with a File upload: the part names it, and turning encryption on is refused with the reason',
  async () => {
    const withUpload = await call(server.url, 'POST', '/v1/forms', {
      key: OWNER_KEY,
      body: {
        definition: contactDefinition({
          id: 'with-cv',
          title: 'Job application',
          fields: [...contactDefinition().fields, { key: 'cv', type: 'file', label: 'Your CV' }],
        }),
      },
    });
    assert.is(withUpload.status, 201, withUpload.text);
    const id = withUpload.json.form_id as string;
    const { page, errors } = await signedInPage(browser, server.url, cookie, 390);
    await page.goto(`${server.url}/admin/forms/${id}?tab=settings`);
    await page.getByText('This form asks for “Your CV”: remove that question in the builder first').waitFor();
    await press(page, page.getByRole('button', { name: 'Make a key' }));
    await page.getByRole('checkbox', { name: 'And/or keep it with the form, locked by a passphrase' }).waitFor();
    // Keyboard: Space unticks the passphrase copy; with nothing kept, Turn on says what to do first.
    await press(
      page,
      page.getByRole('checkbox', { name: 'And/or keep it with the form, locked by a passphrase' }),
      ' ',
    );
    await press(page, page.getByRole('button', { name: 'Turn on encryption' }));
    await page.getByText('Download the key file or set a passphrase first.').waitFor();
    const downloading = page.waitForEvent('download');
    await press(page, page.getByRole('button', { name: 'Download key file' }));
    await downloading;
    await press(page, page.getByRole('button', { name: 'Turn on encryption' }));
    await page.getByRole('alert').filter({ hasText: 'field "cv" is a file field' }).waitFor();
    const after = await call(server.url, 'PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: {} });
    assert.is(after.json.encryption, null, 'nothing was turned on');
    assert.ok(await noSidewaysScroll(page), 'making a key: no sideways scroll at 390 px');
    await assertAxe(page, 'refused: a form with an upload, 390 px');
    await page
      .locator('.encryption-part')
      .screenshot({ path: path.resolve('test/artifacts/encrypted-panel-refused-390.png') });
    assert.equal(errors, []);
    await closePage(page);
  },
);

t('an RSA public key the owner has is pasted in; a person answers on the hosted page; the panel reads it', async () => {
  // Made outside the panel (as another tool would): only its public half goes into the panel.
  const made = await makeKeyPair('RSA');
  const owner = await signedInPage(browser, server.url, cookie, 1280);
  await owner.page.goto(`${server.url}/admin/forms/${formId}?tab=settings`);
  await press(owner.page, owner.page.getByText('Advanced: kind of key, or a public key you already have'));
  const paste = owner.page.getByRole('form', { name: 'Use a public key you have' });
  // The private key by mistake: refused before anything is sent.
  await paste.getByLabel(/^Or paste a public key/).fill(JSON.stringify(made.privateJwk));
  await press(owner.page, paste.getByRole('button', { name: 'Use this public key' }));
  await paste.getByText('This key is a private key (has "d"): give the public key only.').waitFor();
  await paste.getByLabel(/^Or paste a public key/).fill(JSON.stringify(made.publicJwk, null, 2));
  await press(owner.page, paste.getByRole('button', { name: 'Use this public key' }));
  await owner.page.getByText('No copy of the private key is kept here').waitFor();
  assert.equal(owner.errors, []);
  await closePage(owner.page);
  const on = await call(server.url, 'PATCH', `/v1/forms/${formId}`, { key: OWNER_KEY, body: {} });
  assert.is(on.json.encryption.key_id, made.keyId);
  assert.is(on.json.encryption.public_key.kty, 'RSA');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await context.newPage();
  const errors = pageErrors(p);
  await p.goto(hostedUrl);
  await p.locator('.fs-renderer-host').waitFor();
  await p.getByLabel('Name').fill(HOSTED_CANARY);
  await p.getByLabel('Email').fill('hosted@example.com');
  await p.getByRole('button', { name: 'Send' }).click();
  await p.locator('.fs-success-message').waitFor();
  await screenshot(p, 'encrypted-panel-hosted-sent-390');
  assert.equal(errors, []);
  await context.close();
  const list = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  assert.not.ok(list.text.includes(HOSTED_CANARY), 'the page posted only ciphertext');
  const hostedId = (list.json.submissions as { id: string }[])[0].id;

  const keyPath = path.join(path.dirname(keyFile), 'second-key.json');
  await writeFile(keyPath, JSON.stringify(made.privateJwk));
  const { page, errors: panelErrors } = await signedInPage(browser, server.url, cookie, 1280);
  await page.goto(`${server.url}/admin/forms/${formId}/submissions/${hostedId}`);
  await page.getByTestId('sealed-answer').waitFor();
  const unlock = page.getByRole('region', { name: 'Encrypted answers' });
  await unlock.getByLabel(/^Key file/).setInputFiles(keyPath);
  await press(page, unlock.getByRole('button', { name: 'Unlock' }));
  await page.locator('dl.answers', { hasText: HOSTED_CANARY }).waitFor();
  assert.equal(panelErrors, []);
  await closePage(page);
});

t.run();
