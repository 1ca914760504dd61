// Byte budgets of uploads (security review "Who gets in", finding 1): unused uploads wait 24 h for a
// response, so without a budget anyone could fill the disk with them. Per address an hour and per form a
// day; past either, 429 with Retry-After and the budgets in words. Budgets of 1 MB and 2 MB here.
import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../../helpers/api.ts';
import { bytes, publishFileForm, rawUpload } from '../../helpers/files.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

const MB = 1024 * 1024;
let server: RunningServer;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const detail =
  'uploads: too many files for now: one address may upload 1 MB an hour and one form take 2 MB a day; retry in ';

/** A raw upload sent chunked (no Content-Length), so its size is known only once it is read. */
function chunkedUpload(formId: string, body: Buffer, ip: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/v1/f/${formId}/uploads?field=cv`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/pdf',
          'x-file-name': 'cv.pdf',
          'transfer-encoding': 'chunked',
          ...from(ip),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const budget = suite('upload budgets');
budget.before(async () => {
  server = await startServer({
    env: {
      FORMSTEAD_OWNER_KEY: OWNER_KEY,
      FORMSTEAD_RATE_LIMIT: 'on',
      FORMSTEAD_TRUST_PROXY: '1',
      FORMSTEAD_UPLOAD_BUDGET_MB_PER_HOUR: '1',
      FORMSTEAD_UPLOAD_BUDGET_MB_PER_FORM_DAY: '2',
    },
  });
});
budget.after(async () => {
  await server.stop();
});

// The budgets refill while the test runs (1 MB an hour is 291 bytes a second), so past the edge means by
// 100 KB, more than any refill during a test.
const PAST = 100 * 1024;

budget('per address: exactly the budget passes, past it is 429 with Retry-After', async () => {
  const formId = await publishFileForm(server.url);
  const ip = '203.0.113.80';
  assert.is((await rawUpload(server.url, formId, 'cv', bytes(MB / 2), 'a.pdf', undefined, from(ip))).status, 201);
  assert.is((await rawUpload(server.url, formId, 'cv', bytes(MB / 2), 'b.pdf', undefined, from(ip))).status, 201);
  const past = await rawUpload(server.url, formId, 'cv', bytes(PAST), 'c.pdf', undefined, from(ip));
  assert.is(past.status, 429, past.text);
  assert.is(past.json.error, 'rate_limited');
  assert.is(past.json.details.length, 1);
  assert.ok(past.json.details[0].startsWith(detail), past.json.details[0]);
  // 100 KB missing at 291 bytes a second: about six minutes.
  assert.ok(Number(past.headers.get('retry-after')) >= 300, past.headers.get('retry-after') ?? '');
  assert.is(past.headers.get('connection'), 'close');
  // Another address has its own budget (the form has 1 MB left of its 2).
  assert.is(
    (await rawUpload(server.url, formId, 'cv', bytes(1000), 'd.pdf', undefined, from('203.0.113.81'))).status,
    201,
  );
});

budget('per form: 2 MB a day across addresses, then 429 for everyone; another form is apart', async () => {
  const formId = await publishFileForm(server.url);
  for (let i = 0; i < 4; i++) {
    const r = await rawUpload(server.url, formId, 'cv', bytes(MB / 2), `${i}.pdf`, undefined, from(`198.51.100.${i}`));
    assert.is(r.status, 201, `upload ${i + 1}: ${r.text}`);
  }
  const past = await rawUpload(server.url, formId, 'cv', bytes(PAST), 'x.pdf', undefined, from('198.51.100.9'));
  assert.is(past.status, 429, past.text);
  assert.ok(past.json.details[0].startsWith(detail));
  const other = await publishFileForm(server.url);
  assert.is(
    (await rawUpload(server.url, other, 'cv', bytes(1000), 'y.pdf', undefined, from('198.51.100.9'))).status,
    201,
  );
});

budget('a chunked upload past the budget is refused once read, and its file is removed', async () => {
  const formId = await publishFileForm(server.url);
  const ip = '203.0.113.90';
  assert.is((await chunkedUpload(formId, bytes(MB - 10), ip)).status, 201);
  const filesDir = path.join(server.dataDir, 'files');
  const before = readdirSync(filesDir).length;
  const past = await chunkedUpload(formId, bytes(PAST), ip);
  assert.is(past.status, 429, past.text);
  assert.ok(JSON.parse(past.text).details[0].startsWith(detail));
  assert.is(readdirSync(filesDir).length, before, 'the refused file is gone');
});

budget.run();
