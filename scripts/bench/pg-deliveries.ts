// Webhook deliveries on PostgreSQL: deliveries per second with two bundles on one PostgreSQL database,
// against the embedded store's single bundle delivering the same backlog in the same run (the
// baseline), and one bundle on PostgreSQL. What is timed is the delivery path alone: the receiver (a
// real HTTPS server on loopback, test/helpers/https-receiver.ts) holds its answers while the backlog is
// posted (rate limits off), so each worker has its first attempts waiting and the rest queued; then it
// answers 200 at once to everything, and the clock runs from that release to the last delivery's
// arrival. Each attempt takes its delivery (the lease and the read in one call), signs and sends it,
// and records the outcome.
// Servers (bundles, and PostgreSQL with all its processes, durable defaults) are pinned to one core;
// this process (receiver and load) to the other. CPU per delivery comes from /proc, Node and
// PostgreSQL apart, so throughput on more cores can be computed. The receiver counts what it got:
// every submission must arrive once, signed.
// Run: npm run bench pg-deliveries. BENCH_DELIVERIES sets the backlog (default 2000). BENCH_BASELINE=<a build
// of the bundle> runs the PostgreSQL setups with it too, each before this build's, and prints this build's
// PostgreSQL CPU per delivery as a ratio of the baseline's (issue 37's target: at most 0.50).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startHttpsReceiver } from '../../test/helpers/https-receiver.ts';
import { LOAD_CORE, OWNER_KEY, SERVER_CORE, publish, startBundle } from './_http.ts';
import { body, definition } from './_ingest-form.ts';
import { pinnedPostgres, resetStatements, STATEMENTS, skipWithoutPostgres, statementsReport } from './_pg.ts';
import { cpuSince, cpuSnapshot, withChildren } from './_proc.ts';

skipWithoutPostgres();
const N = Number(process.env.BENCH_DELIVERIES ?? 2000);
/** Another build whose PostgreSQL setups run beside this one's (the target is a ratio to it). */
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
/** issue 37: a delivery at most half the baseline's PostgreSQL CPU. */
const PG_CPU_TARGET = 0.5;
const WARMUP = 200;
/** Posting connections in all; the backlog is spread over the instances in turn. */
const CONNECTIONS = 16;

