// Ingest on PostgreSQL: durable submissions/s through POST /v1/f/{id} (the same 20-field form as
// `ingest`, 50 connections) on these setups, measured in this run: the embedded store (one bundle, the
// baseline), then one bundle and two bundles on one PostgreSQL database, each posting to ONE form and to
// many forms (50, each request the next form in turn). For two instances, two wrk processes run at once
// (25 connections each, one per bundle) and their req/s are added. One more setup gives two bundles 50
// connections each (100 in all), the load one bundle gets alone: on this machine every server shares one
// core, so fewer requests in flight per bundle mean smaller batches and more CPU per submission, and this
// row tells that apart from the instances getting in each other's way in the database.
// Every server (bundles and PostgreSQL with all its backends) is pinned to one core, wrk to the other.
// PostgreSQL keeps its durable defaults (every commit flushed), as the embedded store fsyncs its journal.
// Each setup also reports CPU per request (utime + stime deltas from /proc, Node and PostgreSQL apart) and,
// on PostgreSQL, WAL flushes per submission (pg_stat_wal's wal_sync over the rows stored, warm-up
// included): 1.0 means no two commits shared a flush; and transactions per submission (pg_stat_database's
// xact_commit over the rows stored, warm-up included): one over the average batch.
// Warm-up: every bundle answers WARMUP_REQUESTS before the measured run (in 2 s runs of wrk until each
// has), so two bundles that share a core each get the warm-up one gets alone: V8 compiles a process's hot
// code on threads of its own, and a fixed warm-up in seconds left much of that work, twice over, inside
// the measured run of two bundles (docs/performance.md, 2026-11-29, session 5). Two bundles' database
// then holds twice the warm-up rows of one's when the run starts (PostgreSQL's CPU per submission rises
// over a fresh database's first tens of thousands of rows): a bias against two instances, if any.
// Node's CPU is printed as the main thread (the event loop) and its other threads (V8's compiler and GC
// helpers) apart.
// Two bare node:http servers (bare-durable-server.mjs without its file) against one, at 50 connections
// each, are the baseline for what sharing one core costs two processes by itself.
// BENCH_ROUNDS (default 2) repeats the setups, the order reversed every other round (the machine is
// shared and noisy); the summary gives each figure's range over the rounds, and the ratios of paired
// setups (measured in the same round) per round with their median.
// Skipped with a notice when PostgreSQL's server binaries are missing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOAD_CORE, SERVER_CORE, publish, requireWrk, startBundle, wrkPost, type WrkResult } from './_http.ts';
import { body, definition, startBareHttp } from './_ingest-form.ts';
import { pinnedPostgres, skipWithoutPostgres } from './_pg.ts';
import { cpuSince, cpuSnapshot, mainThreadMicros, withChildren } from './_proc.ts';

skipWithoutPostgres();
requireWrk();
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const MANY_FORMS = 50;
/** Requests each bundle answers before the measured run (BENCH_WARMUP_REQUESTS). */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 30_000);
/** The longest warm-up, whatever was answered by then (a loaded machine). */
const MAX_WARMUP_SECONDS = 40;
/** One wrk run of the warm-up. */
const WARMUP_STEP_SECONDS = 2;
// Each bundle started adds an exit listener (it kills the bundle and removes its folder).
process.setMaxListeners(100);

/** Starts one bundle on its own data folder, pinned to the server core; answers its URL and pid. */
async function startOne(port: number, env: Record<string, string>) {
  const { url, child } = await startBundle(port, env);
  return { url, child, pid: child.pid! };
}

/** One wrk target: a bundle's base URL and the paths its wrk cycles through. */
interface Target {
  url: string;
  paths: string[];
}

