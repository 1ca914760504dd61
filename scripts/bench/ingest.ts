// Ingest: submissions per second through POST /v1/f/{id} (20-field form, 50 connections, every
// submission durable) against the limit for durable writes: a bare node:http server that parses the
// same JSON, appends it to a file and answers 201 after a group-committed fdatasync, both measured in
// this run. Then the same submissions with the pages' counting events arriving alongside (against the
// submissions alone, measured before and after it), and events per second on their own. Then CSV
// export of 100k submissions: rows per second and the server's peak memory, against csv-stringify
// writing the same rows. Between the two: submissions with metrics on against off (docs/performance.md).
import { writeFileSync } from 'node:fs';
import { stringify } from 'csv-stringify';
import { loadavg } from 'node:os';
import { OWNER_KEY, postLua, requireWrk, startBundle, type WrkResult, wrkPost, wrkScript } from './_http.ts';
import { body, definition, fields, startBareDurable, values } from './_ingest-form.ts';
import { metricsCost } from './_metrics-cost.ts';
import { cpuMicros, procStatusMb } from './_proc.ts';

requireWrk();
const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

// Baseline: the limit for durable writes (node:http appending each body, group-committed fdatasync), and
// Formstead, both kept running and measured in alternating rounds (BENCH_ROUNDS, 3 by default): on a shared
// machine the load moves within seconds, so each round's ratio divides two neighbouring runs, and the median
// of the rounds is printed.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const bare = await startBareDurable(9301);
process.on('exit', () => bare.kill('SIGKILL'));
let server = await startBundle(9302);
const publish = await fetch(`${server.url}/v1/forms`, {
  method: 'POST',
  headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
  body: JSON.stringify({ definition }),
});
const { form_id } = (await publish.json()) as { form_id: string };
wrkPost('http://127.0.0.1:9301/', body, { connections: 50, seconds: 2 }); // warm-up
wrkPost(`${server.url}/v1/f/${form_id}`, body, { connections: 50, seconds: 2 });
// Each run with the server's CPU µs per answered request (from /proc), which moves far less with the
// neighbours' load than req/s does.
const run = (url: string, pid: number) => {
  const before = cpuMicros(pid);
  const r = wrkPost(url, body, { connections: 50, seconds });
  return { ...r, cpu: (cpuMicros(pid) - before) / (r.rps * seconds) };
};
const bareRuns: (WrkResult & { cpu: number })[] = [];
const ourRuns: (WrkResult & { cpu: number })[] = [];
for (let i = 0; i < rounds; i++) {
  bareRuns.push(run('http://127.0.0.1:9301/', bare.pid!));
  ourRuns.push(run(`${server.url}/v1/f/${form_id}`, server.child.pid!));
}
bare.kill();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const headRatios = ourRuns.map((r, i) => r.rps / bareRuns[i].rps);
const ours = ourRuns[headRatios.indexOf(median(headRatios))];
const bareResult = bareRuns[headRatios.indexOf(median(headRatios))];

console.log(
  `ingest, 20-field form, 50 connections, wrk on its own core (${rounds} alternating rounds; load ` +
    `${loadavg()[0].toFixed(1)})`,
);
for (const [i, r] of ourRuns.entries())
  console.log(
    `  round ${i + 1}  bare + fdatasync ${bareRuns[i].rps.toFixed(0).padStart(7)} req/s   formstead ` +
      `${r.rps.toFixed(0).padStart(7)} req/s   ratio ${headRatios[i].toFixed(2)}   CPU µs/req bare ` +
      `${bareRuns[i].cpu.toFixed(0)}, formstead ${r.cpu.toFixed(0)}   p99 bare ${bareRuns[i].p99.toFixed(1)} ms, ` +
      `formstead ${r.p99.toFixed(1)} ms`,
  );
