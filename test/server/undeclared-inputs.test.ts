// `accept_undeclared` over the real bundle (docs/api.md "HTML form posts"): an HTML post (urlencoded and
// multipart) keeps its named inputs that are no field as text under `extra`, shown in the JSON pages, the
// CSV export (after the fields), the webhook payload (a real HTTPS receiver) and the response mail (a real
// SMTP server); the service's own `_` inputs never; the limits at and past each edge (dropped and logged,
// the answer kept); off by default; JSON posts unchanged.
import { execFileSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UNDECLARED_INPUTS_MAX, UNDECLARED_KEY_MAX } from '../../server/core/undeclared-inputs.ts';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { setupOwner } from '../helpers/admin-session.ts';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.ts';
import type { RunningServer } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { formWithWebhook, startWebhookServer } from '../helpers/webhooks.ts';

let server: RunningServer;
let smtp: SmtpSink;
let receiver: HttpsReceiver;

const api = (method: string, path: string, opts?: Parameters<typeof call>[3]) => call(server.url, method, path, opts);
const publish = async () =>
  (await api('POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })).json
    .form_id as string;
const accept = async (id: string, on = true) =>
  (await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { accept_undeclared: on } })).json;
const stored = async (id: string) =>
  (await api('GET', `/v1/forms/${id}/submissions`, { key: OWNER_KEY })).json.submissions as {
    values: Record<string, unknown>;
    extra?: Record<string, string>;
  }[];
/** A script's urlencoded post (a 201 with the stored answer, rather than a browser's 303). */
const post = (id: string, fields: [string, string][]) =>
  fetch(`${server.url}/v1/f/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const answers: [string, string][] = [
  ['name', 'Ada'],
  ['email', 'ada@example.com'],
];

const undeclared = suite('accept_undeclared: HTML posts keep their undeclared inputs');
undeclared.before(async () => {
  smtp = await startSmtpSink();
  receiver = await startHttpsReceiver();
  server = await startWebhookServer(receiver, {
    FORMSTEAD_SMTP_URL: smtp.url,
    FORMSTEAD_MAIL_FROM: 'forms@example.com',
  });
  await setupOwner(server);
});
undeclared.after(async () => {
  await server.stop();
  await smtp.close();
  await receiver.close();
});

undeclared('off by default: undeclared inputs are left out; the setting reads back and turns on and off', async () => {
  const id = await publish();
  assert.is((await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY })).json.settings.accept_undeclared, false);
  assert.is((await post(id, [...answers, ['company', 'Acme']])).status, 201);
  const [off] = await stored(id);
  assert.equal(off.values, { name: 'Ada', email: 'ada@example.com' });
  assert.not.ok('extra' in off, 'no extra while the setting is off');
  assert.is((await accept(id)).accept_undeclared, true);
  assert.is((await api('GET', `/v1/forms/${id}`, { key: OWNER_KEY })).json.settings.accept_undeclared, true);
  const bad = await api('PATCH', `/v1/forms/${id}`, { key: OWNER_KEY, body: { accept_undeclared: 'yes' } });
  assert.is(bad.status, 422);
  assert.equal(bad.json.details, ['accept_undeclared: Invalid input: expected boolean, received string']);
  assert.is((await accept(id, false)).accept_undeclared, false);
});

undeclared('urlencoded and multipart posts keep named inputs as text; `_` inputs and files never', async () => {
  const id = await publish();
  await accept(id);
  const fields: [string, string][] = [
    ...answers,
    ['company', 'Acme'],
    ['utm_source', 'newsletter'],
    ['utm_source', 'twice'],
    ['send', ''],
    ['_next', 'https://elsewhere.example/'],
    ['_subject', 'Hi'],
    ['_own', 'internal'],
    ['_gotcha', ''],
  ];
  const extra = { company: 'Acme', utm_source: 'newsletter, twice', send: '' };
  const urlencoded = await post(id, fields);
  assert.is(urlencoded.status, 201, await urlencoded.clone().text());
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append('attachment', new Blob(['not for this form']), 'note.txt');
  const multipart = await fetch(`${server.url}/v1/f/${id}`, { method: 'POST', body: form });
  assert.is(multipart.status, 201, await multipart.clone().text());
  const rows = await stored(id);
  assert.equal(
    rows.map((s) => [s.values, s.extra]),
    [
      [{ name: 'Ada', email: 'ada@example.com' }, extra],
      [{ name: 'Ada', email: 'ada@example.com' }, extra],
    ],
  );
  const one = await api('GET', `/v1/forms/${id}/submissions/${(rows[0] as { id?: string }).id}`, { key: OWNER_KEY });
  assert.equal(one.json.extra, extra);
});

undeclared('a JSON post is unchanged: unknown keys are still refused', async () => {
  const id = await publish();
  await accept(id);
  const r = await api('POST', `/v1/f/${id}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com' }, company: 'Acme' },
  });
  assert.is(r.status, 422);
  assert.equal(r.json.details, ['company: unknown field']);
  const unknownValue = await api('POST', `/v1/f/${id}`, {
    body: { values: { name: 'Ada', email: 'ada@example.com', company: 'Acme' } },
  });
  assert.is(unknownValue.status, 422, 'an unknown key among the values is refused as before');
  assert.equal(await stored(id), []);
});

