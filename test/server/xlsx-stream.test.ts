// The workbook export streamed (server/lib/xlsx-writer.ts, server/lib/zip-writer.ts): 3,000 answers seeded through
// the store and exported by the real bundle as CSV and as xlsx, the workbook read back with exceljs's reader and
// compared with the CSV cell by cell; then, over the HTTP server in-process on a store that counts what it reads,
// a client that leaves mid-download: the export stops reading the store and the server keeps answering.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/config.ts';
import { bootstrap, instanceSecret } from '../../server/core/bootstrap.ts';
import { newId } from '../../server/core/ids.ts';
import { createServices } from '../../server/core/services.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { Store, SubmissionRecord } from '../../server/core/store/types.ts';
import { createHttpServer } from '../../server/http/server.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

const ANSWERS = 3_000;
const opts = (...values: string[]) => values.map((value) => ({ value, label: `${value.toUpperCase()} (é)` }));
const definition = {
  id: 'stream',
  title: 'Streamed',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'age', type: 'number', label: 'Age' },
    { key: 'topic', type: 'select', label: 'Topic', options: opts('sales', 'support') },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: opts('a', 'b', 'c') },
    { key: 'agree', type: 'checkbox', label: 'Agrees' },
    { key: 'day', type: 'date', label: 'Day' },
    { key: 'notes', type: 'textarea', label: 'Notes' },
  ],
};

/** Text that tests the escapes: XML's specials, the CSV's formula starts, line breaks, tabs, accents, emoji. */
const TRICKY = [
  'Zoë & <Ærøskøbing> "quoted" \'single\'',
  '=1+1',
  '+33 6 12 34 56 78',
  '-5 apples',
  '@handle',
  '  =SUM(A1:A3)',
  'line one\r\nline two\nline three',
  '\tindented',
  'emoji 🎉 and 漢字',
  ']]> <![CDATA[ x',
  '',
];

/** The i-th answer: every question type, some left out, numbers negative and fractional. */
function values(i: number): Record<string, unknown> {
  const v: Record<string, unknown> = {
    name: `${TRICKY[i % TRICKY.length]} ${i}`,
    age: i % 7 === 0 ? -i / 8 : i,
    topic: i % 3 ? 'sales' : 'support',
    tags: ['a', 'b', 'c'].slice(0, i % 4),
    agree: i % 2 === 0,
    day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    notes: `${TRICKY[(i * 7) % TRICKY.length]} ${'x'.repeat(i % 50)}`,
  };
  if (i % 5 === 0) delete v.age;
  if (i % 11 === 0) delete v.day;
  return v;
}

/** Publishes the form with the owner key's workspace and stores `count` answers straight through the store. */
async function seed(store: Store, count: number): Promise<string> {
  const config = loadConfig([], { FORMSTEAD_OWNER_KEY: OWNER_KEY });
  const services = createServices(store, config, await instanceSecret(store));
  await bootstrap(store, services.keys, config);
  const workspace = (await store.workspaces.first())!;
  const keyless = (await services.forms.publish(null, { definition })) as unknown as Record<string, string>;
  await services.forms.claim(keyless.claim_url.split('/').pop()!, workspace.id);
  const formId = keyless.form_id;
  for (let from = 0; from < count; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(count, from + 1000); i++)
      batch.push(
        store.submissions.insert({
          id: newId(),
          formId,
          workspaceId: workspace.id,
          formVersion: 1,
          createdAt: new Date(1_790_000_000_000 + i * 1001).toISOString(),
          values: values(i),
          hiddenChars: false,
        }),
      );
    await Promise.all(batch);
  }
  await services.responseMail.stop();
  return formId;
}

/** The CSV's cell for a workbook cell: dates as the CSV writes them, text and numbers with the CSV's apostrophe. */
function asCsv(value: ExcelJS.CellValue, column: number): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel counts days; a millisecond may be lost to the double's rounding, so the time is read to the nearest one.
    const iso = new Date(Math.round(value.getTime())).toISOString();
    return column === 2 ? iso : iso.slice(0, 10);
  }
  if (typeof value !== 'number') assert.type(value, 'string');
  const text = String(value);
  return /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u.test(text) ? `'${text}` : text;
}