console.log('  the median round:');
console.log(
  `  bare + fdatasync ${bareResult.rps.toFixed(0).padStart(7)} req/s   p50 ${bareResult.p50.toFixed(2)} ms   ` +
    `p99 ${bareResult.p99.toFixed(2)} ms   p99.9 ${bareResult.p999.toFixed(2)} ms`,
);
console.log(
  `  formstead        ${ours.rps.toFixed(0).padStart(7)} req/s   p50 ${ours.p50.toFixed(2)} ms   p99 ` +
    `${ours.p99.toFixed(2)} ms   p99.9 ${ours.p999.toFixed(2)} ms   non-2xx ${sum(ourRuns.map((r) => r.errors))}`,
);
console.log(
  `  CPU per request  bare ${median(bareRuns.map((r) => r.cpu)).toFixed(0)} µs, formstead ` +
    `${median(ourRuns.map((r) => r.cpu)).toFixed(0)} µs (medians of the rounds)`,
);
console.log(
  `  ratio            ${median(headRatios).toFixed(2)}  (median round; target ≥ 0.60, every submission fsynced)`,
);
// The tail a person pressing Send waits: each round's p99 against the bare endpoint's in the round beside it.
const tailRatios = ourRuns.map((r, i) => r.p99 / bareRuns[i].p99);
console.log(
  `  p99              formstead ${median(ourRuns.map((r) => r.p99)).toFixed(1)} ms, bare ` +
    `${median(bareRuns.map((r) => r.p99)).toFixed(1)} ms (medians of the rounds); formstead / bare ` +
    `${median(tailRatios).toFixed(1)}x (median round; docs/performance.md, "Ingest latency at the tail")`,
);

// BENCH_INGEST_ONLY=1 stops here: the ratio alone, for runs that alternate two builds (BENCH_BUNDLE).
if (process.env.BENCH_INGEST_ONLY) process.exit(0);

// Counting alongside: the pages' events (POST /v1/f/{id}/events: a view and a start per post, a new
// session and one of 30 sources each time) at a steady pace a busy form's visitors could make, while the
// submissions run as above. Both loads on the load core; the submissions alone are measured again after,
// so the spread between the two alone runs shows this machine's noise.
const eventsUrl = `${server.url}/v1/f/${form_id}/events`;
const eventsLua = (delayMs: number) =>
  [
    'local n = 0',
    'function request()',
    '  n = n + 1',
    '  local body = \'{"session":"bench-session-\' .. n .. \'","events":[{"type":"view"},{"type":"start"}],\' ..',
    '    \'"utm_source":"source-\' .. (n % 30) .. \'","referrer":"news.example"}\'',
    '  return wrk.format("POST", nil, {["Content-Type"] = "text/plain"}, body)',
    'end',
    delayMs > 0 ? `function delay() return ${delayMs} end` : '',
  ].join('\n');
// Rounds in alternation (alone, alongside, alone, ...): the machine's own drift falls on both sides alike.
const submit = `${server.url}/v1/f/${form_id}`;
const alones = [ours.rps];
const along: { rps: number; p99: number; errors: number; events: number; eventErrors: number }[] = [];
for (let i = 0; i < rounds; i++) {
  const [a, paced] = await Promise.all([
    wrkScript(submit, postLua(body), { connections: 50, seconds }),
    // 10 connections, each waiting 20 ms between posts: at most 500 posts (1000 events) a second.
    wrkScript(eventsUrl, eventsLua(20), { connections: 10, seconds }),
  ]);
  along.push({ rps: a.rps, p99: a.p99, errors: a.errors, events: paced.rps, eventErrors: paced.errors });
  alones.push(wrkPost(submit, body, { connections: 50, seconds }).rps);
}
// Each alongside run against the mean of the alone runs either side of it; the noise is how far two
// neighbouring alone runs lie apart (half their difference, relative to their mean).
const ratios = along.map((a, i) => a.rps / ((alones[i] + alones[i + 1]) / 2));
const noise = alones.slice(1).map((x, i) => Math.abs(x - alones[i]) / ((x + alones[i]) / 2) / 2);
const baseline = median(alones);
console.log(
  `\nsubmissions with counting events alongside (${rounds} rounds in alternation, events paced ≤ 500 posts/s)`,
);
const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`  alone            ${list(alones)} req/s   noise ±${(median(noise) * 100).toFixed(1)} %`);
console.log(
  `  alongside        ${list(along.map((a) => a.rps))} req/s   ` +
    `p99 ${median(along.map((a) => a.p99)).toFixed(2)} ms   ` +
    `non-2xx ${sum(along.map((a) => a.errors))}; ` +
    `events ${median(along.map((a) => a.events)).toFixed(0)} posts/s, ` +
    `non-2xx ${sum(along.map((a) => a.eventErrors))}`,
);
console.log(
  `  ratio            ${median(ratios).toFixed(2)}  (alongside / alone, median of the rounds; 1.00 is no loss)`,
);

