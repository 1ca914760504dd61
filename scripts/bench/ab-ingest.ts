// A/B ingest: this bundle against another build (BENCH_BUNDLE_B, e.g. one built from an older commit),
// both running at once with the durable baseline (`ingest`'s), each given short wrk runs in rotation. On a
// shared machine the load swings within seconds, so a baseline measured once per run (as `ingest`
// does) can be 2x off from the run it divides; rotating 4-second slices puts every figure next to
// its neighbours and the paired ratios cancel most of the swing. Each slice also reads the server's
// CPU time from /proc: CPU µs per request moves far less with the neighbours' load than req/s does.
// Skipped without BENCH_BUNDLE_B.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { OWNER_KEY, bundle, requireWrk, startPinned, wrkPost, type WrkResult } from './_http.ts';
import { body, definition, startBareDurable } from './_ingest-form.ts';
import { cpuMicros } from './_proc.ts';

const other = process.env.BENCH_BUNDLE_B;
if (!other) {
  console.log('skipped: set BENCH_BUNDLE_B to the bundle to compare with (see docs/performance.md)');
  process.exit(0);
}
requireWrk();
const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
// 50 as in `ingest`; 1 shows what one person sending alone waits for (each answer its own fsync).
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Starts one bundle on its own data folder and publishes the bench form; answers the submit URL. */
async function start(file: string, port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formstead-ab-'));
  const env = { FORMSTEAD_RATE_LIMIT: 'off', FORMSTEAD_OWNER_KEY: OWNER_KEY };
  const child = await startPinned(
    [path.resolve(file), '--port', String(port), '--data', dataDir],
    env,
    `http://127.0.0.1:${port}/healthz`,
  );
  process.on('exit', () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  const res = await fetch(`${url}/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ definition }),
  });
  const { form_id } = (await res.json()) as { form_id: string };
  return { url: `${url}/v1/f/${form_id}`, pid: child.pid! };
}

// The same durable baseline as `ingest`.
const bare = await startBareDurable(9331);
process.on('exit', () => bare.kill('SIGKILL'));
const targets: Record<'bare' | 'A' | 'B', { url: string; pid: number }> = {
  bare: { url: 'http://127.0.0.1:9331/', pid: bare.pid! },
  A: await start(bundle, 9332),
  B: await start(other, 9333),
};
const names = ['bare', 'A', 'B'] as const;
for (const n of names) wrkPost(targets[n].url, body, { connections, seconds: 2 }); // warm-up

const results: Record<(typeof names)[number], (WrkResult & { cpu: number })[]> = { bare: [], A: [], B: [] };
/** One slice of load on one server, with the server's CPU µs per answered request. */
const slice = (n: (typeof names)[number]) => {
  const before = cpuMicros(targets[n].pid);
  const r = wrkPost(targets[n].url, body, { connections, seconds });
  return { ...r, cpu: (cpuMicros(targets[n].pid) - before) / (r.rps * seconds) };
};
const loads: number[] = [];
console.log(
  `A = ${path.relative(process.cwd(), bundle)}, B = ${other}; ${rounds} rounds of ${seconds} s each, ` +
    `${connections} connection(s), order rotated`,
);
for (let r = 0; r < rounds; r++) {
  // Rotating the order keeps any one of them from always following the same neighbour.
  const order = [...names.slice(r % 3), ...names.slice(0, r % 3)];
  for (const n of order) results[n].push(slice(n));
  loads.push(loadavg()[0]);
  const [b, a, o] = [results.bare[r], results.A[r], results.B[r]];
  console.log(
    `  round ${r + 1}  load ${loadavg()[0].toFixed(1).padStart(4)}   bare ${b.rps.toFixed(0).padStart(6)}   A ` +
      `${a.rps.toFixed(0).padStart(5)} (p99 ${a.p99.toFixed(0).padStart(3)} ms, ` +
      `${(a.rps / b.rps).toFixed(2)})   B ${o.rps.toFixed(0).padStart(5)} (p99 ` +
      `${o.p99.toFixed(0).padStart(3)} ms, ${(o.rps / b.rps).toFixed(2)})   A/B ${(a.rps / o.rps).toFixed(2)} ` +
      `  CPU µs/req bare ${b.cpu.toFixed(0)} A ${a.cpu.toFixed(0)} B ${o.cpu.toFixed(0)}   non-2xx ` +
      `${a.errors + o.errors}`,
  );
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const range = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)} (median ${median(xs).toFixed(digits)})`;
const ratio = (n: 'A' | 'B') => results[n].map((x, i) => x.rps / results.bare[i].rps);
console.log(`load average ${range(loads, 1)}`);
console.log(
  `  bare   ${range(results.bare.map((x) => x.rps))} req/s; CPU ${range(results.bare.map((x) => x.cpu))} µs/req`,
);
for (const n of ['A', 'B'] as const) {
  console.log(
    `  ${n}      ${range(results[n].map((x) => x.rps))} req/s; CPU ${range(results[n].map((x) => x.cpu))} µs/req; ` +
      `p50 ${range(
        results[n].map((x) => x.p50),
        1,
      )} ms; p99 ${range(results[n].map((x) => x.p99))} ms; ratio to bare ${range(ratio(n), 2)}`,
  );
}
console.log(
  `  A/B    ${range(
    results.A.map((x, i) => x.rps / results.B[i].rps),
    2,
  )} req/s (1.00 = same speed); CPU per request B/A ${range(
    results.A.map((x, i) => results.B[i].cpu / x.cpu),
    2,
  )}`,
);
process.exit(0);
