// File uploads in Chromium on the hosted page: with JavaScript the file is sent when chosen (progress
// with percent, Cancel, clear refusals) and the answer carries its upload id; without JavaScript the
// page posts multipart. Either way the bytes downloaded afterwards are the bytes sent.
import { readFile } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { assertAxe } from '../helpers/axe.ts';
import { closePage, launchChromium, pageErrors, screenshot } from '../helpers/browser.ts';
import {
  bytes,
  download,
  fileDefinition,
  ownerWithKey,
  publishFileForm,
  rawUpload,
  sha256,
  startWithPublicUrl,
} from '../helpers/files.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const definition = fileDefinition([
  {
    key: 'cv',
    type: 'file',
    label: 'Your CV',
    accept: '.pdf,image/*',
    helperText: 'A PDF or an image, up to 1 MB.',
    validation: { required: true },
  },
]);
const stored = async (formId: string) =>
  (await call(server.url, 'GET', `/v1/forms/${formId}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, any>;
  }[];

/** A page whose uploads are slowed to `bytesPerSecond` (Chromium's own network emulation), so progress can be seen. */
async function slowPage(width: number, bytesPerSecond: number, javaScriptEnabled = true): Promise<Page> {
  // bypassCSP: axe is injected into the page, whose CSP allows no other script.
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled, bypassCSP: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return page;
}

const files = suite('file uploads in Chromium');
files.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_UPLOAD_MAX_MB: '1' } });
  browser = await launchChromium();
});
files.after(async () => {
  await browser?.close();
  await server.stop();
});

files(
  'with JavaScript: the file uploads when chosen, progress shows, then the answer is sent; the bytes come ' +
    'back the same',
  async () => {
    const formId = await publishFileForm(server.url, definition);
    const page = await slowPage(1280, 150_000);
    const errors = pageErrors(page);
    await page.goto(`${server.url}/f/${formId}`);
    // The page's script swaps its form in for the server-rendered one: type into the form that stays.
    await page.locator('.fs-renderer-host').waitFor();
    await page.getByLabel('Name').fill('Ada');
    // Every percent the bar shows, recorded in the page as it changes.
    await page.evaluate(() => {
      (window as any).seen = [];
      new MutationObserver(() => {
        const bar = document.querySelector('.fs-upload-bar') as HTMLProgressElement | null;
        if (bar) (window as any).seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const data = bytes(600_000);
    await page.getByLabel('Your CV').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: data });
    await page.locator('.fs-upload-bar').waitFor();
    assert.match((await page.locator('.fs-upload-text').textContent()) ?? '', /^Uploading… \d{1,3}%$/);
    assert.ok(await page.getByRole('button', { name: 'Cancel' }).isVisible(), 'Cancel is offered while it uploads');
    // Sending now would send no file: the form says to wait instead.
    await page.getByRole('button', { name: 'Send' }).click();
    assert.is(
      await page.getByRole('alert').first().textContent(),
      'A file is still uploading. Try again once it has finished.',
    );
    await screenshot(page, 'files-uploading-1280');
    await assertAxe(page, 'while uploading');
    await page.locator('.fs-upload-done').waitFor();
    assert.is(await page.locator('.fs-upload-done').textContent(), 'Uploaded: cv.pdf (586 KB)');
    assert.is(await page.getByText('A file is still uploading').count(), 0, 'the notice went with the upload');
    const seen: number[] = await page.evaluate(() => (window as any).seen);
    assert.ok(
      seen.some((p) => p > 0 && p < 100),
      `the bar moved through the middle: ${seen.join(',')}`,
    );
    await screenshot(page, 'files-uploaded-1280');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.fs-success-message, .fs-success').first().waitFor();
    const [answer] = await stored(formId);
    assert.is(answer.values.name, 'Ada');
    assert.equal(
      { ...answer.values.cv, file_id: undefined, url: undefined },
      { file_id: undefined, name: 'cv.pdf', size: 600_000, type: 'application/pdf', url: undefined },
    );
    const got = await download(`${server.url}/v1/files/${answer.values.cv.file_id}`);
    assert.is(sha256(got.body), sha256(data), 'the bytes downloaded are the bytes sent');
    assert.equal(errors, []);
    await closePage(page);
  },
);

files('Cancel stops the upload and leaves the field empty; too large and wrong type are said plainly', async () => {
  const formId = await publishFileForm(server.url, definition);
  const page = await slowPage(390, 50_000);
  await page.goto(`${server.url}/f/${formId}`);
  // The page's script swaps its form in for the server-rendered one: type into the form that stays.
  await page.locator('.fs-renderer-host').waitFor();
  await page.getByLabel('Name').fill('Bo');
  const input = page.getByLabel('Your CV');
  await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: bytes(500_000) });
  await page.locator('.fs-upload-bar').waitFor();
  await screenshot(page, 'files-uploading-390');
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.is(await page.locator('.fs-upload-bar').count(), 0, 'the bar is gone');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.fs-error').first().waitFor();
  assert.is(await page.locator('.fs-error').first().textContent(), 'This field is required');

  await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: bytes(1_500_000) });
  assert.is(
    await page.locator('.fs-upload-problem').textContent(),
    'This file is too large (1.4 MB): the most is 1 MB.',
  );
  await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: bytes(100) });
  await page.locator('.fs-upload-problem', { hasText: 'accepted' }).waitFor();
  assert.is(
    await page.locator('.fs-upload-problem').textContent(),
    'Files of this type are not accepted here (accepted: .pdf, image/*).',
  );
  await screenshot(page, 'files-refused-390');
  await assertAxe(page, 'a refused file');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no horizontal scroll at 390 px (${width})`);
  assert.equal(await stored(formId), [], 'nothing was submitted');
  await closePage(page);
});