// Events on their own, as fast as the server takes them: what a flood of counting costs.
const flood = await wrkScript(eventsUrl, eventsLua(0), { connections: 50, seconds });
console.log('\nevents alone (50 connections, 2 events a post, a new session each)');
console.log(
  `  events           ${flood.rps.toFixed(0).padStart(7)} posts/s (${(flood.rps * 2).toFixed(0)} events/s)   p50 ` +
    `${flood.p50.toFixed(2)} ms   p99 ${flood.p99.toFixed(2)} ms   non-2xx ${flood.errors}`,
);
console.log(`  ratio            ${(flood.rps / baseline).toFixed(2)}  (event posts / submissions per second)`);

// What metrics cost a submission: metrics on (with a scrape a second) against off, in this run.
await metricsCost(seconds, Number(process.env.BENCH_METRICS_ROUNDS ?? 3));

// CSV export of 100k submissions from the running bundle.
const target = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const have = Math.round(
  ours.rps * 2 +
    [...ourRuns.map((r) => r.rps), ...alones.slice(1), ...along.map((a) => a.rps)].reduce((n, x) => n + x * seconds, 0),
);
console.log(`\ncsv export (${target} rows; ${have} already stored by the ingest run)`);
let stored = have;
const filler = async () => {
  while (stored < target) {
    stored++;
    // A pooled connection can race the server's keep-alive close; such a post is simply sent again.
    await fetch(`${server.url}/v1/f/${form_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => stored--);
  }
};
await Promise.all(Array.from({ length: 32 }, filler));
// A clean restart: the final snapshot leaves no journal, so no background snapshot (and its worker's
// memory) overlaps the export; the peak counter is then reset so it covers the export alone.
const exited = new Promise((resolve) => server.child.once('exit', resolve));
server.child.kill('SIGTERM');
await exited;
server = await startBundle(9302, {}, server.dataDir);
writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
const count = async () => {
  // A fresh connection: a pooled one may have been closed by the server's keep-alive timeout.
  const r = await fetch(`${server.url}/v1/forms`, {
    headers: { authorization: `Bearer ${OWNER_KEY}`, connection: 'close' },
  });
  return ((await r.json()) as any).forms.find((f: any) => f.form_id === form_id).submissions as number;
};
const rows = await count();
const rssBefore = vmRss(server.child.pid!);
const started = performance.now();
const res = await fetch(`${server.url}/v1/forms/${form_id}/submissions?format=csv`, {
  headers: { authorization: `Bearer ${OWNER_KEY}`, connection: 'close' },
});
let bytes = 0;
for await (const chunk of res.body as any as AsyncIterable<Uint8Array>) bytes += chunk.length;
const ms = performance.now() - started;
const peak = vmHwm(server.child.pid!);
server.child.kill('SIGTERM');

// Baseline: csv-stringify writing the same number of rows of the same shape, in this process.
const columns = ['id', 'created_at', ...fields.map((f) => f.key)];
const baseStart = performance.now();
await new Promise<void>((resolve, reject) => {
  const s = stringify({ header: true, columns });
  s.on('data', () => {});
  s.on('end', resolve);
  s.on('error', reject);
  for (let i = 0; i < rows; i++) s.write({ id: crypto.randomUUID(), created_at: new Date().toISOString(), ...values });
  s.end();
});
const baseMs = performance.now() - baseStart;
console.log(
  `  formstead over HTTP  ${((rows / ms) * 1000).toFixed(0).padStart(8)} rows/s   ${(bytes / 1e6).toFixed(1)} ` +
    `MB   server RSS ${rssBefore} MB before, peak ${peak} MB after: the export itself added ≤ ` +
    `${Math.max(0, peak - rssBefore)} MB (target < 100 MB)`,
);
console.log(
  `  csv-stringify        ${((rows / baseMs) * 1000).toFixed(0).padStart(8)} rows/s   (in-process, no store, no HTTP)`,
);
console.log(`  ratio                ${(baseMs / ms).toFixed(2)}`);
process.exit(0);

/** Peak resident set size of a process in MB (VmHWM), from /proc. */
function vmHwm(pid: number): number {
  return procStatusMb(pid, 'VmHWM');
}

/** Current resident set size of a process in MB (VmRSS). */
function vmRss(pid: number): number {
  return procStatusMb(pid, 'VmRSS');
}