/** wrk runs at once (each its own process on the load core), req/s and errors added up. */
async function wrkParallel(
  targets: Target[],
  connections: number,
  secs: number,
): Promise<WrkResult & { requests: number; perTarget: number[] }> {
  const each = Math.round(connections / targets.length);
  if (targets.length === 1) {
    const r = wrkPost(targets[0].url + targets[0].paths[0], body, {
      connections,
      seconds: secs,
      paths: targets[0].paths,
    });
    return { ...r, requests: r.rps * secs, perTarget: [r.rps * secs] };
  }
  // wrkPost is synchronous; run each in its own Node child so they overlap.
  const runs = await Promise.all(
    targets.map(
      (t) =>
        new Promise<WrkResult>((resolve, reject) => {
          const opts = { connections: each, seconds: secs, paths: t.paths };
          const code =
            `import { wrkPost } from ${JSON.stringify(path.join(import.meta.dirname, '_http.ts'))}; ` +
            `console.log(JSON.stringify(wrkPost(${JSON.stringify(t.url + t.paths[0])}, ${JSON.stringify(body)}, ` +
            `${JSON.stringify(opts)})));`;
          const c = spawn(
            'taskset',
            ['-c', LOAD_CORE, process.execPath, '--import', 'tsx', '--input-type=module', '-e', code],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          );
          let out = '';
          c.stdout.on('data', (d) => (out += d));
          c.on('exit', (status) =>
            status === 0 ? resolve(JSON.parse(out)) : reject(new Error(`wrk child failed: ${status}`)),
          );
        }),
    ),
  );
  const rps = runs.reduce((s, r) => s + r.rps, 0);
  return {
    rps,
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    p999: Math.max(...runs.map((r) => r.p999)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    requests: rps * secs,
    perTarget: runs.map((r) => r.rps * secs),
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  nodeCpu: number;
  /** Of nodeCpu, the bundles' main threads (the event loop); the rest is their other threads. */
  nodeMain: number;
  pgCpu: number;
  /** WAL flushes (pg_stat_wal.wal_sync) per stored submission; NaN on the embedded store. */
  flushes: number;
  /** Committed transactions of the database per stored submission; NaN on the embedded store. */
  transactions: number;
  load: number;
}

/** Warm-up, then one measured run; CPU per request of the bundles and of PostgreSQL. */
async function measure(
  targets: { url: string; pid: number }[],
  paths: string[],
  postmaster?: number,
  connections = 50,
): Promise<Omit<Row, 'name' | 'flushes' | 'transactions'>> {
  const wrkTargets = targets.map((t) => ({ url: t.url, paths }));
  const served = targets.map(() => 0);
  for (let spent = 0; Math.min(...served) < WARMUP_REQUESTS && spent < MAX_WARMUP_SECONDS; ) {
    const step = await wrkParallel(wrkTargets, connections, WARMUP_STEP_SECONDS);
    for (const [i, n] of step.perTarget.entries()) served[i] += n;
    spent += WARMUP_STEP_SECONDS;
  }
  const nodePids = targets.map((t) => t.pid);
  const pgList = postmaster ? withChildren(postmaster) : [];
  const nodeBefore = cpuSnapshot(nodePids);
  const mainBefore = nodePids.map(mainThreadMicros);
  const pgBefore = cpuSnapshot(pgList);
  const r = await wrkParallel(wrkTargets, connections, seconds);
  const pgAfterList = postmaster ? withChildren(postmaster) : [];
  const nodeCpu = cpuSince(nodeBefore, nodePids) / r.requests;
  const nodeMain = nodePids.reduce((s, p, i) => s + mainThreadMicros(p) - mainBefore[i], 0) / r.requests;
  const pgCpu = postmaster ? cpuSince(pgBefore, pgAfterList) / r.requests : 0;
  return { rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, nodeCpu, nodeMain, pgCpu, load: loadavg()[0] };
}

/** Publishes the form `count` times on the bundle at `url`; answers the paths to post to. */
async function formPaths(url: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) paths.push(`/v1/f/${await publish(url, definition)}`);
  return paths;
}

/** The embedded store: the baseline. */
async function embedded(): Promise<Row> {
  const one = await startOne(9341, {});
  try {
    const row = await measure([one], await formPaths(one.url, 1));
    return { name: 'embedded, 1 form', flushes: Number.NaN, transactions: Number.NaN, ...row };
  } finally {
    one.child.kill('SIGKILL');
  }
}

/** `instances` bare node:http servers at 50 connections each: what sharing the core costs by itself. */
async function bareHttp(instances: number): Promise<Row> {
  const servers = [];
  for (let i = 0; i < instances; i++) {
    const child = await startBareHttp(9361 + i);
    servers.push({ url: `http://127.0.0.1:${9361 + i}`, child, pid: child.pid! });
  }
  try {
    const row = await measure(servers, ['/'], undefined, 50 * instances);
    const name = instances > 1 ? `bare node:http, ${instances} instances, 50 conn. each` : 'bare node:http, 1 instance';
    return { name, flushes: Number.NaN, transactions: Number.NaN, ...row };
  } finally {
    for (const s of servers) s.child.kill('SIGKILL');
  }
}

const { db, postmaster } = await pinnedPostgres([]);
const admin = new pg.Client({ connectionString: db.url() });
await admin.connect();
let databases = 0;
/** WAL flushes so far, all processes (the counters are the cluster's). */
const walSyncs = async () => Number((await admin.query('SELECT wal_sync FROM pg_stat_wal')).rows[0].wal_sync);

/** Committed transactions of database `name` so far. */
const commits = async (name: string) =>
  Number(
    (await admin.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [name])).rows[0].xact_commit,
  );

