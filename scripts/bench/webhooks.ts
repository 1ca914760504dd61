// Webhooks: deliveries per second from the bundle to a local HTTPS receiver while submissions pour in,
// and the p50 time from a submission's answer to its webhook arriving. Baseline, measured in this run:
// a bare Node https client on the same core sending the same signed payloads to the same receiver over
// kept-alive connections as the bundle does, with the bundle's concurrency per form (16).
// Targets: p50 under 50 ms; at least 1,000 deliveries per second.
// Run: node --import tsx scripts/bench/webhooks.ts   (or npm run bench webhooks). BENCH_DELIVERIES sets N.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOAD_CORE, OWNER_KEY, SERVER_CORE, startBundle } from './_http.ts';

const N = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const LATENCY_N = Number(process.env.BENCH_LATENCY_SUBMISSIONS ?? 2_000);
const LOAD_CONNECTIONS = 32;
const SEND_CONCURRENCY = 16;
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 500);

// This process is the load generator and the receiver: one clock for "answered" and "received".
spawnSync('taskset', ['-cp', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });

const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-webhooks-'));
const keyFile = path.join(dir, 'key.pem');
const caFile = path.join(dir, 'cert.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    caFile,
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ],
  { stdio: 'ignore' },
);

/** Arrival time (performance.now) of each submission id; arrivals counts every request, duplicates too. */
const arrived = new Map<string, number>();
let arrivals = 0;
const receiver = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    const id = req.headers['service-submission-id'] as string;
    if (!arrived.has(id)) arrived.set(id, performance.now());
    arrivals++;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as net.AddressInfo).port;

const values = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  company: 'Analytical Engines',
  topic: 'sales',
  message: 'I would like to know more about the product. '.repeat(4),
};
const definition = {
  id: 'bench',
  title: 'Bench',
  submit: { label: 'Send' },
  fields: Object.keys(values).map((key) => ({ key, type: key === 'email' ? 'email' : 'text', label: key })),
};

// ---- Baseline: a bare https client on the server core, same receiver, payloads and concurrency.
const sampleBody = JSON.stringify({
  type: 'submission.created',
  form_id: 'abcdefghij',
  submission_id: crypto.randomUUID(),
  form_version: 1,
  version: 1,
  values,
  created_at: new Date().toISOString(),
});
const baselinePath = path.join(dir, 'baseline.mjs');
writeFileSync(
  baselinePath,
  `import https from 'node:https';
import { createHmac, randomUUID } from 'node:crypto';
const [port, n, concurrency] = process.argv.slice(2).map(Number);
const template = ${JSON.stringify(sampleBody)};
let left = n;
const agent = new https.Agent({ keepAlive: true, timeout: 2000, maxFreeSockets: 64, scheduling: 'lifo' });
const one = () => new Promise((resolve) => {
  const id = randomUUID();
  const body = template.replace(/"submission_id":"[^"]+"/, '"submission_id":"' + id + '"');
  const t = Math.floor(Date.now() / 1000);
  const sig = createHmac('sha256', 'whsec_' + 'ab'.repeat(32)).update(t + '.' + body).digest('hex');
  const req = https.request({ host: '127.0.0.1', port, method: 'POST', path: '/hook', agent, headers: {
    'content-type': 'application/json', 'user-agent': 'Service-Webhooks/1',
    'service-signature': 't=' + t + ',v1=' + sig,
    'service-submission-id': id, 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume(); res.on('end', resolve);
  });
  req.on('error', resolve);
  req.end(body);
});
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => { while (left-- > 0) await one(); }));
console.log(JSON.stringify({ perSecond: n / ((performance.now() - started) / 1000) }));
agent.destroy();`,
);
const baselineN = Math.min(N, 10_000);
// Run asynchronously: this process is the receiver and must keep answering meanwhile.
const baseline = await runBaseline(baselineN);
arrived.clear();
arrivals = 0;

// ---- The bundle on the server core, sending to the same receiver.
const server = await startBundle(9311, {
  FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: '1',
  NODE_EXTRA_CA_CERTS: caFile,
  ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` } : {}),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD_CONNECTIONS });
const api = (method: string, pathname: string, body: unknown, key?: string) =>
  new Promise<{ status: number; json: any }>((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: 9311,
        method,
        path: pathname,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
const formId = (await api('POST', '/v1/forms', { definition }, OWNER_KEY)).json.form_id as string;
const patched = await api(
  'PATCH',
  `/v1/forms/${formId}`,
  { webhook_url: `https://127.0.0.1:${receiverPort}/hook` },
  OWNER_KEY,
);
if (patched.status !== 200) throw new Error(`PATCH: ${JSON.stringify(patched.json)}`);
const body = { values };

/** Posts `count` submissions over `connections` keep-alive connections; answers each id's answer time. */
async function load(count: number, connections: number): Promise<{ answered: Map<string, number>; seconds: number }> {
  const answered = new Map<string, number>();
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (left-- > 0) {
        const r = await api('POST', `/v1/f/${formId}`, body);
        if (r.status !== 201) throw new Error(`submit answered ${r.status}`);
        answered.set(r.json.id, performance.now());
      }
    }),
  );
  return { answered, seconds: (performance.now() - started) / 1000 };
}

