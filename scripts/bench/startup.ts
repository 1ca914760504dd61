// At rest: how fast the bundle answers its first /healthz from an empty data folder, and how much memory
// it holds once started and idle, against a bare Node HTTP server (`node -e` with node:http, answering
// 200) started and measured the same way in the same run (the baseline: what Node itself costs).
// Time-to-listening runs from the spawn to the first 200 of /healthz (polled every 2 ms); RSS is read
// from /proc after IDLE_MS of quiet. Each server runs pinned to the server core; rounds alternate.
// The bundle runs twice a round: as `node dist/formstead.mjs` plainly, and with the environment the Docker
// image and the documented systemd unit give it (GLIBC_TUNABLES, which glibc reads only at exec).
// Targets (issue 37): under 0.5 s to listening and under 100 MB RSS idle.
// Run: npm run bench startup. BENCH_ROUNDS sets the rounds (default 5).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundle, SERVER_CORE } from './_http.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** How long a started server is left alone before its RSS is read. */
const IDLE_MS = 3000;
const TARGET_MS = 500;
const TARGET_RSS_MB = 100;
const PORT = 9381;

/** The environment the Docker image and the systemd unit of docs/operations.md set (docs/performance.md). */
const PACKAGED_ENV = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072' };

const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT}, '127.0.0.1')`;

interface Sample {
  ms: number;
  rssMb: number;
}

/** Spawns `args` pinned, times it to its first 200 on /healthz, reads its RSS after IDLE_MS, stops it. */
async function sample(args: string[], env: Record<string, string> = {}): Promise<Sample> {
  const began = performance.now();
  const child: ChildProcess = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`exited before it answered: ${args.join(' ')}`);
      if (performance.now() - began > 30_000) throw new Error(`did not answer: ${args.join(' ')}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok && !exited) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const ms = performance.now() - began;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    // taskset execs node in place, so the child's pid is the server's.
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return { ms, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (exited ? r(undefined) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One start of the bundle on a new, empty data folder. */
async function sampleBundle(env: Record<string, string> = {}): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-startup-'));
  try {
    return await sample([bundle, '--port', String(PORT), '--data', dataDir], env);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bare: Sample[] = [];
const formstead: Sample[] = [];
const packaged: Sample[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bare.push(await sample(['-e', BARE]));
  formstead.push(await sampleBundle());
  packaged.push(await sampleBundle(PACKAGED_ENV));
}

const fmt = (s: Sample[]) =>
  `listening ${median(s.map((x) => x.ms)).toFixed(0)} ms (${s.map((x) => x.ms.toFixed(0)).join(', ')}), ` +
  `idle RSS ${median(s.map((x) => x.rssMb)).toFixed(1)} MB`;
console.log(`startup from an empty data folder, ${ROUNDS} rounds alternating, medians; pinned to core ${SERVER_CORE}`);
console.log(`  bare node:http server   ${fmt(bare)}`);
console.log(`  formstead bundle        ${fmt(formstead)}`);
console.log(`  + packaged environment  ${fmt(packaged)}`);
for (const [name, s] of [
  ['bundle', formstead],
  ['packaged', packaged],
] as const) {
  const ms = median(s.map((x) => x.ms));
  const rss = median(s.map((x) => x.rssMb));
  console.log(
    `  ${name}: ratio to bare: listening ${(ms / median(bare.map((x) => x.ms))).toFixed(2)}x, ` +
      `RSS ${(rss / median(bare.map((x) => x.rssMb))).toFixed(2)}x; targets: listening ${ms.toFixed(0)} ms of ` +
      `${TARGET_MS} (${ms < TARGET_MS ? 'met' : 'NOT met'}), idle RSS ${rss.toFixed(1)} MB of ${TARGET_RSS_MB} ` +
      `(${rss < TARGET_RSS_MB ? 'met' : 'NOT met'})`,
  );
}
