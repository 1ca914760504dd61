// Benchmarks the exports end to end at 1,000,000 answers (BENCH_ROWS changes it): the bundle serves
// GET /v1/forms/{id}/submissions?format=xlsx and ?format=csv from the embedded store (answers seeded through the store
// directly), and a client reads each download to the end. For each it prints the time to the first byte, the total
// time, the size, and the server's resident memory at its peak above what it held before the request (Linux's VmHWM,
// reset before each download). The CSV, streamed page by page from the store, is the baseline: xlsx is given as a
// ratio to it. Run: npm run bench exports (BENCH_BUNDLE=… for another build, BENCH_ORDER=xlsx,csv,… for the
// downloads in another order or repeated, BENCH_NODE_OPTIONS=… for the bundle's Node flags).
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/helpers/server.ts';
import { OWNER_KEY, startBundle } from './_http.ts';
import { procStatusMb } from './_proc.ts';
import { seedFolder } from './_seed-folder.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const option = (value: string) => ({ value, label: `${value[0].toUpperCase()}${value.slice(1)} (é)` });
const definition = {
  id: 'bench',
  title: 'Bench',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'age', type: 'number', label: 'Age' },
    { key: 'topic', type: 'select', label: 'Topic', options: ['sales', 'support', 'docs'].map(option) },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['a', 'b', 'c', 'd'].map(option) },
    { key: 'agree', type: 'checkbox', label: 'Agrees' },
    { key: 'day', type: 'date', label: 'Day' },
    { key: 'company', type: 'text', label: 'Company' },
    { key: 'message', type: 'textarea', label: 'Message' },
  ],
};

/** About 350 bytes of answers, as scripts/bench/exports.ts has them. */
const values = (i: number) => ({
  name: `Zoë Respondent ${i}`,
  email: `person${i}@example.org`,
  age: 18 + (i % 60),
  topic: ['sales', 'support', 'docs'][i % 3],
  tags: ['a', 'b', 'c', 'd'].slice(0, (i % 4) + 1),
  agree: i % 2 === 0,
  day: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  company: ['Acme', 'Globex', 'Initech', 'Umbrella'][i % 4],
  message: 'I would like to know more about the product and how it fits our team. '.repeat(3).slice(0, 150 + (i % 60)),
});

interface Download {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  peakMb: number;
}

/** Downloads `url` to the end, discarding the body; the server's peak resident memory above its start is measured. */
async function download(url: string, pid: number): Promise<Download> {
  global.gc?.();
  // Writing 5 to clear_refs resets the process's peak resident size (VmHWM) to its current one (Linux 4.0+).
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = procStatusMb(pid, 'VmRSS');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${OWNER_KEY}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let firstByteMs = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            firstByteMs,
            totalMs: performance.now() - started,
            bytes,
            peakMb: procStatusMb(pid, 'VmHWM') - before,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-exports-'));
const seeding = performance.now();
const formId = await seedFolder(dataDir, definition, ROWS, values);
const seeded = ((performance.now() - seeding) / 1000).toFixed(0);
console.log(`seeded ${ROWS.toLocaleString('en')} answers through the store in ${seeded} s`);
const nodeOptions: Record<string, string> = process.env.BENCH_NODE_OPTIONS
  ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }
  : {};
const { child, url } = await startBundle(await freePort(), nodeOptions, dataDir);
const pid = child.pid!;
console.log(`the bundle holds ${procStatusMb(pid, 'VmRSS')} MB resident with them loaded`);

const query = 'headers=labels&values=labels';
const results: [string, Download, number[]][] = [];
for (const format of (process.env.BENCH_ORDER ?? 'csv,xlsx').split(',')) {
  // The resident size every 2 s as well: VmHWM gives the peak, these show whether it is a climb or a moment.
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(procStatusMb(pid, 'VmRSS')), 2000);
  const d = await download(`${url}/v1/forms/${formId}/submissions?format=${format}&${query}`, pid);
  clearInterval(sampler);
  results.push([format, d, samples]);
}
const csv = results.find(([format]) => format === 'csv')![1];
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 3 : 1)} s`;
for (const [format, d, samples] of results) {
  console.log(
    `${format.padEnd(5)} first byte ${seconds(d.firstByteMs).padStart(8)}  total ${seconds(d.totalMs).padStart(8)}  ` +
      `${(d.bytes / 1e6).toFixed(0).padStart(5)} MB  peak resident memory +${d.peakMb} MB  ` +
      `time ratio to CSV ${(d.totalMs / csv.totalMs).toFixed(2)}`,
  );
  if (samples.length)
    console.log(
      `      resident size every 2 s: ${samples[0]} → ${samples.at(-1)} MB, ` +
        `lowest ${Math.min(...samples)}, highest ${Math.max(...samples)}`,
    );
}
child.kill('SIGKILL');
