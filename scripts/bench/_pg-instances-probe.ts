// A probe behind pg-ingest's two-instance figures (docs/performance.md, 2026-11-29, session 5), not a bench:
// one bundle at 50 connections against two at 50 each on one PostgreSQL, all servers on core 0, wrk on
// core 1; CPU per request of the bundles split into their main threads and other threads, user and system,
// context switches per request, transactions per submission, over consecutive measured windows (so what
// the JIT still compiles after the warm-up shows as it fades). Run: `node --import tsx
// scripts/bench/_pg-instances-probe.ts` under the bench lock. PROBE_SETUPS="1,2,2,1" (instances per
// setup, in order), PROBE_WARMUP (s, default 2), PROBE_WINDOWS (default 1), PROBE_SECONDS (a window, 6);
// PROBE_BARE=1 runs bare node:http servers instead of bundles; PROBE_PERF=1 records each window with perf
// (cpu-clock, call graphs, JS names from --perf-basic-prof-only-functions) into /tmp/s5pg2-perf-*.data.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { LOAD_CORE, postLua, publish, startBundle, wrkScript } from './_http.ts';
import { body, definition, startBareHttp } from './_ingest-form.ts';
import { pinnedPostgres } from './_pg.ts';
import { withChildren } from './_proc.ts';

const seconds = Number(process.env.PROBE_SECONDS ?? 6);
const setups = (process.env.PROBE_SETUPS ?? '1,2,1,2').split(',').map(Number);
const perf = process.env.PROBE_PERF === '1';
/** PROBE_COUNT=1: system calls and switches of the bundles counted by perf stat (tracepoints) per request. */
const count = process.env.PROBE_COUNT === '1';
const COUNTED = [
  'syscalls:sys_enter_epoll_wait',
  'syscalls:sys_enter_epoll_pwait',
  'syscalls:sys_enter_write',
  'syscalls:sys_enter_writev',
  'syscalls:sys_enter_read',
  'syscalls:sys_enter_futex',
  'sched:sched_switch',
];
const bare = process.env.PROBE_BARE === '1';
const warmup = Number(process.env.PROBE_WARMUP ?? 2);
const windows = Number(process.env.PROBE_WINDOWS ?? 1);
process.setMaxListeners(100);

/** Per-thread figures of a process: [utime, stime] in µs and context switches, main thread apart. */
function threads(pid: number) {
  const out = { mainU: 0, mainS: 0, restU: 0, restS: 0, vol: 0, invol: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const stat = raw.split(') ')[1].split(' ');
      const u = Number(stat[11]) * 1e4;
      const s = Number(stat[12]) * 1e4;
      if (Number(tid) === pid) {
        out.mainU += u;
        out.mainS += s;
      } else {
        out.restU += u;
        out.restS += s;
      }
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      out.vol += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      out.invol += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return out;
}
type T = ReturnType<typeof threads>;
function diff(a: T, b: T): T {
  return {
    mainU: b.mainU - a.mainU,
    mainS: b.mainS - a.mainS,
    restU: b.restU - a.restU,
    restS: b.restS - a.restS,
    vol: b.vol - a.vol,
    invol: b.invol - a.invol,
  };
}
function cpu(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(stat[11]) + Number(stat[12])) * 1e4;
  } catch {
    return 0;
  }
}

const { db, postmaster } = await pinnedPostgres([]);
const admin = new pg.Client({ connectionString: db.url() });
await admin.connect();
let n = 0;
const port = 9700;

/** `count` bare node:http servers (bare-durable-server.mjs without its file). */
async function bareServers(count: number) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const p = port + 50 + i;
    const child = await startBareHttp(p);
    out.push({ url: `http://127.0.0.1:${p}`, child, pid: child.pid! });
  }
  return out;
}