files(
  'without JavaScript: the page posts multipart with the file and lands on the thanks page; the bytes come ' +
    'back the same',
  async () => {
    const formId = await publishFileForm(server.url, definition);
    const page = await slowPage(900, -1, false);
    await page.goto(`${server.url}/f/${formId}`);
    const opened = Date.now();
    assert.is(await page.locator('form.fs-form').getAttribute('enctype'), 'multipart/form-data');
    await page.getByLabel('Name').fill('Cy');
    const data = bytes(250_000);
    await page.getByLabel('Your CV').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: data });
    await page.waitForTimeout(Math.max(0, opened + 2200 - Date.now())); // the render token's 2 s
    await Promise.all([
      page.waitForURL(`${server.url}/f/${formId}/thanks`),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    const [answer] = await stored(formId);
    assert.equal(
      { ...answer.values.cv, file_id: undefined, url: undefined },
      { file_id: undefined, name: 'scan.png', size: 250_000, type: 'image/png', url: undefined },
    );
    const got = await download(`${server.url}/v1/files/${answer.values.cv.file_id}`);
    assert.is(sha256(got.body), sha256(data), 'the bytes downloaded are the bytes sent');
    await closePage(page);
  },
);

files(
  "the admin panel shows a submission's file with name, size and type; its link downloads the same bytes",
  async () => {
    const own = await startWithPublicUrl();
    try {
      const { cookie, key } = await ownerWithKey(own);
      const formId = await publishFileForm(own.url, definition, false, key);
      const data = bytes(123_456);
      const up = await rawUpload(own.url, formId, 'cv', data, 'Lebenslauf März.pdf');
      assert.is(
        (await call(own.url, 'POST', `/v1/f/${formId}`, { body: { values: { name: 'Di', cv: up.json.upload_id } } }))
          .status,
        201,
      );
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          acceptDownloads: true,
          viewport: { width, height: 800 },
          bypassCSP: true,
        });
        const [name, value] = cookie.split('=');
        await context.addCookies([{ name, value, url: own.url }]);
        const page = await context.newPage();
        const errors = pageErrors(page);
        await page.goto(`${own.url}/admin/forms/${formId}`);
        await page
          .getByRole('navigation', { name: 'Form sections' })
          .getByRole('link', { name: 'Submissions' })
          .click();
        const link = page.getByRole('link', { name: 'Lebenslauf März.pdf' });
        await link.waitFor();
        assert.is(await page.locator('.file-value .muted').textContent(), '121 KB · application/pdf');
        await screenshot(page, `files-admin-${width}`);
        await assertAxe(page, `the submissions table at ${width} px`);
        if (width === 1280) {
          const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
          assert.is(file.suggestedFilename(), 'Lebenslauf März.pdf');
          assert.is(
            sha256(await readFile((await file.path())!)),
            sha256(data),
            'the bytes downloaded are the bytes sent',
          );
          // The submission's own page shows the file the same way, by its field's label.
          await page.locator('table.submissions tbody tr a').first().click();
          await page.getByRole('heading', { name: 'Submission', level: 1 }).waitFor();
          await page.locator('dl.answers').getByRole('link', { name: 'Lebenslauf März.pdf' }).waitFor();
          assert.is(await page.locator('dl.answers .file-value .muted').textContent(), '121 KB · application/pdf');
        }
        // Chromium logs the missing favicon as a failed load; script errors are what matter here.
        assert.equal(
          errors.filter((e) => !e.startsWith('Failed to load resource')),
          [],
        );
        await context.close();
      }
    } finally {
      await own.stop();
    }
  },
);

files.run();