// Counted before this process pins itself: availableParallelism() follows the affinity mask.
const cores = availableParallelism();
// Each bundle started adds an exit listener (its cleanup): up to seven here.
process.setMaxListeners(16);
// This process is the receiver and the load generator, on the core the servers are not on.
spawnSync('taskset', ['-cp', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
// Connections kept 5 s when idle, as Node's own default: the bundle reuses them as with real receivers.
const receiver = await startHttpsReceiver({ keepAliveMs: 5000 });
// The held answers wait through the whole posting of the backlog: the attempts must not time out.
const bundleEnv = {
  FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
  NODE_EXTRA_CA_CERTS: receiver.caFile,
  FORMSTEAD_WEBHOOK_TIMEOUT_MS: '300000',
};

const authed = { authorization: `Bearer ${OWNER_KEY}`, 'content-type': 'application/json' };

/** A form whose webhook points at /switch/<name>/hook; the receiver learns its secret to check signatures. */
async function formWithWebhook(url: string, name: string): Promise<{ formId: string; hookPath: string }> {
  const formId = await publish(url, definition);
  const hookPath = `/switch/${name}/hook`;
  const patched = await fetch(`${url}/v1/forms/${formId}`, {
    method: 'PATCH',
    headers: authed,
    body: JSON.stringify({ webhook_url: receiver.url(hookPath) }),
  });
  if (patched.status !== 200) throw new Error(`webhook: ${patched.status} ${await patched.text()}`);
  const revealed = await fetch(`${url}/v1/forms/${formId}/webhook?reveal=true`, { headers: authed });
  receiver.secrets.set(hookPath, ((await revealed.json()) as { secret: string }).secret);
  return { formId, hookPath };
}

/** Posts `count` submissions to the form, spread over `urls` in turn; answers their ids. */
async function postBacklog(urls: string[], formId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const url = urls[next++ % urls.length];
        const res = await fetch(`${url}/v1/f/${formId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
        ids.push(((await res.json()) as { id: string }).id);
      }
    }),
  );
  return ids;
}

interface Round {
  perSecond: number;
  nodeCpu: number;
  pgCpu: number;
  receiverCpu: number;
  requests: number;
  unique: number;
  missing: number;
  unsigned: number;
}

/** Queues `count` deliveries with the receiver holding its answers, releases it, and times the drain. */
async function drain(
  name: string,
  urls: string[],
  nodePids: number[],
  count: number,
  postmaster?: number,
  databaseUrl?: string,
): Promise<Round & { formId: string; statements?: string[] }> {
  const { formId, hookPath } = await formWithWebhook(urls[0], name);
  const switchName = hookPath.split('/')[2];
  receiver.switches.set(switchName, 200);
  const release = receiver.hold(switchName);
  const ids = new Set(await postBacklog(urls, formId, count));
  // The last answers' hand-overs (the worker's poke) are done; let the posting's own work settle.
  await new Promise((r) => setTimeout(r, 500));
  const pgList = postmaster ? withChildren(postmaster) : [];
  const nodeBefore = cpuSnapshot(nodePids);
  const pgBefore = cpuSnapshot(pgList);
  const receiverBefore = process.cpuUsage();
  const profiled = STATEMENTS && databaseUrl !== undefined;
  if (profiled) await resetStatements(databaseUrl);
  const releasedAt = Date.now();
  release();
  const got = () => receiver.to(hookPath);
  for (
    const deadline = Date.now() + 300_000;
    new Set(got().map((r) => r.headers['service-submission-id'])).size < ids.size;
  ) {
    if (Date.now() > deadline) throw new Error(`${name}: not every delivery arrived`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const lastAt = Math.max(...got().map((r) => r.at));
  const nodeCpu = cpuSince(nodeBefore, nodePids);
  const pgCpu = postmaster ? cpuSince(pgBefore, withChildren(postmaster)) : 0;
  const receiverUsage = process.cpuUsage(receiverBefore);
  const statements = profiled ? await statementsReport(databaseUrl, count) : undefined;
  // Room for a second copy that must not come.
  await new Promise((r) => setTimeout(r, 1000));
  const arrived = got();
  const unique = new Set(arrived.map((r) => r.headers['service-submission-id'] as string));
  return {
    formId,
    statements,
    perSecond: count / ((lastAt - releasedAt) / 1000),
    nodeCpu: nodeCpu / count,
    pgCpu: pgCpu / count,
    receiverCpu: (receiverUsage.user + receiverUsage.system) / count,
    requests: arrived.length,
    unique: unique.size,
    missing: [...ids].filter((id) => !unique.has(id)).length,
    unsigned: arrived.filter((r) => !r.verified || r.status !== 200).length,
  };
}

interface Row extends Round {
  name: string;
  /** Delivery states in the database after the run (PostgreSQL only). */
  states?: string;
  /** BENCH_PG_STATEMENTS=1: the top statements of the measured drain. */
  statements?: string[];
  load: number;
}

/** A warm-up drain, then the measured one. */
async function measure(
  name: string,
  instances: { url: string; pid: number }[],
  databaseUrl?: string,
  postmaster?: number,
): Promise<Row> {
  const urls = instances.map((i) => i.url);
  const pids = instances.map((i) => i.pid);
  const tag = name.replace(/\W+/g, '-');
  await drain(`${tag}-warm`, urls, pids, WARMUP, postmaster);
  const r = await drain(tag, urls, pids, N, postmaster, databaseUrl);
  let states: string | undefined;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const rows = await client.query(
      'SELECT state, count(*)::int AS n FROM webhook_deliveries WHERE form_id = $1 GROUP BY state ORDER BY state',
      [r.formId],
    );
    await client.end();
    states = rows.rows.map((x) => `${x.state} ${x.n}`).join(', ');
  }
  return { name, ...r, states, load: loadavg()[0] };
}

async function startOne(port: number, env: Record<string, string> = {}, file?: string) {
  const { url, child } = await startBundle(port, { ...bundleEnv, ...env }, undefined, file);
  return { url, child, pid: child.pid! };
}

const rows: Row[] = [];

// 1. The embedded store, one instance: the baseline.
{
  const one = await startOne(9351);
  rows.push(await measure('embedded, 1 instance', [one]));
  one.child.kill('SIGKILL');
}

// 2 and 3. One and two instances on one PostgreSQL server, pinned with them; with BENCH_BASELINE, the
// baseline build's first, each on a database of its own.
const builds: { tag: string; file?: string; db: string }[] = BASELINE
  ? [{ tag: ' (baseline)', file: BASELINE, db: '_base' }]
  : [];
builds.push({ tag: '', db: '' });
const { db, postmaster } = await pinnedPostgres(
  builds.flatMap((b) => [`deliveries_one${b.db}`, `deliveries_two${b.db}`]),
);
const filesDir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-files-'));
process.on('exit', () => rmSync(filesDir, { recursive: true, force: true }));
for (const build of builds) {
  const file = build.file;
  {
    const env = { FORMSTEAD_DATABASE_URL: db.url(`deliveries_one${build.db}`), FORMSTEAD_FILES_DIR: filesDir };
    const one = await startOne(9352, env, file);
    rows.push(await measure(`PostgreSQL, 1 instance${build.tag}`, [one], env.FORMSTEAD_DATABASE_URL, postmaster));
    one.child.kill('SIGKILL');
  }
  {
    const env = { FORMSTEAD_DATABASE_URL: db.url(`deliveries_two${build.db}`), FORMSTEAD_FILES_DIR: filesDir };
    const [a, b] = await Promise.all([startOne(9353, env, file), startOne(9354, env, file)]);
    rows.push(await measure(`PostgreSQL, 2 instances${build.tag}`, [a, b], env.FORMSTEAD_DATABASE_URL, postmaster));
    // The bundles go before the database, so they do not log its going away.
    a.child.kill('SIGKILL');
    b.child.kill('SIGKILL');
  }
}
await db.stop();
await receiver.close();

const base = rows[0].perSecond;
console.log(
  `webhook deliveries, a backlog of ${N} (20-field payloads) drained to an HTTPS receiver answering 200 at ` +
    `once; servers on core ${SERVER_CORE}, receiver on core ${LOAD_CORE}`,
);
console.log(`machine: ${cores} cores (os.availableParallelism())`);
for (const r of rows) {
  const cpu = r.pgCpu
    ? `CPU/delivery node ${r.nodeCpu.toFixed(0)} µs + PostgreSQL ${r.pgCpu.toFixed(0)} µs = ` +
      `${(r.nodeCpu + r.pgCpu).toFixed(0)} µs`
    : `CPU/delivery node ${r.nodeCpu.toFixed(0)} µs`;
  console.log(
    `  ${r.name.padEnd(35)} ${r.perSecond.toFixed(0).padStart(6)} deliveries/s   ratio ` +
      `${(r.perSecond / base).toFixed(2)}   ${cpu}   (receiver ${r.receiverCpu.toFixed(0)} µs)   load ` +
      `${r.load.toFixed(1)}`,
  );
  const once = r.requests === N && r.unique === N && r.missing === 0 && r.unsigned === 0;
  console.log(
    `  ${''.padEnd(35)} at the receiver: ${r.requests} requests for ${r.unique} of ${N} submissions, ` +
      `${r.missing} missing, ${r.requests - r.unique} duplicates, ${r.unsigned} unsigned or not 200: ` +
      `${once ? 'each delivered once' : 'NOT each once'}${r.states ? `; in the database: ${r.states}` : ''}`,
  );
  // BENCH_PG_STATEMENTS=1: where PostgreSQL's time went, per delivery (exec + plan time, not CPU alone).
  if (r.statements) for (const line of r.statements) console.log(`      ${line}`);
}
// This build's PostgreSQL CPU per delivery against the baseline's, setup by setup.
if (BASELINE)
  for (const setup of ['PostgreSQL, 1 instance', 'PostgreSQL, 2 instances']) {
    const base = rows.find((r) => r.name === `${setup} (baseline)`)!;
    const now = rows.find((r) => r.name === setup)!;
    const ratio = now.pgCpu / base.pgCpu;
    console.log(
      `  ${setup}: PostgreSQL CPU/delivery ${now.pgCpu.toFixed(0)} µs, baseline ${base.pgCpu.toFixed(0)} µs: ratio ` +
        `${ratio.toFixed(2)} (target ≤ ${PG_CPU_TARGET.toFixed(2)}); node ${now.nodeCpu.toFixed(0)} µs, baseline ` +
        `${base.nodeCpu.toFixed(0)} µs`,
    );
  }
process.exit(rows.every((r) => r.requests === N && r.unique === N && r.unsigned === 0) ? 0 : 1);
