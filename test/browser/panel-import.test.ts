// The submissions tab's "Import answers" in Debian's Chromium: a CSV shaped like the panel's own export
// (id, created_at, field keys) picked from disk is imported, the counts and refused rows are shown and the
// table reloads; the same file again stores nothing twice; a file with a column that maps to no field says
// why nothing was imported. The panel's route refuses another site's post and a signed-out one.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { startWithOwner } from '../helpers/admin-session.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { launchChromium, signedInPage } from '../helpers/browser.ts';
import { tempDataDir, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let cookie = '';

const t = suite('panel: import answers');
t.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
  browser = await launchChromium();
});
t.after(async () => {
  await browser?.close();
  await server?.stop();
});

t('a CSV is imported from the file picker: counts, refused rows, the table reloads; again: all skipped', async () => {
  const formId = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json.form_id as string;
  const dir = await tempDataDir();
  const file = path.join(dir, 'answers.csv');
  await writeFile(
    file,
    'id,created_at,name,email,topic\n' +
      'a1,2024-01-02T03:04:05Z,Ada Imported,ada@example.com,sales\n' +
      'a2,,Bo Imported,bo@example.com,\n' +
      'a3,,Cy,,support\n',
  );
  // Under the panel's own Content-Security-Policy: the import's fetch is allowed by it.
  const { page, errors } = await signedInPage(browser, server.url, cookie, 1280, { bypassCSP: false });
  await page.goto(`${server.url}/admin/forms/${formId}?tab=submissions`);
  await page.getByTestId('import-file').setInputFiles(file);
  const outcome = page.getByTestId('import-outcome');
  // First a preview: what would be stored and refused, nothing stored yet.
  await outcome.getByText('2 answers can be imported, 1 row would be refused.', { exact: false }).waitFor();
  assert.match(await outcome.innerText(), /Row 3: values\.email: This field is required/);
  const before = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  assert.is(before.json.submissions.length, 0, 'the preview stored nothing');
  await page.getByRole('button', { name: 'Import 2 answers' }).click();
  await outcome.getByText('2 answers imported').waitFor();
  assert.match(
    await outcome.innerText(),
    /2 answers imported, 1 row refused\.\s*Row 3: values\.email: This field is required/,
  );
  await page.getByText('Ada Imported').first().waitFor();
  await page.getByText('Bo Imported').first().waitFor();
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByTestId('import-confirm').click();
  await outcome.getByText('0 answers imported, 2 rows skipped (imported before), 1 row refused.').waitFor();

  const bad = path.join(dir, 'bad.csv');
  await writeFile(bad, 'id,name,email,Company\nb1,Di,di@example.com,Acme\n');
  await page.getByTestId('import-file').setInputFiles(bad);
  await page.getByRole('alert').getByText('The file was not imported:').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /"Company" maps to no field/);
  const list = await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY });
  assert.is(list.json.submissions.length, 2);
  // Chromium logs the refused file's 422 as a failed resource; nothing else went wrong on the page.
  assert.equal(
    errors.filter((e) => !/status of 422/.test(e)),
    [],
  );
});

t("the panel's import route: another site's Origin 403, no session 401", async () => {
  const formId = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json.form_id as string;
  const body = '{"id":"x","values":{"name":"Ada","email":"ada@example.com"}}\n';
  const headers = { 'content-type': 'application/x-ndjson', cookie };
  const path_ = `/admin/forms/${formId}/submissions/import`;
  const foreign = await call(server.url, 'POST', path_, {
    rawBody: body,
    headers: { ...headers, origin: 'https://evil.example' },
  });
  assert.is(foreign.status, 403);
  const signedOut = await call(server.url, 'POST', path_, {
    rawBody: body,
    headers: { 'content-type': headers['content-type'] },
  });
  assert.is(signedOut.status, 401);
  const own = await call(server.url, 'POST', path_, { rawBody: body, headers });
  assert.equal(own.json, { imported: 1, skipped_duplicates: 0, refused: [] });
});

t.run();