undeclared('limits: 50 inputs kept, the 51st dropped; a 64-character name kept, 65 dropped; logged', async () => {
  const id = await publish();
  await accept(id);
  const fifty = Array.from({ length: UNDECLARED_INPUTS_MAX }, (_, i): [string, string] => [`in${i}`, `v${i}`]);
  assert.is((await post(id, [...answers, ...fifty])).status, 201);
  const before = server.output().length;
  const long = 'k'.repeat(UNDECLARED_KEY_MAX);
  assert.is((await post(id, [...answers, ...fifty, ['extra51', 'x']])).status, 201, 'the answer is kept');
  assert.is((await post(id, [...answers, [long, 'at'], [`${long}x`, 'past']])).status, 201);
  const [keyed, past, at] = await stored(id);
  assert.equal(
    Object.keys(at.extra!),
    fifty.map(([k]) => k),
  );
  assert.equal(
    Object.keys(past.extra!),
    fifty.map(([k]) => k),
    'the 51st is dropped',
  );
  assert.equal(keyed.extra, { [long]: 'at' }, 'a name of 65 characters is dropped');
  const logged = server.output().slice(before);
  assert.match(logged, new RegExp(`warning: undeclared inputs past their limits were dropped form_id=${id} dropped=1`));
  assert.equal(logged.match(/undeclared inputs past their limits/g)?.length, 2);
  assert.not.match(logged, /extra51|kkkkx/, 'no names in the log');
});

undeclared('extra in the CSV and xlsx exports (after the fields), the webhook payload, the response mail', async () => {
  const { id } = await formWithWebhook(server, receiver, '/extra');
  await accept(id);
  assert.is((await post(id, [...answers, ['company', 'Acme'], ['plan', 'Pro\nyearly']])).status, 201);
  assert.is((await post(id, [...answers, ['zeta', 'last'], ['company', 'Beta']])).status, 201);
  const csv = await api('GET', `/v1/forms/${id}/submissions?format=csv`, { key: OWNER_KEY });
  const lines = csv.text.trim().split('\r\n');
  assert.match(lines[0], /,message,extra\.company,extra\.plan,extra\.zeta$/);
  assert.match(lines[1], /,Acme,"Pro\nyearly",$/);
  assert.match(lines[2], /,Beta,,last$/);
  // The workbook too: the same columns after the fields, as text.
  const xlsx = await fetch(`${server.url}/v1/forms/${id}/submissions?format=xlsx`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  assert.is(xlsx.status, 200);
  const sheet = sheetXml(Buffer.from(await xlsx.arrayBuffer()));
  for (const text of ['extra.company', 'extra.plan', 'extra.zeta', 'Acme', 'Beta', 'last'])
    assert.ok(sheet.includes(`>${text}<`), `${text} in the workbook`);
  const deadline = Date.now() + 20_000;
  while (receiver.to('/extra').length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const payloads = receiver.to('/extra').map((r) => r.json);
  assert.equal(
    payloads.map((p) => p.extra).sort((a, b) => (a.company < b.company ? -1 : 1)),
    [
      { company: 'Acme', plan: 'Pro\nyearly' },
      { company: 'Beta', zeta: 'last' },
    ],
  );
  assert.ok(
    receiver.to('/extra').every((r) => r.verified),
    'signed as any payload',
  );
  await smtp.waitFor((m) => m.some((x) => x.text.includes('plan: Pro')), 'the response mail with extra');
  const mail = smtp.mails.find((x) => x.text.includes('plan: Pro'))!;
  assert.match(mail.text, /Email: ada@example\.com\r?\n(.|\r?\n)*company: Acme\r?\nplan: Pro\r?\n {4}yearly/);
});

undeclared.run();

/** The first sheet's XML and its shared strings of an xlsx file, read with Python's zipfile. */
function sheetXml(file: Buffer): string {
  const program =
    'import sys, zipfile, io\nz = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))\n' +
    "print(''.join(z.read(n).decode() for n in z.namelist() if n.startswith('xl/worksheets/') or " +
    "n == 'xl/sharedStrings.xml'))";
  return execFileSync('python3', ['-c', program], { input: file, encoding: 'utf8' });
}
