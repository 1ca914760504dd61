// The Wave 4 question types in the exports, read back by programs that did not write them: the CSV through
// Python's csv module (a matrix one column per row, a ranking one cell), the workbook through Python's zipfile
// (ratings, scales and nps numeric cells), one answer's PDF through Debian's pdftotext and pdfimages (a rating
// "4 / 5", the matrix as a table, the ranking numbered, the signature's image drawn).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PDF_IMAGE_MAX_BYTES } from '../../server/core/exports/pdf-images.ts';
import { call } from '../helpers/api.ts';
import { ownerWithKey, rawUpload, startWithPublicUrl } from '../helpers/files.ts';
import { signaturePng } from '../helpers/png.ts';
import type { RunningServer } from '../helpers/server.ts';
import { publishSurvey } from '../helpers/survey-form.ts';

let server: RunningServer;
let key: string;
let formId: string;
let answerId: string;
let partialId: string;

const dir = mkdtempSync(path.join(tmpdir(), 'formstead-type-exports-'));

function python(program: string, file: string): any {
  return JSON.parse(execFileSync('python3', ['-c', program, file], { encoding: 'utf8' }));
}

async function download(p: string, name: string): Promise<string> {
  const res = await fetch(server.url + p, { headers: { authorization: `Bearer ${key}` } });
  assert.is(res.status, 200, p);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const READ_CSV = `
import csv, json, sys
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    print(json.dumps(list(csv.reader(f))))
`;

// Each row's cells by column letter as [type, text].
const READ_XLSX = `
import json, sys, zipfile, re, xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
shared = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
rows = []
for row in ET.fromstring(z.read('xl/worksheets/sheet1.xml')).find('m:sheetData', ns).findall('m:row', ns):
    cells = {}
    for c in row.findall('m:c', ns):
        t = c.get('t', 'n')
        v = c.find('m:v', ns)
        if t == 'inlineStr': text = ''.join(x.text or '' for x in c.iter('{%s}t' % ns['m']))
        else: text = v.text if v is not None else None
        if t == 's': text = shared[int(text)]
        cells[re.sub(r'\\d+$', '', c.get('r'))] = [t, text]
    rows.append(cells)
print(json.dumps(rows))
`;

const typeExports = suite('question types in exports');
typeExports.before(async () => {
  server = await startWithPublicUrl();
  ({ key } = await ownerWithKey(server));
  ({ formId, answerId } = await publishSurvey(server.url, key));
  // A second answer: one matrix row, two of three ranked, nothing else.
  const partial = await call(server.url, 'POST', `/v1/f/${formId}`, {
    body: { values: { grid: { taste: 'ok' }, order: ['c', 'a'] } },
  });
  assert.is(partial.status, 201, partial.text);
  partialId = partial.json.id;
});
typeExports.after(async () => {
  await server.stop();
});

typeExports('CSV by keys: a column per matrix row, the ranking values in one cell, numbers as numbers', async () => {
  const rows = python(READ_CSV, await download(`/v1/forms/${formId}/submissions?format=csv`, 'keys.csv'));
  assert.equal(rows[0], [
    'id',
    'created_at',
    'name',
    'stars',
    'ease',
    'nps',
    'grid.speed',
    'grid.taste',
    'order',
    'sign',
    'at',
  ]);
  const full = rows[1];
  assert.equal(full.slice(2, 9), ['Zoë', '4', '7', '8', 'good', 'bad', 'b, c, a']);
  assert.match(full[9], /^\{"file_id":"[0-9a-f-]{36}","name":"signature.png"/);
  assert.is(full[10], '09:30');
  assert.equal(rows[2].slice(2), ['', '', '', '', '', 'ok', 'c, a', '', '']);
});

typeExports(
  'CSV by labels: "Label: Row" headers, column labels, ranking labels in order, the signature as a file',
  async () => {
    const file = await download(`/v1/forms/${formId}/submissions?format=csv&headers=labels&values=labels`, 'l.csv');
    const rows = python(READ_CSV, file);
    assert.equal(rows[0].slice(2), [
      'Name',
      'Stars for @Name',
      'Ease',
      'Recommend us',
      'Service: Speed',
      'Service: Taste',
      'Favourites',
      'Signature',
      'Arrival',
    ]);
    assert.equal(rows[1].slice(2, 9), ['Zoë', '4', '7', '8', 'Good', 'Bad', 'Bananas, Cherries, Apples']);
    assert.match(rows[1][9], new RegExp(`^signature\\.png \\(${server.url}/v1/files/[0-9a-f-]{36}\\)$`));
    assert.equal(rows[2].slice(6, 9), ['', 'Fine', 'Cherries, Apples']);
  },
);

typeExports('the workbook: rating, scale and nps are numeric cells; matrix rows and the ranking are text', async () => {
  const keys = python(READ_XLSX, await download(`/v1/forms/${formId}/submissions?format=xlsx`, 'keys.xlsx'));
  assert.equal(
    ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'K'].map((c) => keys[0][c][1]),
    ['name', 'stars', 'ease', 'nps', 'grid.speed', 'grid.taste', 'order', 'at'],
  );
  const row = keys[1];
  assert.equal(
    [row.D, row.E, row.F],
    [
      ['n', '4'],
      ['n', '7'],
      ['n', '8'],
    ],
  );
  assert.equal([row.G[1], row.H[1], row.I[1], row.K[1]], ['good', 'bad', 'b, c, a', '09:30']);
  assert.is(row.J[1], 'signature.png');
  assert.is(keys[2].H[1], 'ok');
  assert.is(keys[2].D, undefined, 'no cell for an unanswered rating');

  const labels = python(
    READ_XLSX,
    await download(`/v1/forms/${formId}/submissions?format=xlsx&headers=labels&values=labels`, 'labels.xlsx'),
  );
  assert.equal([labels[0].G[1], labels[0].H[1]], ['Service: Speed', 'Service: Taste']);
  assert.equal([labels[1].D, labels[1].G[1], labels[1].I[1]], [['n', '4'], 'Good', 'Bananas, Cherries, Apples']);
});

typeExports(
  'the PDF: "4 / 5", scale and nps on their ranges, the matrix as a table, a numbered ranking, the signature drawn',
  async () => {
    const file = await download(`/v1/forms/${formId}/submissions/${answerId}?format=pdf`, 'answer.pdf');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    // pdftotext reads the narrow gaps around "/" after a "4" as none (the font's kerning); "7 / 10" keeps them.
    for (const line of [/^\s*4 ?\/ ?5\s*$/m, /^\s*7 \/ 10\s*$/m, /^\s*8 \/ 10\s*$/m, /^\s*09:30\s*$/m])
      assert.match(text, line);
    assert.match(text, /^\s*Speed\s{2,}Good\s*$/m, 'a matrix row and its column side by side');
    assert.match(text, /^\s*Taste\s{2,}Bad\s*$/m);
    assert.match(text, /^\s*1\. Bananas\s*\n\s*2\. Cherries\s*\n\s*3\. Apples\s*$/m);
    assert.match(text, /signature\.png/);
    assert.match(text, /^\s*Stars for Zoë\s*$/m, 'a piped label as this person saw it');
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    assert.is(images.length, 1, images.join('\n'));
    const [, , kind, width, height] = images[0].trim().split(/\s+/);
    assert.equal([kind, width, height], ['image', '120', '40'], 'the uploaded PNG, at its own size');

    const partial = await download(`/v1/forms/${formId}/submissions/${partialId}?format=pdf`, 'partial.pdf');
    const partText = execFileSync('pdftotext', ['-layout', partial, '-'], { encoding: 'utf8' });
    assert.match(partText, /^\s*Taste\s{2,}Fine\s*$/m);
    assert.not.match(partText, /Speed/, 'an unanswered row is left out');
    assert.match(partText, /^\s*1\. Cherries\s*\n\s*2\. Apples\s*$/m);
    assert.match(partText, /^\s*Stars for\s*\n\s*—\s*$/m, 'an unanswered rating; the piped name was not given');
    assert.is(execFileSync('pdfimages', ['-list', partial], { encoding: 'utf8' }).trim().split('\n').length, 2);
  },
);

typeExports(`the PDF draws a signature of at most ${PDF_IMAGE_MAX_BYTES} bytes; a larger one is named`, async () => {
  const images = async (size: number) => {
    const up = await rawUpload(server.url, formId, 'sign', signaturePng(120, 40, size), 'big.png', 'image/png');
    assert.is(up.status, 201, up.text);
    const sent = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values: { sign: up.json.upload_id } } });
    assert.is(sent.status, 201, sent.text);
    const file = await download(`/v1/forms/${formId}/submissions/${sent.json.id}?format=pdf`, `sig-${size}.pdf`);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    assert.match(text, /big\.png \(2(\.0)? MB\)/);
    return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
  };
  assert.is(await images(PDF_IMAGE_MAX_BYTES), 1, 'at the limit: drawn');
  assert.is(await images(PDF_IMAGE_MAX_BYTES + 1), 0, 'past it: named only');
});

typeExports.run();
