// The admin panel in Debian's Chromium against the bundle, as an owner would use it: set up the owner
// from the printed one-time link, sign out and in, claim a form published without a key, change
// settings (the API's messages for a bad value), watch a submission arrive live, download the CSV,
// rotate the webhook secret and test-send with the new one. Screenshots go to test/artifacts/.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, contactDefinition } from '../helpers/api.ts';
import { OWNER_PASSWORD } from '../helpers/admin-session.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import { freePort, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let receiver: HttpsReceiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const failedRequests: string[] = [];
let formId = '';

const admin = suite('admin panel in Chromium');
admin.before(async () => {
  receiver = await startHttpsReceiver();
  const port = await freePort();
  server = await startServer({
    port,
    // The panel is used at its public URL (the socket accepts that Origin only); the receiver is local.
    env: {
      FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`,
      FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
    },
  });
  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  errors = pageErrors(page);
  page.on('response', (res) => {
    if (res.status() >= 400) failedRequests.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  // Rotating the secret asks for confirmation.
  page.on('dialog', (dialog) => void dialog.accept());
});
admin.after(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

const tab = (name: string) => page.getByRole('navigation', { name: 'Form sections' }).getByRole('link', { name });

admin('first start: the printed one-time link creates the owner and opens the panel', async () => {
  const link = /Create the owner account \(this link works once\): (\S+)/.exec(server.output())?.[1];
  assert.ok(link, server.output());
  await page.goto(link!);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password (at least 10 characters)').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  assert.is(new URL(page.url()).pathname, '/admin');
  await page.getByText('No forms yet.').waitFor();
});

admin('sign out, then sign in again with email and password', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('email or password is wrong').waitFor();
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  await screenshot(page, 'admin-empty');
});

admin('a form published without a key is claimed from its claim link and listed', async () => {
  const published = await call(server.url, 'POST', '/v1/forms', { body: { definition: contactDefinition() } });
  assert.is(published.status, 201);
  formId = published.json.form_id;
  await page.goto(published.json.claim_url);
  await page.getByText('Claim “Contact us”').waitFor();
  await page.getByRole('button', { name: 'Claim form' }).click();
  await page.getByText('is yours').waitFor();
  await page.getByRole('link', { name: 'Open the admin panel' }).click();
  const row = page.getByRole('row', { name: /Contact us/ });
  await row.waitFor();
  assert.match(await row.innerText(), /active/);
  assert.ok(await row.getByRole('img', { name: '0 submissions in the last 30 days' }).isVisible());
  await screenshot(page, 'admin-forms');
});

admin('settings: a bad value is explained in plain words; a good change is saved', async () => {
  await page.getByRole('link', { name: 'Contact us' }).click();
  await tab('Settings').click();
  await page.getByLabel(/^Redirect address/).fill('ftp://example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').getByText('The redirect address must start with http:// or https://').waitFor();
  await page.getByLabel(/^Redirect address/).fill('');
  await page.getByLabel(/^Message after sending/).fill('Thanks, we will write back soon.');
  await page.getByLabel(/^Webhook address/).fill(receiver.url('/status/200/hook'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.').waitFor();
  await screenshot(page, 'admin-settings');
  await page.reload();
  assert.is(await page.getByLabel(/^Message after sending/).inputValue(), 'Thanks, we will write back soon.');
});

admin('a new submission appears in the open table without a reload', async () => {
  await tab('Submissions').click();
  await page.getByText('No submissions yet').waitFor();
  const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Ada Lovelace', email: 'ada@example.com', message: '=1+1' } },
  });
  assert.is(sent.status, 201);
  await page.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
  await page.getByText('1 new since opened').waitFor();
  await screenshot(page, 'admin-submissions');
});

admin('the CSV download is headed by labels after a BOM, the formula cell escaped; Excel beside it', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  assert.is(download.suggestedFilename(), `${formId}-submissions.csv`);
  const raw = await readFile((await download.path())!);
  assert.equal([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte-order mark first');
  const lines = raw.toString('utf8', 3).trim().split('\r\n');
  assert.is(lines[0], 'ID,Submitted at (UTC),Name,Email,Topic,Message');
  assert.match(lines[1], /,Ada Lovelace,ada@example\.com,,'=1\+1$/);
  const [book] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Excel (.xlsx)' }).click(),
  ]);
  assert.is(book.suggestedFilename(), `${formId}-submissions.xlsx`);
  // Read by Python's zip reader, not by the library that wrote it.
  const sheet = execFileSync(
    'python3',
    [
      '-c',
      'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("xl/worksheets/sheet1.xml").decode())',
      (await book.path())!,
    ],
    { encoding: 'utf8' },
  );
  assert.match(sheet, /<v>Name<\/v>.*<v>Ada Lovelace<\/v>/s);
});

admin(
  'the webhook secret is masked, revealed, rotated at once, and a test send is signed with the new one',
  async () => {
    await tab('Webhook').click();
    const secret = page.getByTestId('webhook-secret');
    assert.match(await secret.innerText(), /^whsec_…[0-9a-f]{4}$/);
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const before = await secret.innerText();
    assert.match(before, /^whsec_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="webhook-secret"]')?.textContent !== old,
      before,
    );
    const after = await secret.innerText();
    assert.match(after, /^whsec_[0-9a-f]{64}$/);
    assert.is.not(after, before);
    receiver.secrets.set('/status/200/hook', after);
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(/^Delivered: the receiver answered 200 in \d+ ms\.$/).waitFor();
    const test = receiver
      .to('/status/200/hook')
      .find((r) => r.json?.submission_id === '00000000-0000-0000-0000-000000000000');
    assert.ok(test?.verified, 'the receiver verified the test with the new secret');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await screenshot(page, 'admin-webhook');
    // The log links each submission to its page, which shows its delivery and attempts.
    const logged = page.locator('table.stack a[href*="/submissions/"]').first();
    for (let i = 0; i < 100 && !(await logged.isVisible()); i++) {
      await page.waitForTimeout(100);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await logged.click();
    await page.getByRole('heading', { name: 'Submission', level: 1 }).waitFor();
    await page.getByText('Delivered', { exact: true }).waitFor();
    assert.match(await page.locator('table.stack').innerText(), /\b200\b/);
    assert.match(await page.locator('dl.answers').innerText(), /Name\s+Ada Lovelace/);
    await screenshot(page, 'admin-submission-detail');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    assert.match(pdf.suggestedFilename(), new RegExp(`^${formId}-[0-9a-f-]{36}\\.pdf$`));
    const text = execFileSync('pdftotext', [(await pdf.path())!, '-'], { encoding: 'utf8' });
    assert.match(text, /Name\s+Ada Lovelace/);
    await page.goBack();
    await tab('Webhook').waitFor();
  },
);

admin(
  'settings send responses to Slack; a delivery a 400 ended is sent again from the log with Redeliver',
  async () => {
    receiver.switches.set('panel', 400);
    await tab('Settings').click();
    await page.getByLabel(/^Webhook address/).fill(receiver.url('/switch/panel/hook'));
    await page.getByLabel(/^Send each response to Slack/).fill(receiver.url('/status/200/services/panel'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').first().waitFor();
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, {
      body: { values: { name: 'Grace Hopper', email: 'grace@example.com' } },
    });
    assert.is(sent.status, 201);
    await receiver.waitFor(() => receiver.to('/switch/panel/hook').length === 1, 'the refused delivery');
    await receiver.waitFor(() => receiver.to('/status/200/services/panel').length === 1, 'the Slack message');
    assert.match(JSON.stringify(receiver.to('/status/200/services/panel')[0].json), /\*Name\*\\nGrace Hopper/);
    receiver.switches.set('panel', 200);
    await tab('Webhook').click();
    const again = page.getByRole('button', { name: `Redeliver submission ${sent.json.id}` });
    for (let i = 0; i < 100 && !(await again.isVisible()); i++) {
      await page.waitForTimeout(100);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await screenshot(page, 'admin-webhook-redeliver');
    await again.click();
    await page.getByText(/^Sent again/).waitFor();
    await receiver.waitFor(
      () => receiver.to('/switch/panel/hook').some((r) => r.status === 200),
      'the redelivery to get through',
    );
  },
);

admin('workspace: usage, members, an invite link and an account key shown once', async () => {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workspace' }).click();
  await page.getByRole('heading', { name: 'Members' }).waitFor();
  // The only owner is not offered a Remove the server would refuse; a sentence says why.
  const own = page.locator('tr', { hasText: '(you)' });
  await own.getByText('The only owner cannot be removed').waitFor();
  assert.is(await own.getByRole('button', { name: 'Remove' }).count(), 0);
  await page.getByRole('button', { name: 'Create invite link' }).click();
  await page.getByText('It works once, for 7 days').waitFor();
  await page.getByPlaceholder('Name, e.g. CI deploys').fill('CI');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByText('Copy the key now: it is shown only once.').waitFor();
  const key = await page.locator('.once code').last().innerText();
  assert.match(key, /^svc_live_/);
  const listed = await call(server.url, 'GET', '/v1/forms', { key });
  assert.equal(
    listed.json.forms.map((f: { form_id: string }) => f.form_id),
    [formId],
  );
  // Ada's answer, and Grace's from the redelivery step.
  await page.getByText('2 submissions in').waitFor();
  // The instance's signing key, the same as the public endpoint's.
  const published = await call(server.url, 'GET', '/v1/signing-key');
  await page.getByRole('heading', { name: 'Signing key' }).waitFor();
  assert.is((await page.getByLabel('Public signing key').innerText()).trim(), published.json.public_key_pem.trim());
  await page.getByText(published.json.key_id).waitFor();
  await screenshot(page, 'admin-workspace');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('img', { name: '2 submissions in the last 30 days' }).waitFor();
  await screenshot(page, 'admin-forms-activity');
  // The browser logs failed loads as console errors: the wrong password's 401 page (and the favicon,
  // which is not a page request); nothing the panel loads fails.
  assert.equal(
    errors.filter((e) => !e.startsWith('Failed to load resource')),
    [],
    'no script errors',
  );
  assert.equal([...new Set(failedRequests)], ['401 /admin/login']);
});

admin('moderation: a reported form is listed for the instance owner, paused by moderation and lifted', async () => {
  const reporter = await context.newPage();
  await reporter.goto(`${server.url}/f/${formId}/report`);
  await reporter.getByRole('button', { name: 'Report this form' }).click();
  // The answer page, not just the click: closing a page while its post navigates can hang Chromium.
  await reporter.getByRole('status').getByText('Your report was received.').waitFor();
  await closePage(reporter);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Moderation' }).click();
  const row = page.getByRole('row', { name: /Contact us/ });
  await row.getByRole('button', { name: 'Pause by moderation' }).click();
  await row.getByText('Paused by moderation').waitFor();
  await screenshot(page, 'admin-moderation');
  const refused = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { name: 'Eve', email: 'eve@example.com' } },
  });
  assert.is(refused.status, 409);
  await row.getByRole('button', { name: 'Lift pause' }).click();
  await row.getByRole('button', { name: 'Pause by moderation' }).waitFor();
});

admin.run();
