// One answer's PDF never freezes the server (issue 38): a 60,000-character word is laid out in linear time
// and in slices, so /healthz keeps answering while it is made, and every character is in the PDF in order;
// PDFs are rate-limited per address (a burst of 30, then 429 with Retry-After) and laid out one at a time.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { breakLongWords } from '../../server/lib/pdf/answer-pdf.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

const unit = suite('pdf: long words');

unit('a word wider than the line is cut into pieces that each fit; characters kept in order', () => {
  const parts = breakLongWords([{ font: 'a', text: `short ${'x'.repeat(25)} end` }], 10, () => 1);
  const text = parts.map((p) => p.text).join('');
  assert.is(text.replace(/\n/g, ''), `short ${'x'.repeat(25)} end`);
  const pieces = text.split(/[ \n]/);
  assert.ok(
    pieces.every((w) => w.length <= 10),
    pieces.join('|'),
  );
  assert.equal(
    pieces.filter((w) => w.startsWith('x')).map((w) => w.length),
    [10, 10, 5],
  );
});

unit('a word that fits is left alone; a width is counted across font runs of one word', () => {
  assert.equal(
    breakLongWords([{ font: 'a', text: 'abcdefghij k' }], 10, () => 1),
    [{ font: 'a', text: 'abcdefghij k' }],
  );
  const across = breakLongWords(
    [
      { font: 'a', text: 'abcdef' },
      { font: 'b', text: 'ghijkl' },
    ],
    10,
    () => 1,
  );
  assert.equal(across, [
    { font: 'a', text: 'abcdef' },
    { font: 'b', text: 'ghij\nkl' },
  ]);
});

let server: RunningServer;
const e2e = suite('pdf: the real bundle');
e2e.before(async () => {
  // Limits on; behind one trusted proxy, so each test speaks from an address of its own (X-Forwarded-For).
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
});
e2e.after(async () => {
  await server.stop();
});

const definition = {
  id: 'long',
  title: 'Long answers',
  submit: { label: 'Send' },
  fields: [{ key: 'notes', type: 'textarea', label: 'Notes' }],
};

const pdfOf = (formId: string, sid: string, from: string) =>
  fetch(`${server.url}/v1/forms/${formId}/submissions/${sid}?format=pdf`, {
    headers: { authorization: `Bearer ${OWNER_KEY}`, 'x-forwarded-for': from },
  });

e2e('a 60,000-character word: every character printed, /healthz answering while it is laid out', async () => {
  const formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  // A word of 60,000 characters with a marker every 1,000, so order and completeness can be read back.
  const word = Array.from({ length: 60 }, (_, i) => `M${String(i).padStart(2, '0')}`.padEnd(1000, 'w')).join('');
  const sent = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { notes: word } } });
  assert.is(sent.status, 201, sent.text);
  let inFlight = true;
  let healthy = 0;
  const pdf = pdfOf(formId, sent.json.id, '192.0.2.1').then(async (res) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    inFlight = false;
    return { res, bytes };
  });
  while (inFlight) {
    assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
    healthy++;
  }
  const { res, bytes } = await pdf;
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/pdf');
  assert.ok(healthy >= 2, `/healthz answered ${healthy} times while the PDF was made`);
  const file = path.join(await tempDataDir(), 'long.pdf');
  writeFileSync(file, bytes);
  // The text as read back, without the page footers ("Page 3 of 44") and the breaks of the layout.
  const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .replace(/Page \d+ of \d+/g, '')
    .replace(/\s+/g, '');
  const start = printed.indexOf('M00');
  assert.ok(start >= 0, 'the word is printed');
  // Compared without printing 60,000 characters when it fails.
  assert.ok(printed.slice(start, start + word.length) === word, 'every character, in order');
});

e2e('PDFs per address: a burst of 30 passes, then 429 with Retry-After', async () => {
  const formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  const sid = (await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { notes: 'hi' } } })).json.id;
  const started = Date.now();
  let passed = 0;
  let answer = await pdfOf(formId, sid, '192.0.2.2');
  while (answer.status === 200 && passed < 100) {
    passed++;
    await answer.arrayBuffer();
    answer = await pdfOf(formId, sid, '192.0.2.2');
  }
  // The bucket refills one token every 2 s while the burst is sent, so a slow machine may pass a few more.
  assert.ok(passed >= 30 && passed <= 30 + Math.ceil((Date.now() - started) / 2000), `${passed} passed`);
  assert.is(answer.status, 429);
  assert.ok(Number(answer.headers.get('retry-after')) >= 1);
  const body = await answer.json();
  assert.is(body.error, 'rate_limited');
  assert.ok(body.details[0].startsWith('rate: '), body.details[0]);
  // Another address has its own bucket.
  assert.is((await pdfOf(formId, sid, '192.0.2.3')).status, 200);
});

unit.run();
e2e.run();
