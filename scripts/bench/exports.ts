// Benchmarks the submissions exports (server/core/exports/, server/lib/xlsx-writer.ts) at 100k answers of a
// ten-question form, each against a baseline measured in the same run on the same rows:
//   1. bare streaming: every row as a JSON line (the baseline);
//   2. CSV with keys and stored values (spec 4.3), and CSV with labels, option labels and a BOM;
//   3. the workbook (server/lib/xlsx-writer.ts) with labels, and the resident memory it added at its peak.
// The rows come from memory through the read service's own code (SubmissionReads over a store that only serves
// versions and rows), so the figures are the export's cost, not the database's. Output goes to a sink that takes
// 64 KB chunks the way a socket does. Run: npm run bench exports (BENCH_ROWS=… to change the count).
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { DEFAULT_EXPORT, type ExportOptions } from '../../server/core/exports/export-options.ts';
import { xlsxColumns, xlsxRows } from '../../server/core/exports/xlsx-sheet.ts';
import type { FormRecord, Store, SubmissionRecord } from '../../server/core/store/types.ts';
import { SubmissionReads } from '../../server/core/submission-reads.ts';
import { SignedCursor } from '../../server/lib/signed-cursor.ts';
import { writeXlsx } from '../../server/lib/xlsx-writer.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const options = (value: string) => ({ value, label: `${value[0].toUpperCase()}${value.slice(1)} (é)` });
const definition = {
  id: 'bench',
  title: 'Bench',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'age', type: 'number', label: 'Age' },
    { key: 'topic', type: 'select', label: 'Topic', options: ['sales', 'support', 'docs'].map(options) },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['a', 'b', 'c', 'd'].map(options) },
    { key: 'agree', type: 'checkbox', label: 'Agrees' },
    { key: 'day', type: 'date', label: 'Day' },
    { key: 'rating', type: 'radio', label: 'Rating', options: ['1', '2', '3', '4', '5'].map(options) },
    { key: 'company', type: 'text', label: 'Company' },
    { key: 'message', type: 'textarea', label: 'Message' },
  ],
};

const rows: SubmissionRecord[] = Array.from({ length: ROWS }, (_, i) => ({
  seq: i + 1,
  id: randomUUID(),
  tags: [],
  note: '',
  status: 'new',
  formId: 'bench',
  formVersion: 1,
  createdAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  hiddenChars: false,
  values: {
    name: `Zoë Respondent ${i}`,
    email: `person${i}@example.org`,
    age: 18 + (i % 60),
    topic: ['sales', 'support', 'docs'][i % 3],
    tags: ['a', 'b', 'c', 'd'].slice(0, (i % 4) + 1),
    agree: i % 2 === 0,
    day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    rating: String((i % 5) + 1),
    company: ['Acme', 'Globex', 'Initech', 'Umbrella'][i % 4],
    message: 'I would like to know more about the product and how it fits our team. '
      .repeat(3)
      .slice(0, 150 + (i % 60)),
  },
}));

/** Serves the form's one version and its rows in pages, as the stores do. */
const store = {
  forms: { versions: async () => [{ formId: 'bench', version: 1, definition: JSON.stringify(definition) }] },
  submissions: {
    async *iterate() {
      for (let i = 0; i < rows.length; i += 500) {
        await new Promise((r) => setImmediate(r));
        yield* rows.slice(i, i + 500);
      }
    },
  },
} as unknown as Store;
const form = { id: 'bench', title: 'Bench' } as FormRecord;
const reads = new SubmissionReads(store, new SignedCursor('bench-secret'));

/** A socket-like sink: accepts 64 KB, then asks the writer to wait until the next turn of the event loop. */
function sink() {
  let bytes = 0;
  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  return { out, bytes: () => bytes };
}

/** Writes text chunks to a sink, waiting on backpressure as server/http/exports.ts does. */
async function pump(chunks: AsyncIterable<string>) {
  const { out, bytes } = sink();
  for await (const chunk of chunks) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  await new Promise<void>((r) => out.end(r));
  return bytes();
}

async function* jsonLines() {
  let chunk = '';
  for await (const sub of reads.oldestFirst(form)) {
    chunk += `${JSON.stringify({ id: sub.id, created_at: sub.createdAt, values: sub.values })}\n`;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

async function xlsx(opts: ExportOptions) {
  const columns = await reads.exportColumns(form, opts.headers);
  const { out, bytes } = sink();
  const finished = new Promise((r) => out.on('finish', r));
  await writeXlsx(out, 'Submissions', xlsxColumns(columns), xlsxRows(columns, reads.oldestFirst(form), opts));
  await finished;
  return bytes();
}

/** Rows per second and bytes of one run; the best of `runs` (the first run also warms the code up). */
async function measure(name: string, run: () => Promise<number>, runs = 3) {
  let best = Number.POSITIVE_INFINITY;
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    size = await run();
    best = Math.min(best, performance.now() - started);
  }
  return { name, rate: ROWS / (best / 1000), size };
}

const labels: ExportOptions = { headers: 'labels', values: 'labels', bom: true };
const baseline = await measure('JSON lines (baseline)', () => pump(jsonLines()));
const results = [
  baseline,
  await measure('CSV keys, stored values', () => pump(reads.csv(form, undefined, DEFAULT_EXPORT))),
  await measure('CSV labels, option labels, BOM', () => pump(reads.csv(form, undefined, labels))),
];
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);
results.push(await measure('xlsx labels (streaming)', () => xlsx(labels), 1));
clearInterval(sampler);

console.log(`${ROWS.toLocaleString('en')} answers of ${definition.fields.length} questions`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(34)} ${Math.round(r.rate).toLocaleString('en').padStart(9)} rows/s  ` +
      `${(r.size / 1e6).toFixed(1).padStart(6)} MB  ratio to baseline ${(r.rate / baseline.rate).toFixed(2)}`,
  );
}
const csvKeys = results[1].rate;
console.log(`CSV labels / CSV keys: ${(results[2].rate / csvKeys).toFixed(2)}`);
console.log(`xlsx / CSV labels: ${(results[3].rate / results[2].rate).toFixed(2)}`);
console.log(
  `xlsx: resident memory added at its peak ${((peak - rssBefore) / 1e6).toFixed(0)} MB ` +
    '(the source rows were in memory before)',
);
