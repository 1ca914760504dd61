// The answer chain's cost per stored answer on the embedded store (docs/performance.md "The answer
// chain"): CPU per insert through store.submissions.insert (the write-behind path a respondent's post
// takes; 50 inserts in flight, each acknowledged after its fsync), and the CPU of the chain's hashing alone
// for the same 20-field answer (canonical JSON, the digest and the link hash), measured in this run; the
// ratio is the share of an insert's CPU the hashing takes. The extra row (answer_links) is in the insert's
// figure; `npm run bench ingest` before and after the change gives the whole request's.
// Run: node --import tsx scripts/bench/chain.ts   (or npm run bench chain). BENCH_WRITES sets the count.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerDigest, linkHash } from '../../server/core/chain/links.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { formRecord } from '../../test/store/contract/fixtures.ts';
import { values } from './_ingest-form.ts';

const writes = Number(process.env.BENCH_WRITES ?? 20_000);
const inFlight = 50;
const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-chain-'));
const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
const createdAt = new Date().toISOString();
await store.workspaces.create({ id: 'ws', name: 'Bench', createdAt });
// A form with the store contract's defaults (claimed, no cap).
const form = formRecord({ id: 'bench-form', workspaceId: 'ws' });
await store.forms.create(form, '{"id":"bench"}');

/** `n` inserts, `inFlight` at once; CPU µs per insert and inserts per second. */
async function insertRun(n: number) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) {
        next++;
        const id = randomUUID();
        const outcome = await store.submissions.insert({
          id,
          formId: form.id,
          workspaceId: 'ws',
          formVersion: 1,
          createdAt: new Date().toISOString(),
          values,
          valuesJson: JSON.stringify(values),
          hiddenChars: false,
        });
        if (outcome.kind !== 'stored') throw new Error(outcome.kind);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { perSecond: n / ((performance.now() - started) / 1000), cpuUs: (used.user + used.system) / n };
}

/** The chain's hashing for one answer, `n` times; CPU µs each. */
function hashRun(n: number) {
  const cpu = process.cpuUsage();
  let prev: string | null = null;
  for (let i = 0; i < n; i++) {
    const digest = answerDigest(form.id, randomUUID(), createdAt, values);
    prev = linkHash('answer', digest, prev);
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
}

await insertRun(2000); // warm-up
hashRun(2000);
const insert = await insertRun(writes);
const hashing = hashRun(writes);
console.log(`answer chain, 20-field answer, ${writes} inserts on the embedded store (${inFlight} in flight)`);
console.log(
  `  store insert       ${insert.perSecond.toFixed(0).padStart(7)} inserts/s   CPU ${insert.cpuUs.toFixed(1)} µs each ` +
    '(the link row included)',
);
console.log(`  chain hashing      CPU ${hashing.toFixed(1)} µs each (canonical JSON, digest, link hash)`);
console.log(`  ratio              ${(hashing / insert.cpuUs).toFixed(3)}  (hashing / insert CPU)`);
const links = await store.chain.head(form.id);
if (links?.pos !== writes + 2000) throw new Error(`expected ${writes + 2000} links, found ${links?.pos}`);
await store.close();
await rm(dir, { recursive: true, force: true });