async function allArrived(ids: Iterable<string>, limitMs = 120_000) {
  const deadline = Date.now() + limitMs;
  for (const id of ids) {
    while (!arrived.has(id)) {
      if (Date.now() > deadline) throw new Error('deliveries did not all arrive');
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

await load(500, 8); // warm-up
await allArrived([]);
await new Promise((r) => setTimeout(r, 500));

// Throughput: submissions as fast as the bundle takes them; deliveries counted until the last arrives.
const throughputStart = performance.now();
const burst = await load(N, LOAD_CONNECTIONS);
await allArrived(burst.answered.keys());
const times = [...burst.answered.keys()].map((id) => arrived.get(id)!);
const lastArrival = Math.max(...times);
const deliveriesPerSecond = N / ((lastArrival - throughputStart) / 1000);

const ingestEnd = throughputStart + burst.seconds * 1000;
const drained = times.filter((t) => t > ingestEnd).length;
const drainPerSecond = drained / ((lastArrival - ingestEnd) / 1000);

// Latency: answer → arrival per submission, first a light closed loop (4 connections), then an open
// loop paced at PACED_RATE submissions per second.
await new Promise((r) => setTimeout(r, 500));
const light = await load(LATENCY_N, 4);
await allArrived(light.answered.keys());
const lightLag = lags(light.answered);
await new Promise((r) => setTimeout(r, 500));
const paced = await pacedLoad(PACED_RATE, LATENCY_N);
await allArrived(paced.keys());
const pacedLag = lags(paced);
const duplicates = arrivals - arrived.size;

server.child.kill('SIGTERM');
receiver.close();
agent.destroy();

console.log(
  `webhooks, ${SEND_CONCURRENCY} deliveries in flight per form over kept-alive TLS connections, server on ` +
    `core ${SERVER_CORE}`,
);
console.log(
  `  bare https client     ${baseline.toFixed(0).padStart(7)} deliveries/s   (${baselineN} signed POSTs, no ` +
    `store, no ingest)`,
);
console.log(
  `  formstead             ${deliveriesPerSecond.toFixed(0).padStart(7)} deliveries/s   (${N} submissions at ` +
    `${(N / burst.seconds).toFixed(0)}/s over ${LOAD_CONNECTIONS} connections, each stored and then ` +
    `delivered; target ≥ 1000)`,
);
console.log(
  `  ratio                 ${(deliveriesPerSecond / baseline).toFixed(2)} with ingest, ` +
    `${(drainPerSecond / baseline).toFixed(2)} sending alone (drain)`,
);
const drainLine =
  drained > N / 10
    ? `${drainPerSecond.toFixed(0).padStart(7)} deliveries/s   (the ${drained} still queued when the submissions ` +
      'stopped, sending alone)'
    : '      - (little was queued when the submissions stopped)';
console.log(`  drain                 ${drainLine}`);
console.log(
  `  answer → webhook      p50 ${pct(lightLag, 50)} ms   p90 ${pct(lightLag, 90)} ms   p99 ` +
    `${pct(lightLag, 99)} ms   (${LATENCY_N} submissions over 4 connections; target p50 < 50 ms)`,
);
console.log(
  `  answer → webhook      p50 ${pct(pacedLag, 50)} ms   p90 ${pct(pacedLag, 90)} ms   p99 ` +
    `${pct(pacedLag, 99)} ms   (${LATENCY_N} submissions paced at ${PACED_RATE}/s)`,
);
console.log(`  duplicates            ${duplicates}`);
process.exit(0);

/** Milliseconds from each answer to its webhook's arrival, sorted. */
function lags(answered: Map<string, number>): number[] {
  return [...answered].map(([id, at]) => arrived.get(id)! - at).sort((a, b) => a - b);
}

/** The p-th percentile of sorted values, as text with one decimal. */
function pct(sorted: number[], p: number): string {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

/** Posts `count` submissions at `rate` per second whatever the answers take (open loop). */
async function pacedLoad(rate: number, count: number): Promise<Map<string, number>> {
  const answered = new Map<string, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      api('POST', `/v1/f/${formId}`, body).then((r) => {
        if (r.status !== 201) throw new Error(`submit answered ${r.status}`);
        answered.set(r.json.id, performance.now());
      }),
    );
  }
  await Promise.all(inFlight);
  return answered;
}

/** Runs the baseline client pinned to the server core while this process keeps answering as the receiver. */
function runBaseline(n: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      ['-c', SERVER_CORE, process.execPath, baselinePath, String(receiverPort), String(n), String(SEND_CONCURRENCY)],
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out).perSecond) : reject(new Error(`baseline exited ${code}`)),
    );
  });
}
