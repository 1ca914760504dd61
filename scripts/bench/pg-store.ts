// Benchmarks the PostgreSQL store against the embedded one through the Store interface, on the
// submission write a respondent's POST makes (idempotency key, webhook delivery, cap and quota checked
// inside the write), 50 writers at once over 20 forms of one workspace:
//   acknowledged inserts/s of each, the ratio PostgreSQL / embedded, and the Node process's CPU per
//   insert (the part that scales with more instances; PostgreSQL's own CPU is on the server); then the
//   rate limits' take a submission makes (two buckets), on each store, against the insert.
// PostgreSQL is Debian's server started by test/helpers/postgres.ts with durable settings (every
// commit flushed, as the embedded store fsyncs its journal).
// Run: node --import tsx scripts/bench/pg-store.ts   (or npm run bench pg-store). BENCH_WRITES sets the count.
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { rm } from 'node:fs/promises';
import { formRecord } from '../../test/store/contract/fixtures.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { FormRecord, Store } from '../../server/core/store/types.ts';
import { startPostgres } from '../../test/helpers/postgres.ts';
import { tempDataDir } from '../../test/helpers/server.ts';

const WRITERS = 50;
const FORMS = 20;
const WRITES = Number(process.env.BENCH_WRITES ?? 5000);

/** About 500 bytes of answers, as a 20-field form sends them. */
const values = (i: number) =>
  Object.fromEntries(
    Array.from({ length: 20 }, (_, f) => [
      `field_${f}`,
      f % 4 === 0 ? `Some longer answer ${i} `.repeat(3) : `v${(i + f) % 97}`,
    ]),
  );

function benchForm(id: string, workspaceId: string): FormRecord {
  return formRecord({ id, workspaceId, title: id, webhookUrl: 'https://example.com/h', webhookSecret: 's' });
}

/** Inserts/s and Node CPU µs per insert for `WRITES` submissions through `store`. */
async function measure(store: Store): Promise<{ rate: number; cpuUs: number }> {
  const ws = { id: randomUUID(), name: 'bench', createdAt: new Date().toISOString() };
  await store.workspaces.create(ws);
  const forms = Array.from({ length: FORMS }, (_, i) => `form${i}`);
  for (const id of forms) await store.forms.create(benchForm(id, ws.id), '{}');
  let left = WRITES;
  let i = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (left-- > 0) {
        const n = i++;
        const id = randomUUID();
        const outcome = await store.submissions.insert({
          id,
          formId: forms[n % FORMS],
          workspaceId: ws.id,
          formVersion: 1,
          createdAt: new Date().toISOString(),
          values: values(n),
          hiddenChars: false,
          idempotency: { key: `k${n}`, bodyHash: 'h', status: 201, response: `{"id":"${id}"}` },
          formCap: 1_000_000,
          monthlyQuota: 1_000_000,
          delivery: {
            id: randomUUID(),
            payload: '{"type":"submission.created"}',
            nextAttemptAt: new Date().toISOString(),
          },
        });
        if (outcome.kind !== 'stored') throw new Error(`insert ${n}: ${outcome.kind}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { rate: WRITES / seconds, cpuUs: (used.user + used.system) / WRITES };
}

/**
 * Takes/s and Node CPU µs per take of a submission's rate limits (an address bucket and a form bucket, as
 * RateLimits.take sends them), `WRITES` takes by the same writers: the cost the shared limits add to a write.
 */
async function measureTakes(store: Store): Promise<{ rate: number; cpuUs: number }> {
  let left = WRITES;
  let i = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (left-- > 0) {
        const n = i++;
        const checks = [
          { bucket: 'submit-ip', key: `address-hash-${w}`, burst: 1e9, refillPerSecond: 1 },
          { bucket: 'submit-form', key: `form${n % FORMS}`, burst: 1e9, refillPerSecond: 1 },
        ];
        if (!(await store.rateBuckets.take(checks, Date.now())).ok) throw new Error(`take ${n} refused`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { rate: WRITES / seconds, cpuUs: (used.user + used.system) / WRITES };
}

const dir = await tempDataDir();
const embedded = await openSqlJsStore(dir, () => {});
const e = await measure(embedded);
const eTakes = await measureTakes(embedded);
await embedded.close();
await rm(dir, { recursive: true, force: true });

const server = await startPostgres({ durable: true });
const pg = await openPgStore(server.url(), () => {}, { poolSize: 20 });
const p = await measure(pg);
const pTakes = await measureTakes(pg);
await pg.close();
await server.stop();

const fmt = (n: number) => Math.round(n).toLocaleString('en');
console.log(
  `machine: ${cpus().length} cores; ${WRITES} inserts, ${WRITERS} writers, ${FORMS} forms; PostgreSQL on the ` +
    `same machine`,
);
console.log(`embedded (sql.js + journal fsync): ${fmt(e.rate)} inserts/s, Node CPU ${fmt(e.cpuUs)} µs per insert`);
console.log(
  `PostgreSQL (pool of 20, commits flushed): ${fmt(p.rate)} inserts/s, Node CPU ${fmt(p.cpuUs)} µs per insert`,
);
console.log(
  `ratio PostgreSQL / embedded: ${(p.rate / e.rate).toFixed(2)} (throughput), ` +
    `${(p.cpuUs / e.cpuUs).toFixed(2)} (Node CPU per insert)`,
);
console.log(
  `rate limits (2 buckets per take, as a submission): embedded ${fmt(eTakes.rate)} takes/s, ` +
    `${fmt(eTakes.cpuUs)} µs; PostgreSQL ${fmt(pTakes.rate)} takes/s, Node CPU ${fmt(pTakes.cpuUs)} µs per take`,
);
console.log(
  `ratio shared take / insert on PostgreSQL: ${(pTakes.rate / p.rate).toFixed(2)} (throughput; above 1 the ` +
    `limit is cheaper than the write it guards), ${(pTakes.cpuUs / p.cpuUs).toFixed(2)} (Node CPU)`,
);