async function run(instances: number) {
  const name = `probe_${++n}`;
  let bundles: { url: string; child: import('node:child_process').ChildProcess; pid: number }[];
  let paths: string[];
  if (bare) {
    bundles = await bareServers(instances);
    paths = ['/'];
  } else {
    await admin.query(`CREATE DATABASE ${name}`);
    const env: Record<string, string> = { FORMSTEAD_DATABASE_URL: db.url(name) };
    if (perf) env.NODE_OPTIONS = '--perf-basic-prof-only-functions';
    bundles = [];
    for (let i = 0; i < instances; i++) {
      const b = await startBundle(port + i, env);
      bundles.push({ ...b, pid: b.child.pid! });
    }
    paths = [`/v1/f/${await publish(bundles[0].url, definition)}`];
  }
  const lua = postLua(body);
  const load = (secs: number) =>
    Promise.all(bundles.map((b) => wrkScript(b.url + paths[0], lua, { connections: 50, seconds: secs })));
  await load(warmup);
  for (let w = 0; w < windows; w++) {
    const pgPids = withChildren(postmaster);
    const before = bundles.map((b) => threads(b.pid));
    const pgBefore = pgPids.map(cpu);
    const xBefore = bare
      ? 0
      : Number(
          (await admin.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [name])).rows[0]
            .xact_commit,
        );
    let recorder: ReturnType<typeof spawn> | undefined;
    const perfFile = `/tmp/s5pg2-perf-${instances}-${n}-${w}.data`;
    if (perf)
      recorder = spawn(
        'taskset',
        [
          '-c',
          LOAD_CORE,
          'perf',
          'record',
          '-e',
          'cpu-clock',
          '-F',
          '999',
          '-g',
          '-o',
          perfFile,
          '-p',
          bundles.map((b) => b.pid).join(','),
        ],
        { stdio: 'ignore' },
      );
    const statFile = `/tmp/s5pg2-stat-${instances}-${n}-${w}.csv`;
    if (count)
      recorder = spawn(
        'taskset',
        [
          '-c',
          LOAD_CORE,
          'perf',
          'stat',
          '-x',
          ',',
          '-o',
          statFile,
          '-e',
          COUNTED.join(','),
          '-p',
          bundles.map((b) => b.pid).join(','),
        ],
        { stdio: 'ignore' },
      );
    const results = await load(seconds);
    if (recorder) {
      recorder.kill('SIGINT');
      await new Promise((r) => recorder!.on('exit', r));
    }
    const after = bundles.map((b) => threads(b.pid));
    const pgAfterPids = withChildren(postmaster);
    const pgCpu = pgAfterPids.reduce((s, p) => s + cpu(p), 0) - pgBefore.reduce((s, c) => s + c, 0);
    const xAfter = bare
      ? 0
      : Number(
          (await admin.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [name])).rows[0]
            .xact_commit,
        );
    const rps = results.reduce((s, r) => s + r.rps, 0);
    const requests = rps * seconds;
    const d = bundles.map((_, i) => diff(before[i], after[i]));
    const sum = (k: 'mainU' | 'mainS' | 'restU' | 'restS' | 'vol' | 'invol') =>
      d.reduce((s, x) => s + x[k], 0) / requests;
    const total = sum('mainU') + sum('mainS') + sum('restU') + sum('restS');
    const f = (k: Parameters<typeof sum>[0], digits = 1) => sum(k).toFixed(digits);
    const xact = ((xAfter - xBefore) / requests).toFixed(3);
    console.log(
      `${instances} instance(s) x 50 [w${w}]: ${rps.toFixed(0)} req/s  node ${total.toFixed(1)} µs ` +
        `(main u ${f('mainU')} s ${f('mainS')}, other threads u ${f('restU')} s ${f('restS')})  ` +
        `pg ${(pgCpu / requests).toFixed(1)} µs  ctx vol ${f('vol', 3)} invol ${f('invol', 3)} /req  ` +
        `xact/sub ${xact}  load ${loadavg()[0].toFixed(1)}${perf ? `  perf ${perfFile}` : ''}`,
    );
    if (count) {
      const lines = readFileSync(statFile, 'utf8')
        .split('\n')
        .filter((l) => /^\d/.test(l));
      console.log(
        '   per request: ' +
          lines
            .map(
              (l) =>
                `${l.split(',')[2].replace(/^\w+:(sys_enter_)?/, '')} ` +
                (Number(l.split(',')[0]) / requests).toFixed(3),
            )
            .join(', '),
      );
    }
  }
  for (const b of bundles) b.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
}

for (const s of setups) await run(s);
await admin.end();
await db.stop();
process.exit(0);
