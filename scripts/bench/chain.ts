// The answer chain's cost per stored answer on the embedded store (docs/performance.md "The answer
// chain"): CPU per insert through store.submissions.insert (the write-behind path a respondent's post
// takes; 50 inserts in flight, each acknowledged after its fsync), and the CPU of the chain's hashing alone
// for the same 20-field answer (canonical JSON, the digest and the link hash), measured in this run; the
// ratio is the share of an insert's CPU the hashing takes. With BENCH_BASE_TREE=<a checkout from before
// the chain> (e.g. `git worktree add /tmp/base c55cab2`, node_modules linked in), the same inserts on that
// tree's store run in alternation with this one's, three rounds each, and the ratio of the medians is
// printed: the whole insert's cost of the chain (hashing and the link row).
// Run: node --import tsx scripts/bench/chain.ts   (or npm run bench chain). BENCH_WRITES sets the count.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerDigest, linkHash } from '../../server/core/chain/links.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { Store } from '../../server/core/store/types.ts';
import { formRecord } from '../../test/store/contract/fixtures.ts';
import { values } from './_ingest-form.ts';

type Open = typeof openSqlJsStore;

const writes = Number(process.env.BENCH_WRITES ?? 20_000);
const inFlight = 50;
const createdAt = new Date().toISOString();
const FORM = 'bench-form';

/** `n` inserts, `inFlight` at once. */
async function inserts(store: Store, n: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) {
        next++;
        const outcome = await store.submissions.insert({
          id: randomUUID(),
          formId: FORM,
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
}

/** A fresh store of `open`'s code with one form, warmed up; then `writes` inserts: CPU µs each, inserts/s. */
async function insertRun(open: Open) {
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-chain-'));
  const store = await open(dir, () => {}, { snapshotIn: 'main' });
  await store.workspaces.create({ id: 'ws', name: 'Bench', createdAt });
  // A form with the store contract's defaults (claimed, no cap).
  await store.forms.create(formRecord({ id: FORM, workspaceId: 'ws' }), '{"id":"bench"}');
  await inserts(store, 2000);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await inserts(store, writes);
  const used = process.cpuUsage(cpu);
  const result = {
    perSecond: writes / ((performance.now() - started) / 1000),
    cpuUs: (used.user + used.system) / writes,
  };
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/** The chain's hashing for one answer, `n` times; CPU µs each. */
function hashRun(n: number) {
  const cpu = process.cpuUsage();
  let prev: string | null = null;
  for (let i = 0; i < n; i++) prev = linkHash('answer', answerDigest(FORM, randomUUID(), createdAt, values), prev);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

hashRun(2000); // warm-up
const insert = await insertRun(openSqlJsStore);
const hashing = hashRun(writes);
console.log(`answer chain, 20-field answer, ${writes} inserts on the embedded store (${inFlight} in flight)`);
console.log(
  `  store insert       ${insert.perSecond.toFixed(0).padStart(7)} inserts/s   ` +
    `CPU ${insert.cpuUs.toFixed(1)} µs each (the link row included)`,
);
console.log(`  chain hashing      CPU ${hashing.toFixed(1)} µs each (canonical JSON, digest, link hash)`);
console.log(`  ratio              ${(hashing / insert.cpuUs).toFixed(3)}  (hashing / insert CPU)`);

const baseTree = process.env.BENCH_BASE_TREE;
if (baseTree) {
  const base: Open = (await import(path.resolve(baseTree, 'server/core/store/sqljs/index.ts'))).openSqlJsStore;
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < 3; round++) {
    before.push((await insertRun(base)).cpuUs);
    after.push((await insertRun(openSqlJsStore)).cpuUs);
  }
  console.log(`before and after, 3 rounds in alternation (${baseTree} against this tree)`);
  console.log(`  before             CPU ${before.map((x) => x.toFixed(1)).join(', ')} µs per insert`);
  console.log(`  after              CPU ${after.map((x) => x.toFixed(1)).join(', ')} µs per insert`);
  console.log(`  ratio              ${(median(after) / median(before)).toFixed(2)}  (after / before, medians)`);
}
