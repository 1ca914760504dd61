// Benchmarks `formstead migrate` (the bundle) on a data folder of BENCH_SUBMISSIONS submissions (about
// 500 bytes of answers each, as a 20-field form sends) into PostgreSQL with durable settings, against
// a baseline measured in the same run: the same rows, already in memory, inserted by a bare client in
// one transaction with the same batch size. The ratio is what loading the folder, planning, converting
// and checking every row cost on top of the writes themselves. A rerun (nothing to add) is timed too.
// Run: node scripts/build.mjs && node --import tsx scripts/bench/migrate.ts   (or npm run bench migrate).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrations } from '../../server/core/store/sqljs/migrations/index.ts';
import { DurableDatabase } from '../../server/lib/durable/durable-db.ts';
import { adminQuery, startPostgres } from '../../test/helpers/postgres.ts';
import { bundlePath, tempDataDir } from '../../test/helpers/server.ts';

const N = Number(process.env.BENCH_SUBMISSIONS ?? 50_000);
const BATCH = 500;

const answers = (i: number) =>
  JSON.stringify(
    Object.fromEntries(
      Array.from({ length: 20 }, (_, f) => [
        `field_${f}`,
        f % 4 === 0 ? `Some longer answer ${i} `.repeat(3) : `v${(i + f) % 97}`,
      ]),
    ),
  );
const now = new Date().toISOString();
const rows = Array.from(
  { length: N },
  (_, i) => [i + 1, randomUUID(), 'form000001', 1, now, answers(i), false] as const,
);

// The data folder: written through the durable database (journal, then the final snapshot).
const dataDir = await tempDataDir();
const folder = await DurableDatabase.open({ dir: dataDir, migrations, log: () => {}, snapshotIn: 'main' });
await folder.write((tx) => {
  tx.run("INSERT INTO meta (key, value) VALUES ('instance_secret', ?)", [randomUUID()]);
  tx.run("INSERT INTO workspaces (id, name, created_at) VALUES ('w1', 'Default workspace', ?)", [now]);
  tx.run(
    "INSERT INTO forms (id, workspace_id, title, version, created_at) VALUES ('form000001', 'w1', 'Bench', 1, ?)",
    [now],
  );
});
for (let from = 0; from < N; from += 5000) {
  await folder.write((tx) => {
    for (const r of rows.slice(from, from + 5000)) {
      tx.run(
        'INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars) VALUES (?, ?, ?, ?, ?, 0)',
        [r[1], r[2], r[3], r[4], r[5]],
      );
    }
  });
}
await folder.close();

const server = await startPostgres({ durable: true });
await adminQuery(server, 'CREATE DATABASE baseline');
await adminQuery(server, 'CREATE DATABASE migrated');

/** The baseline: the same rows into an empty submissions table, batched, one transaction. */
async function bareInsert(): Promise<number> {
  const client = new pg.Client({ connectionString: server.url('baseline') });
  await client.connect();
  await client.query(
    'CREATE TABLE submissions (seq BIGSERIAL PRIMARY KEY, id TEXT COLLATE "C" NOT NULL UNIQUE, form_id TEXT ' +
      'COLLATE "C" NOT NULL, form_version INTEGER NOT NULL, created_at TEXT COLLATE "C" NOT NULL, data TEXT ' +
      'COLLATE "C" NOT NULL, hidden_chars BOOLEAN NOT NULL)',
  );
  await client.query('CREATE INDEX ON submissions (form_id, seq)');
  await client.query('CREATE INDEX ON submissions (form_id, created_at)');
  const started = performance.now();
  await client.query('BEGIN');
  for (let from = 0; from < N; from += BATCH) {
    const params: unknown[] = [];
    const tuples = rows.slice(from, from + BATCH).map(
      (r) =>
        `(${r
          .map((v) => {
            params.push(v);
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    await client.query(
      `INSERT INTO submissions (seq, id, form_id, form_version, created_at, data, hidden_chars) VALUES ` +
        `${tuples.join(', ')} ON CONFLICT DO NOTHING`,
      params,
    );
  }
  await client.query('COMMIT');
  const ms = performance.now() - started;
  await client.end();
  return ms;
}

/** One run of the bundle's migrate, in ms. */
function migrateOnce(): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [bundlePath, 'migrate', '--data', dataDir, '--to', server.url('migrated')], {
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`migrate failed:\n${r.stdout}${r.stderr}`);
  if (!new RegExp(`^ {2}submissions +${N} +${N} `, 'm').test(r.stdout))
    throw new Error(`unexpected counts:\n${r.stdout}`);
  return ms;
}

try {
  const baseline = await bareInsert();
  const first = migrateOnce();
  const rerun = migrateOnce();
  const perSec = (ms: number) => Math.round(N / (ms / 1000)).toLocaleString('en');
  console.log(`${N.toLocaleString('en')} submissions, PostgreSQL with every commit flushed`);
  console.log(
    `baseline, bare batched INSERT of rows in memory: ${Math.round(baseline)} ms (${perSec(baseline)} rows/s)`,
  );
  console.log(
    `formstead migrate (process start, load, copy, check): ${Math.round(first)} ms (${perSec(first)} rows/s), ` +
      `${(first / baseline).toFixed(2)}x the baseline`,
  );
  console.log(
    `formstead migrate again (nothing to add): ${Math.round(rerun)} ms, ${(rerun / baseline).toFixed(2)}x the baseline`,
  );
} finally {
  await server.stop();
}