/** `instances` bundles on a fresh database posting to `forms` forms, `connections` in all. */
async function onPostgres(instances: number, forms: number, connections = 50): Promise<Row> {
  const name = `formstead_${++databases}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const filesDir = mkdtempSync(path.join(tmpdir(), 'formstead-pgbench-files-'));
  process.on('exit', () => rmSync(filesDir, { recursive: true, force: true }));
  const env = { FORMSTEAD_DATABASE_URL: db.url(name), FORMSTEAD_FILES_DIR: filesDir };
  const bundles = [];
  for (let i = 0; i < instances; i++) bundles.push(await startOne(9342 + i, env));
  // Forms published on one instance answer on the other too: every wrk cycles through the same ones.
  const paths = await formPaths(bundles[0].url, forms);
  const syncsBefore = await walSyncs();
  const commitsBefore = await commits(name);
  const row = await measure(bundles, paths, postmaster, connections);
  // The bundles go before the counters are read: their backends end and report their last figures.
  for (const b of bundles) b.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 1000));
  const check = new pg.Client({ connectionString: db.url(name) });
  await check.connect();
  const stored = Number((await check.query('SELECT count(*) AS n FROM submissions')).rows[0].n);
  // Every acknowledged submission is in the database once, and each form's count says so exactly.
  // Counts not yet folded into the form rows wait in form_counts (a build before it has none).
  const pending = (await check.query("SELECT to_regclass('form_counts') AS t")).rows[0].t
    ? Number((await check.query('SELECT COALESCE(sum(n), 0) AS n FROM form_counts')).rows[0].n)
    : 0;
  const counted =
    pending + Number((await check.query('SELECT COALESCE(sum(submission_count), 0) AS n FROM forms')).rows[0].n);
  await check.end();
  if (counted !== stored) throw new Error(`${name}: the forms count ${counted} submissions, ${stored} are stored`);
  const flushes = ((await walSyncs()) - syncsBefore) / stored;
  const transactions = ((await commits(name)) - commitsBefore) / stored;
  const where = forms > 1 ? `${forms} forms` : '1 form';
  const load = connections === 50 ? '' : `, ${connections / instances} conn. each`;
  const label = `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}, ${where}${load}`;
  return { name: label, flushes, transactions, ...row };
}

// Setups the summary compares stand next to each other, so each pair runs back to back (in either order).
const setups: (() => Promise<Row>)[] = [
  embedded,
  () => onPostgres(1, 1),
  () => onPostgres(2, 1, 100),
  () => onPostgres(2, 1),
  () => onPostgres(1, MANY_FORMS),
  () => onPostgres(2, MANY_FORMS),
  () => bareHttp(1),
  () => bareHttp(2),
];
/** Indexes of the rows the summary pairs. */
const [ONE, TWO_SAME_LOAD, TWO, BARE_ONE, BARE_TWO] = [1, 2, 3, 6, 7];
const all: Row[][] = [];
for (let round = 0; round < rounds; round++) {
  const order = setups.map((_, i) => i);
  if (round % 2 === 1) order.reverse();
  const rows: Row[] = [];
  for (const i of order) rows[i] = await setups[i]();
  all.push(rows);
  print(rows, round + 1);
}
await admin.end();
await db.stop();

console.log(`\nsummary over ${rounds} round(s): range (min-max) of each figure`);
const range = (xs: number[], digits = 0) => {
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  return lo.toFixed(digits) === hi.toFixed(digits) ? lo.toFixed(digits) : `${lo.toFixed(digits)}-${hi.toFixed(digits)}`;
};
for (let i = 0; i < all[0].length; i++) {
  const name = all[0][i].name;
  const rows = all.map((r) => r[i]);
  const ratios = all.map((r) => r[i].rps / r[0].rps);
  const node =
    `CPU/req ${range(rows.map((r) => r.nodeCpu))} µs (main thread ${range(rows.map((r) => r.nodeMain))})` +
    (rows[0].pgCpu ? ` + ${range(rows.map((r) => r.pgCpu))} µs` : '');
  console.log(
    `  ${name.padEnd(50)} ${range(rows.map((r) => r.rps)).padStart(11)} req/s   ratio ${range(ratios, 2)}   ${node}` +
      (rows[0].pgCpu
        ? `   flushes/submission ${range(
            rows.map((r) => r.flushes),
            2,
          )}   transactions/submission ${range(
            rows.map((r) => r.transactions),
            3,
          )}`
        : ''),
  );
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** A ratio of two setups measured in the same round: each round's, then their median. */
const paired = (of: (r: Row[]) => number) => {
  const xs = all.map(of);
  return `${xs.map((x) => x.toFixed(2)).join(', ')} (median ${median(xs).toFixed(2)})`;
};
const cpu = (r: Row) => r.nodeCpu + r.pgCpu;
/** Prints one paired ratio: what it compares, each round's figure and their median, and a note. */
const pair = (what: string, of: (r: Row[]) => number, note: string) => console.log(`  ${what}: ${paired(of)} ${note}`);
console.log('ratios of paired setups, each round (the setups of a round run one after the other, in turns):');
pair('two instances / one instance on one form, req/s', (r) => r[TWO].rps / r[ONE].rps, '(target: not below 1.00)');
pair(
  'two instances at 50 connections each / one instance at 50, req/s',
  (r) => r[TWO_SAME_LOAD].rps / r[ONE].rps,
  '(the same load per instance; all servers share one core here)',
);
// issue 37: at the same load per instance, two instances' CPU per submission (Node and PostgreSQL) against one's.
pair('the same, CPU per submission (Node + PostgreSQL)', (r) => cpu(r[TWO_SAME_LOAD]) / cpu(r[ONE]), '(target ≤ 1.10)');
pair("the same, Node's CPU alone", (r) => r[TWO_SAME_LOAD].nodeCpu / r[ONE].nodeCpu, '');
pair("the same, Node's main threads alone", (r) => r[TWO_SAME_LOAD].nodeMain / r[ONE].nodeMain, '');
pair(
  'two bare node:http servers / one, CPU per request',
  (r) => r[BARE_TWO].nodeCpu / r[BARE_ONE].nodeCpu,
  '(what two processes taking turns on one core cost by themselves)',
);
pair('one instance, one form / embedded, req/s', (r) => r[ONE].rps / r[0].rps, '(target ≥ 0.50)');
process.exit(0);

function print(rows: Row[], round: number) {
  const base = rows[0].rps;
  console.log(
    `\nround ${round}: ingest, 20-field form, 50 connections in all unless a row says otherwise, ${seconds} s ` +
      `each after ${WARMUP_REQUESTS} warm-up requests per server; servers on core ` +
      `${SERVER_CORE}, wrk on core ${LOAD_CORE}; ${availableParallelism()} cores (os.availableParallelism())`,
  );
  for (const r of rows) {
    const node = `CPU/req node ${r.nodeCpu.toFixed(0)} µs (main thread ${r.nodeMain.toFixed(0)})`;
    const cpu = r.pgCpu
      ? `${node} + PostgreSQL ${r.pgCpu.toFixed(0)} µs = ` +
        `${(r.nodeCpu + r.pgCpu).toFixed(0)} µs   flushes/submission ${r.flushes.toFixed(2)}   ` +
        `transactions/submission ${r.transactions.toFixed(3)}`
      : node;
    console.log(
      `  ${r.name.padEnd(50)} ${r.rps.toFixed(0).padStart(6)} req/s   ratio ${(r.rps / base).toFixed(2)}   p50 ` +
        `${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   non-2xx ${r.errors}   ${cpu}   ` +
        `load ${r.load.toFixed(1)}`,
    );
  }
}
