// The exports of ARCHITECTURE.md "Knowing how a form does", read back by programs that did not write them: the CSV
// with labels and a byte-order mark through Python's csv module, the workbook through Python's zipfile and XML
// parser, one answer's PDF through Debian's pdftotext. Columns follow the newest labels (the blank form's `answer`
// renamed "Name"); bad options answer 400; keys and sessions reach what they may, as for the JSON reads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../helpers/api.ts';
import { bytes, ownerWithKey, rawUpload, startWithPublicUrl } from '../helpers/files.ts';
import type { RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let key: string;
let cookie: string;
let formId: string;
let answerId: string;
let otherForm: string;
let otherAnswer: string;

const dir = mkdtempSync(path.join(tmpdir(), 'formstead-exports-'));
const api = (method: string, p: string, opts?: Parameters<typeof call>[3]) =>
  call(server.url, method, p, { key, ...opts });
const NAME = 'Zoë Ærøskøbing';
const LONG = Array.from({ length: 900 }, (_, i) => `word${i}`).join(' ');

/** Version 1 is the blank form's starter question; version 2 renames it and adds the rest. */
const v1 = {
  id: 'blank',
  title: 'Untitled form',
  submit: { label: 'Send' },
  fields: [
    { key: 'answer', type: 'text', label: 'Your answer' },
    { key: 'legacy', type: 'text', label: 'Old question' },
  ],
};
const v2 = {
  id: 'blank',
  title: 'Café sign-up',
  submit: { label: 'Send' },
  fields: [
    { key: 'answer', type: 'text', label: 'Name' },
    { key: 'nickname', type: 'text', label: 'Name' },
    { key: 'age', type: 'number', label: 'Age' },
    {
      key: 'drink',
      type: 'select',
      label: 'Drink',
      options: [
        { value: 'cafe', label: 'Café crème' },
        { value: 'tea', label: 'Tea' },
      ],
    },
    {
      key: 'extras',
      type: 'multiselect',
      label: 'Extras',
      options: [
        { value: 'oat', label: 'Oat milk' },
        { value: 'sugar', label: 'Sugar' },
      ],
    },
    { key: 'agree', type: 'checkbox', label: 'Agrees' },
    { key: 'day', type: 'date', label: 'Day' },
    { key: 'notes', type: 'textarea', label: 'Notes' },
    { key: 'cv', type: 'file', label: 'CV', accept: '.pdf' },
  ],
};

/** Runs a Python program on a file and parses the JSON it prints. */
function python(program: string, file: string): any {
  return JSON.parse(execFileSync('python3', ['-c', program, file], { encoding: 'utf8' }));
}

/** Saves a download's bytes into the suite's folder. */
async function save(res: Response, name: string): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const get = (p: string, headers: Record<string, string> = { authorization: `Bearer ${key}` }) =>
  fetch(server.url + p, { headers });

const exportsSuite = suite('exports');
exportsSuite.before(async () => {
  server = await startWithPublicUrl();
  ({ key, cookie } = await ownerWithKey(server));
  formId = (await api('POST', '/v1/forms', { body: { definition: v1 } })).json.form_id;
  await api('POST', `/v1/f/${formId}`, { key: undefined, body: { values: { answer: 'first', legacy: 'kept' } } });
  assert.is((await api('POST', '/v1/forms', { body: { definition: v2, form_id: formId } })).status, 201);
  const up = await rawUpload(server.url, formId, 'cv', bytes(2048), 'résumé.pdf');
  assert.is(up.status, 201);
  const sent = await api('POST', `/v1/f/${formId}`, {
    key: undefined,
    body: {
      values: {
        answer: NAME,
        nickname: '=1+1',
        age: 42,
        drink: 'cafe',
        extras: ['oat', 'sugar'],
        agree: true,
        day: '2026-11-20',
        notes: `Ligne une\nLigne deux: ${LONG}`,
        cv: up.json.upload_id,
      },
    },
  });
  assert.is(sent.status, 201);
  answerId = sent.json.id;
  otherForm = (await api('POST', '/v1/forms', { body: { definition: v1 } })).json.form_id;
  otherAnswer = (await api('POST', `/v1/f/${otherForm}`, { key: undefined, body: { values: { answer: 'x' } } })).json
    .id;
});
exportsSuite.after(async () => {
  await server.stop();
});

const READ_CSV = `
import csv, json, sys
raw = open(sys.argv[1], 'rb').read()
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    rows = list(csv.reader(f))
print(json.dumps({'bom': raw.startswith(b'\\xef\\xbb\\xbf'), 'rows': rows}))
`;

exportsSuite('CSV with labels, option labels and a BOM opens in Python with the newest labels', async () => {
  const res = await get(`/v1/forms/${formId}/submissions?format=csv&headers=labels&values=labels&bom=1`);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/csv; charset=utf-8');
  const { bom, rows } = python(READ_CSV, await save(res, 'labels.csv'));
  assert.ok(bom, 'starts with a UTF-8 byte-order mark');
  assert.equal(rows[0], [
    'ID',
    'Submitted at (UTC)',
    'Name',
    'Name (2)',
    'Age',
    'Drink',
    'Extras',
    'Agrees',
    'Day',
    'Notes',
    'CV',
    'Old question',
  ]);
  assert.equal(rows[1].slice(2), ['first', '', '', '', '', '', '', '', '', 'kept']);
  const row = rows[2];
  assert.is(row[0], answerId);
  assert.equal(row.slice(2, 9), [NAME, "'=1+1", '42', 'Café crème', 'Oat milk; Sugar', 'Yes', '2026-11-20']);
  assert.is(row[9], `Ligne une\nLigne deux: ${LONG}`);
  assert.match(row[10], new RegExp(`^résumé\\.pdf \\(${server.url}/v1/files/[0-9a-f-]{36}\\)$`));
});

exportsSuite('CSV keeps keys, stored values and no BOM by default (spec 4.3)', async () => {
  const res = await get(`/v1/forms/${formId}/submissions?format=csv`);
  const { bom, rows } = python(READ_CSV, await save(res, 'keys.csv'));
  assert.not.ok(bom);
  assert.equal(rows[0], [
    'id',
    'created_at',
    'answer',
    'nickname',
    'age',
    'drink',
    'extras',
    'agree',
    'day',
    'notes',
    'cv',
    'legacy',
  ]);
  assert.equal(rows[2].slice(2, 9), [NAME, "'=1+1", '42', 'cafe', 'oat; sugar', 'true', '2026-11-20']);
  assert.match(rows[2][10], /^\{"file_id":/);
});

// The sheet's cells as [reference, type, value, style]; inline strings (t="str"/"inlineStr") or shared strings.
const READ_XLSX = `
import json, sys, zipfile, xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
shared = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
rows = []
for row in sheet.find('m:sheetData', ns).findall('m:row', ns):
    cells = []
    for c in row.findall('m:c', ns):
        t = c.get('t', 'n')
        v = c.find('m:v', ns)
        if t == 'inlineStr':
            text = ''.join(x.text or '' for x in c.iter('{%s}t' % ns['m']))
        else:
            text = v.text if v is not None else None
        if t == 's': text = shared[int(text)]
        cells.append([c.get('r'), t, text, c.get('s')])
    rows.append(cells)
pane = sheet.find('m:sheetViews/m:sheetView/m:pane', ns)
cols = [float(c.get('width')) for c in sheet.find('m:cols', ns).findall('m:col', ns)
        for _ in range(int(c.get('min')), int(c.get('max')) + 1)]
styles = ET.fromstring(z.read('xl/styles.xml'))
fonts = [f.find('m:b', ns) is not None for f in styles.find('m:fonts', ns).findall('m:font', ns)]
xfs = [int(x.get('fontId', 0)) for x in styles.find('m:cellXfs', ns).findall('m:xf', ns)]
bold = [fonts[xfs[int(c[3] or 0)]] for c in rows[0]]
links = []
if 'xl/worksheets/_rels/sheet1.xml.rels' in z.namelist():
    rels = ET.fromstring(z.read('xl/worksheets/_rels/sheet1.xml.rels'))
    links = [r.get('Target') for r in rels]
print(json.dumps({'rows': rows, 'frozen': pane is not None and pane.get('state') == 'frozen' and pane.get('ySplit'),
  'cols': cols, 'bold': bold, 'links': links}))
`;

exportsSuite('the workbook parses with Python: typed cells, bold frozen header, widths, labels', async () => {
  const res = await get(`/v1/forms/${formId}/submissions?format=xlsx&headers=labels&values=labels`);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  assert.is(res.headers.get('content-disposition'), `attachment; filename="${formId}-submissions.xlsx"`);
  const book = python(READ_XLSX, await save(res, 'labels.xlsx'));
  const text = (cells: any[]) => cells.map((c) => c[2]);
  assert.equal(text(book.rows[0]), [
    'ID',
    'Submitted at (UTC)',
    'Name',
    'Name (2)',
    'Age',
    'Drink',
    'Extras',
    'Agrees',
    'Day',
    'Notes',
    'CV',
    'Old question',
  ]);
  assert.ok(
    book.bold.every((b: boolean) => b),
    'every header cell is bold',
  );
  assert.is(book.frozen, '1');
  assert.is(book.cols.length, 12);
  assert.ok(
    book.cols.every((w: number) => w >= 8 && w <= 50),
    `widths ${book.cols}`,
  );
  const row = book.rows[2];
  const byColumn = Object.fromEntries(row.map((c: any[]) => [c[0].replace(/\d+$/, ''), c]));
  assert.equal([byColumn.A[1], byColumn.A[2]], ['str', answerId]);
  assert.is(byColumn.B[1], 'n', 'the submission time is a date (a number with a date format)');
  assert.equal([byColumn.C[2], byColumn.D[2]], [NAME, '=1+1']);
  assert.equal([byColumn.E[1], byColumn.E[2]], ['n', '42']);
  assert.equal([byColumn.F[2], byColumn.G[2], byColumn.H[2]], ['Café crème', 'Oat milk; Sugar', 'Yes']);
  // 2026-11-20 is day 46346 of Excel's calendar.
  assert.equal([byColumn.I[1], byColumn.I[2]], ['n', '46346']);
  assert.is(byColumn.K[2], 'résumé.pdf');
  assert.equal(book.links.length, 1);
  assert.match(book.links[0], new RegExp(`^${server.url}/v1/files/`));
  assert.equal(
    text(book.rows[1])
      .slice(2)
      .filter((v: string | null) => v !== null),
    ['first', 'kept'],
  );

  const keys = python(READ_XLSX, await save(await get(`/v1/forms/${formId}/submissions?format=xlsx`), 'keys.xlsx'));
  assert.equal(text(keys.rows[0]).slice(0, 4), ['id', 'created_at', 'answer', 'nickname']);
  const keyRow = Object.fromEntries(keys.rows[2].map((c: any[]) => [c[0].replace(/\d+$/, ''), c[2]]));
  assert.equal([keyRow.F, keyRow.G, keyRow.H], ['cafe', 'oat; sugar', 'Yes']);
});

exportsSuite('one answer as a PDF: every label and answer, accents, wrapped onto pages', async () => {
  const res = await get(`/v1/forms/${formId}/submissions/${answerId}?format=pdf`);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/pdf');
  assert.is(res.headers.get('content-disposition'), `attachment; filename="${formId}-${answerId}.pdf"`);
  const file = await save(res, 'answer.pdf');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const words = text.replace(/\s+/g, ' ');
  for (const expected of [
    'Café sign-up',
    'Submitted ',
    answerId,
    NAME,
    '=1+1',
    'Age',
    '42',
    'Café crème',
    'Oat milk; Sugar',
    'Agrees',
    'Yes',
    '2026-11-20',
    'Ligne une',
    'word0 word1',
    'word899',
    'résumé.pdf (2 KB)',
    'Old question',
  ])
    assert.ok(words.includes(expected), `the PDF says ${expected}`);
  for (const label of ['Name', 'Drink', 'Extras', 'Day', 'Notes', 'CV'])
    assert.match(text, new RegExp(`^\\s*${label}\\s*$`, 'm'), `label ${label} on its own line`);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  assert.ok(pages >= 2, `the long answer flows onto a second page (${pages})`);
  assert.ok(words.includes(`Page 1 of ${pages}`));
});

exportsSuite('bad options answer 400 naming the parameter; nothing else is sent', async () => {
  const rows: [string, string[]][] = [
    ['?format=csv&headers=label', ['headers: must be keys or labels']],
    ['?format=xlsx&values=names', ['values: must be raw or labels']],
    ['?format=csv&bom=yes', ['bom: must be 0 or 1']],
    [
      '?format=csv&headers=x&values=y&bom=2',
      ['headers: must be keys or labels', 'values: must be raw or labels', 'bom: must be 0 or 1'],
    ],
    ['?format=pdf', ['format: must be json, csv, xlsx or jsonl']],
  ];
  for (const [query, details] of rows) {
    const r = await api('GET', `/v1/forms/${formId}/submissions${query}`);
    assert.is(r.status, 400, query);
    assert.equal(r.json, { error: r.json.error, details }, query);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
  }
  const one = await api('GET', `/v1/forms/${formId}/submissions/${answerId}?format=xlsx`);
  assert.equal([one.status, one.json.details], [400, ['format: must be json or pdf']]);
});

exportsSuite('another form’s answer or an unknown id is 404; keys reach PDFs as they reach JSON', async () => {
  for (const p of [
    `/v1/forms/${formId}/submissions/${otherAnswer}?format=pdf`,
    `/v1/forms/${otherForm}/submissions/${answerId}?format=pdf`,
    `/v1/forms/${formId}/submissions/00000000-0000-4000-8000-000000000000?format=pdf`,
  ]) {
    const r = await api('GET', p);
    assert.equal([r.status, r.json.details], [404, ['submission: not found']], p);
  }
  assert.is(
    (await api('GET', `/v1/forms/${formId}/submissions/${answerId}?format=pdf`, { key: undefined })).status,
    401,
  );

  // An agent key (a keyless publish) reads its own form's answers as a PDF, and no one else's.
  const keyless = await call(server.url, 'POST', '/v1/forms', { body: { definition: v1 } });
  const agent = keyless.json.agent_key;
  const mine = (await call(server.url, 'POST', `/v1/f/${keyless.json.form_id}`, { body: { values: { answer: NAME } } }))
    .json.id;
  const own = await fetch(`${server.url}/v1/forms/${keyless.json.form_id}/submissions/${mine}?format=pdf`, {
    headers: { authorization: `Bearer ${agent}` },
  });
  assert.is(own.status, 200);
  const ownText = execFileSync('pdftotext', [await save(own, 'agent.pdf'), '-'], { encoding: 'utf8' });
  assert.ok(ownText.includes(NAME));
  const foreign = await call(server.url, 'GET', `/v1/forms/${formId}/submissions/${answerId}?format=pdf`, {
    key: agent,
  });
  assert.is(foreign.status, 404);
  const csv = await get(`/v1/forms/${keyless.json.form_id}/submissions?format=xlsx`, {
    authorization: `Bearer ${agent}`,
  });
  assert.is(csv.status, 200);
});

exportsSuite('the panel downloads the workbook and the PDF with its session, and nothing without', async () => {
  const paths = [
    `/admin/forms/${formId}/submissions.xlsx?headers=labels&values=labels`,
    `/admin/forms/${formId}/submissions/${answerId}/pdf`,
    `/admin/forms/${formId}/submissions.csv?headers=labels&values=labels&bom=1`,
  ];
  for (const p of paths) {
    assert.is((await fetch(server.url + p)).status, 401, p);
    const res = await fetch(server.url + p, { headers: { cookie } });
    assert.is(res.status, 200, p);
    const body = Buffer.from(await res.arrayBuffer());
    const magic = p.endsWith('/pdf') ? '%PDF-' : p.includes('.xlsx') ? 'PK' : '\uFEFFID,';
    assert.is(body.toString('utf8', 0, Buffer.byteLength(magic)), magic, p);
  }
  const other = await fetch(`${server.url}/admin/forms/${formId}/submissions/${otherAnswer}/pdf`, {
    headers: { cookie },
  });
  assert.is(other.status, 404);
  const bad = await fetch(`${server.url}/admin/forms/${formId}/submissions.xlsx?headers=nope`, { headers: { cookie } });
  assert.equal([bad.status, (await bad.json()).details], [400, ['headers: must be keys or labels']]);
});

exportsSuite.run();