const bundle = suite('xlsx export streamed by the bundle');
let server: RunningServer;
let formId: string;

bundle.before(async () => {
  const dir = await tempDataDir();
  const store = await openSqlJsStore(dir);
  formId = await seed(store, ANSWERS);
  await store.close();
  server = await startServer({ dataDir: dir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
bundle.after(async () => {
  await server?.stop();
});

bundle('3,000 answers: the workbook read by exceljs equals the CSV cell by cell', async () => {
  const query = 'headers=labels&values=labels';
  const csv = await call(server.url, 'GET', `/v1/forms/${formId}/submissions?format=csv&${query}`, { key: OWNER_KEY });
  assert.is(csv.status, 200);
  const expected: string[][] = parse(csv.text);
  const res = await fetch(`${server.url}/v1/forms/${formId}/submissions?format=xlsx&${query}`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  assert.is(res.status, 200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  assert.is(sheet.name, 'Submissions');
  assert.is(expected.length, ANSWERS + 1);
  assert.is(sheet.actualRowCount, ANSWERS + 1);
  const width = expected[0].length;
  assert.is(width, 2 + definition.fields.length);
  for (let r = 1; r <= expected.length; r++) {
    const row = sheet.getRow(r);
    const got = Array.from({ length: width }, (_, c) => asCsv(row.getCell(c + 1).value, c + 1));
    assert.equal(got, expected[r - 1], `row ${r}`);
  }
  // Typed as the CSV cannot say: the second answer's age is a number, its day and time are dates.
  const second = sheet.getRow(3);
  assert.type(second.getCell(4).value, 'number');
  assert.instance(second.getCell(2).value, Date);
  assert.instance(second.getCell(8).value, Date);
  assert.is(sheet.getRow(1).getCell(1).font?.bold, true);
});

bundle.run();

const leaving = suite('a client that leaves mid-download');

leaving('the export stops reading the store; the server keeps answering', async () => {
  const store = await openSqlJsStore(await tempDataDir());
  const id = await seed(store, 20_000);
  let read = 0;
  let closed: () => void = () => {};
  const readerClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  // The store's reader, counting the answers it hands out and telling when the export closed it.
  const iterate = store.submissions.iterate.bind(store.submissions);
  store.submissions.iterate = async function* (...args: Parameters<typeof iterate>): AsyncGenerator<SubmissionRecord> {
    try {
      for await (const sub of iterate(...args)) {
        read++;
        yield sub;
      }
    } finally {
      closed();
    }
  };
  const config = loadConfig([], { FORMSTEAD_OWNER_KEY: OWNER_KEY });
  const services = createServices(store, config, await instanceSecret(store));
  const httpServer = createHttpServer(services, () => {});
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  try {
    // Read the first bytes, then hang up while the server still has most of the rows to send.
    const firstBytes = await new Promise<Buffer>((resolve, reject) => {
      const req = http.get(
        `http://127.0.0.1:${port}/v1/forms/${id}/submissions?format=xlsx`,
        { headers: { authorization: `Bearer ${OWNER_KEY}` } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk);
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    assert.is(firstBytes.subarray(0, 2).toString(), 'PK', 'a zip archive starts at once');
    await readerClosed;
    assert.ok(read < 20_000, `the export stopped reading after ${read} of 20,000 answers`);
    const health = await call(`http://127.0.0.1:${port}`, 'GET', '/healthz');
    assert.is(health.status, 200);
    const csv = await call(`http://127.0.0.1:${port}`, 'GET', `/v1/forms/${id}/submissions?format=csv`, {
      key: OWNER_KEY,
    });
    assert.is(csv.status, 200);
    assert.is(parse(csv.text).length, 20_001, 'a later export still reads every answer');
  } finally {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
    await services.responseMail.stop();
    await store.close();
  }
});

leaving.run();
