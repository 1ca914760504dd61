// Ingest on PostgreSQL: durable submissions/s through POST /v1/f/{id} (the same 20-field form as
// `ingest`, 50 connections) on three setups measured in this run: the embedded store (one bundle, the
// baseline), one bundle on PostgreSQL, and two bundles on the same PostgreSQL database. For two
// instances, two wrk processes run at once (25 connections each, one per bundle) and their req/s are
// added: the simplest honest split, since each bundle gets exactly half the connections.
// Every server (bundles and PostgreSQL with all its backends) is pinned to one core, wrk to the other.
// PostgreSQL keeps its durable defaults (every commit flushed), as the embedded store fsyncs its journal.
// Each setup also reports CPU per request (utime + stime deltas from /proc, Node and PostgreSQL apart):
// on 2 cores two instances cannot show scaling, but CPU per request lets it be computed for more.
// Skipped with a notice when PostgreSQL's server binaries are missing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOAD_CORE, SERVER_CORE, publish, requireWrk, startBundle, wrkPost, type WrkResult } from './_http.ts';
import { body, definition } from './_ingest-form.ts';
import { pinnedPostgres, skipWithoutPostgres } from './_pg.ts';
import { cpuSince, cpuSnapshot, withChildren } from './_proc.ts';

skipWithoutPostgres();
requireWrk();
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

/** Starts one bundle on its own data folder, pinned to the server core; answers its URL and pid. */
async function startOne(port: number, env: Record<string, string>) {
  const { url, child } = await startBundle(port, env);
  return { url, child, pid: child.pid! };
}

/** wrk runs at once (each its own process on the load core), req/s and errors added up. */
async function wrkParallel(
  urls: string[],
  connections: number,
  secs: number,
): Promise<WrkResult & { requests: number }> {
  if (urls.length === 1) {
    const r = wrkPost(urls[0], body, { connections, seconds: secs });
    return { ...r, requests: r.rps * secs };
  }
  // wrkPost is synchronous; run each in its own Node child so they overlap.
  const runs = await Promise.all(
    urls.map(
      (u) =>
        new Promise<WrkResult>((resolve, reject) => {
          const code =
            `import { wrkPost } from ` +
            `${JSON.stringify(path.join(import.meta.dirname, '_http.ts'))}; ` +
            `console.log(JSON.stringify(wrkPost(${JSON.stringify(u)}, ${JSON.stringify(body)}, { connections: ` +
            `${Math.round(connections / urls.length)}, seconds: ${secs} })));`;
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
    errors: runs.reduce((s, r) => s + r.errors, 0),
    requests: rps * secs,
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  nodeCpu: number;
  pgCpu: number;
  load: number;
}

/** Warm-up, then one measured run; CPU per request of the bundles and of PostgreSQL. */
async function measure(
  name: string,
  targets: { url: string; pid: number }[],
  formIds: string[],
  postmaster?: number,
): Promise<Row> {
  const urls = targets.map((t, i) => `${t.url}/v1/f/${formIds[i]}`);
  await wrkParallel(urls, 50, 2);
  const nodePids = targets.map((t) => t.pid);
  const pgList = postmaster ? withChildren(postmaster) : [];
  const nodeBefore = cpuSnapshot(nodePids);
  const pgBefore = cpuSnapshot(pgList);
  const r = await wrkParallel(urls, 50, seconds);
  const pgAfterList = postmaster ? withChildren(postmaster) : [];
  const nodeCpu = cpuSince(nodeBefore, nodePids) / r.requests;
  const pgCpu = postmaster ? cpuSince(pgBefore, pgAfterList) / r.requests : 0;
  return { name, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, nodeCpu, pgCpu, load: loadavg()[0] };
}

const rows: Row[] = [];

// 1. The embedded store: the baseline.
{
  const one = await startOne(9341, {});
  rows.push(await measure('embedded, 1 instance', [one], [await publish(one.url, definition)]));
  one.child.kill('SIGKILL');
}

// 2 and 3. PostgreSQL with durable settings, pinned with all its processes to the server core.
const { db, postmaster } = await pinnedPostgres(['formstead_one', 'formstead_two']);
{
  const filesDir = mkdtempSync(path.join(tmpdir(), 'formstead-pgbench-files-'));
  process.on('exit', () => rmSync(filesDir, { recursive: true, force: true }));
  const one = await startOne(9342, { FORMSTEAD_DATABASE_URL: db.url('formstead_one'), FORMSTEAD_FILES_DIR: filesDir });
  rows.push(await measure('PostgreSQL, 1 instance', [one], [await publish(one.url, definition)], postmaster));
  one.child.kill('SIGKILL');
}
{
  const filesDir = mkdtempSync(path.join(tmpdir(), 'formstead-pgbench-files-'));
  process.on('exit', () => rmSync(filesDir, { recursive: true, force: true }));
  const env = { FORMSTEAD_DATABASE_URL: db.url('formstead_two'), FORMSTEAD_FILES_DIR: filesDir };
  const a = await startOne(9343, env);
  const b = await startOne(9344, env);
  const formId = await publish(a.url, definition);
  // The form published on one instance answers on the other too: both get the same form's URL.
  rows.push(await measure('PostgreSQL, 2 instances', [a, b], [formId, formId], postmaster));
  // Every acknowledged submission is in the database once.
  const check = new pg.Client({ connectionString: db.url('formstead_two') });
  await check.connect();
  const stored = Number((await check.query('SELECT count(*) AS n FROM submissions')).rows[0].n);
  await check.end();
  console.log(`(two instances stored ${stored} submissions in all, warm-up included)`);
  // The bundles go before the database, so they do not log its going away.
  a.child.kill('SIGKILL');
  b.child.kill('SIGKILL');
}
await db.stop();

const base = rows[0].rps;
console.log(
  `ingest on PostgreSQL, 20-field form, 50 connections in all, ${seconds} s each; servers on core ` +
    `${SERVER_CORE}, wrk on core ${LOAD_CORE}`,
);
console.log(`machine: ${availableParallelism()} cores (os.availableParallelism())`);
for (const r of rows) {
  const cpu = r.pgCpu
    ? `CPU/req node ${r.nodeCpu.toFixed(0)} µs + PostgreSQL ${r.pgCpu.toFixed(0)} µs = ` +
      `${(r.nodeCpu + r.pgCpu).toFixed(0)} µs`
    : `CPU/req node ${r.nodeCpu.toFixed(0)} µs`;
  console.log(
    `  ${r.name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s   ratio ${(r.rps / base).toFixed(2)}   p50 ` +
      `${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   non-2xx ${r.errors}   ${cpu}   load ${r.load.toFixed(1)}`,
  );
}
process.exit(0);
