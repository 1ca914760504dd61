// Ingest onto a large database: the 20-field form's answers posted (50 connections, wrk on its own core) to a
// bundle started on a copy of a folder already holding BENCH_SEED_ROWS answers (300,000 by default: a ~360 MB
// image), against the durable baseline in the same run. What a fresh folder cannot show: the work a write costs
// that grows with the database (each background snapshot writes the whole image). Each server runs alone, 30 s
// a turn (BENCH_SECONDS), long enough to take its snapshots, on a fresh copy every turn; with BENCH_BUNDLE_B set
// a second build takes its turns too (docs/performance.md, "Snapshots that grow with the image").
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { OWNER_KEY, bundle, requireWrk, startPinned, wrkPost } from './_http.ts';
import { body, definition, startBareDurable, values } from './_ingest-form.ts';
import { cpuMicros } from './_proc.ts';
import { seedFolder } from './_seed-folder.ts';

requireWrk();
const rows = Number(process.env.BENCH_SEED_ROWS ?? 300_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const builds: Record<string, string> = { A: bundle };
if (process.env.BENCH_BUNDLE_B) builds.B = process.env.BENCH_BUNDLE_B;

const seedDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-seed-'));
process.on('exit', () => rmSync(seedDir, { recursive: true, force: true }));
const formId = await seedFolder(seedDir, definition, rows, () => values);
const imageMb = statSync(path.join(seedDir, 'formstead.db')).size / 1e6;

/** One turn of `seconds` under load on `url`: req/s, the server's CPU µs a request, p99. */
function turn(url: string, pid: number) {
  wrkPost(url, body, { connections: 50, seconds: 2 }); // warm-up
  const before = cpuMicros(pid);
  const r = wrkPost(url, body, { connections: 50, seconds });
  return { rps: r.rps, p99: r.p99, cpu: (cpuMicros(pid) - before) / (r.rps * seconds) };
}

/** A turn of one build on a fresh copy of the seeded folder, stopped after it. */
async function bundleTurn(file: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-large-'));
  try {
    cpSync(seedDir, dir, { recursive: true });
    const env = { FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY };
    const child = await startPinned([file, '--port', '9351', '--data', dir], env, 'http://127.0.0.1:9351/healthz');
    try {
      return turn(`http://127.0.0.1:9351/v1/f/${formId}`, child.pid!);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `ingest onto ${rows} answers (a ${imageMb.toFixed(0)} MB image), 20-field form, 50 connections, each server ` +
    `alone for ${seconds} s a turn, ${rounds} rounds`,
);
const ratios: Record<string, number[]> = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
for (let r = 0; r < rounds; r++) {
  const bare = await startBareDurable(9350);
  const base = turn('http://127.0.0.1:9350/', bare.pid!);
  bare.kill('SIGKILL');
  const load = loadavg()[0].toFixed(1);
  let line = `  round ${r + 1}  load ${load}  bare ${base.rps.toFixed(0)} req/s (${base.cpu.toFixed(0)} µs)`;
  for (const [name, file] of Object.entries(builds)) {
    const t = await bundleTurn(file);
    ratios[name].push(t.rps / base.rps);
    line +=
      `   ${name} ${t.rps.toFixed(0)} req/s, ${t.cpu.toFixed(0)} µs a request, p99 ${t.p99.toFixed(0)} ms, ` +
      `ratio ${(t.rps / base.rps).toFixed(2)}`;
  }
  console.log(line);
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
};
for (const [name, xs] of Object.entries(ratios))
  console.log(
    `  ${name} (${builds[name]}): ratio to the durable baseline ${median(xs).toFixed(2)} (median of the rounds)`,
  );
process.exit(0);
