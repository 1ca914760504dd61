// The answers summary of a form with 1,000,000 answers (issue 34: "under a second on the embedded store and
// on PostgreSQL"), on both stores: the first summary (every answer counted from the chain), then the summary
// after one more answer (what an owner opening the overview gets: the new answer counted, the rest summed),
// and one of a week's range; against the baseline of reading every answer once (store.submissions.iterate:
// what any summary that reads the answers costs at least), measured in the same run. Each summary is checked
// against the figures the seeded answers must give, so a fast wrong answer fails the bench.
// Run: npm run bench summary   (BENCH_SUMMARY_ANSWERS sets the count; BENCH_SUMMARY_STORES=embedded|pg one store)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DefinitionCache } from '../../server/core/definitions.ts';
import { QuestionSummaries } from '../../server/core/stats/question-summary.ts';
import { openPgStore } from '../../server/core/store/pg/index.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { FormRecord, Store } from '../../server/core/store/types.ts';
import { formRecord } from '../../test/store/contract/fixtures.ts';
import { pinnedPostgres, skipWithoutPostgres } from './_pg.ts';

const answers = Number(process.env.BENCH_SUMMARY_ANSWERS ?? 1_000_000);
const stores = (process.env.BENCH_SUMMARY_STORES ?? 'embedded,pg').split(',');
const FORM = 'bench-summary';
const COLUMNS = ['bad', 'ok', 'good'];
const PLANS = ['free', 'pro', 'team'];
const DAYS = 28;

const definition = {
  id: 'survey',
  title: 'Survey',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'nps', type: 'nps', label: 'Recommend us' },
    { key: 'stars', type: 'rating', label: 'Stars' },
    { key: 'size', type: 'number', label: 'Team size' },
    { key: 'plan', type: 'radio', label: 'Plan', options: PLANS.map((p) => ({ value: p, label: p })) },
    {
      key: 'grid',
      type: 'matrix',
      label: 'Service',
      matrix: {
        rows: [
          { value: 'speed', label: 'Speed' },
          { value: 'taste', label: 'Taste' },
        ],
        columns: COLUMNS.map((c) => ({ value: c, label: c })),
      },
    },
  ],
};

/** Milliseconds between two answers: the answers spread evenly over DAYS days of November 2026, as they arrive. */
const GAP_MS = (DAYS * 86_400_000) / answers;
/** Answer `i`'s time. */
const createdAt = (i: number) => new Date(Date.UTC(2026, 10, 1) + Math.floor(i * GAP_MS)).toISOString();
/** Answer `i`'s values (the PostgreSQL seed builds the same in SQL). */
const valuesOf = (i: number) => ({
  name: `Person ${i}`,
  nps: i % 11,
  stars: 1 + (i % 5),
  size: i % 100,
  plan: PLANS[i % 3],
  grid: { speed: COLUMNS[i % 3], taste: COLUMNS[Math.floor(i / 3) % 3] },
});

/** What the summary of answers 0..n-1 must say (nps counts, the plan counts, the mean size). */
function expected(n: number) {
  const count = (pred: (i: number) => boolean) => {
    let c = 0;
    for (let i = 0; i < n; i++) if (pred(i)) c++;
    return c;
  };
  return {
    total: n,
    promoters: count((i) => i % 11 >= 9),
    detractors: count((i) => i % 11 <= 6),
    pro: count((i) => i % 3 === 1),
  };
}

function check(what: string, summary: Awaited<ReturnType<QuestionSummaries['summarize']>>, n: number) {
  const want = expected(n);
  const nps = summary.questions.find((q) => q.key === 'nps');
  const plan = summary.questions.find((q) => q.key === 'plan');
  const got = {
    total: summary.total,
    promoters: nps?.kind === 'number' ? nps.nps?.promoters : -1,
    detractors: nps?.kind === 'number' ? nps.nps?.detractors : -1,
    pro: plan?.kind === 'choice' ? plan.options.find((o) => o.value === 'pro')?.count : -1,
  };
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(`${what}: the summary says ${JSON.stringify(got)}, the answers ${JSON.stringify(want)}`);
}

/** Seeds the embedded store through store.submissions.insert (each answer linked in its chain), 200 in flight. */
async function seedEmbedded(store: Store) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (next < answers) {
        const i = next++;
        const values = valuesOf(i);
        const outcome = await store.submissions.insert({
          id: randomUUID(),
          formId: FORM,
          workspaceId: 'ws',
          formVersion: 1,
          createdAt: createdAt(i),
          values,
          valuesJson: JSON.stringify(values),
          hiddenChars: false,
        });
        if (outcome.kind !== 'stored') throw new Error(outcome.kind);
      }
    }),
  );
}

/**
 * Seeds PostgreSQL in SQL (a million inserts through the store would take the bench's hour): the same values
 * and times, and an answer link each (the count reads the chain; its hashes are not checked by a summary).
 */
async function seedPg(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const at =
    `to_char(timestamp '2026-11-01' + floor(i::float8 * ${GAP_MS}) * interval '1 ms', ` +
    `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const pick = (list: string[], index: string) => `(ARRAY[${list.map((v) => `'${v}'`).join(',')}])[1 + ${index}]`;
  await client.query(
    `INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars)
     SELECT 'seed-' || i, $1, 1, ${at}, json_build_object('name', 'Person ' || i, 'nps', i % 11, 'stars', 1 + i % 5,
       'size', i % 100, 'plan', ${pick(PLANS, 'i % 3')}, 'grid', json_build_object('speed', ${pick(COLUMNS, 'i % 3')},
       'taste', ${pick(COLUMNS, '(i / 3) % 3')}))::text, false
     FROM generate_series(0, $2 - 1) i`,
    [FORM, answers],
  );
  await client.query(
    `INSERT INTO answer_links (form_id, pos, kind, answer_id, at, digest, hash)
     SELECT $1, i + 1, 'answer', 'seed-' || i, ${at}, 'seed', 'seed' FROM generate_series(0, $2 - 1) i`,
    [FORM, answers],
  );
  await client.query('ANALYZE');
  await client.end();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(3).padStart(8)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

/** The figures on one store, seeded by `seed`. */
async function measure(name: string, store: Store, seed: () => Promise<void>) {
  await store.workspaces.create({ id: 'ws', name: 'Bench', createdAt: createdAt(0) });
  const form: FormRecord = formRecord({ id: FORM, workspaceId: 'ws' });
  await store.forms.create(form, JSON.stringify(definition));
  const [, seeded] = await timed(seed);
  const [, baseline] = await timed(async () => {
    let n = 0;
    for await (const _ of store.submissions.iterate(FORM, 1000)) n++;
    if (n !== answers) throw new Error(`read ${n} answers of ${answers}`);
  });
  const summaries = new QuestionSummaries(store, new DefinitionCache(store));
  const [first, counted] = await timed(() => summaries.summarize(form));
  check('first summary', first, answers);
  const one = valuesOf(answers);
  await store.submissions.insert({
    id: randomUUID(),
    formId: FORM,
    workspaceId: 'ws',
    formVersion: 1,
    createdAt: createdAt(answers),
    values: one,
    valuesJson: JSON.stringify(one),
    hiddenChars: false,
  });
  const [warm, warmMs] = await timed(() => summaries.summarize(form));
  check('summary after one more answer', warm, answers + 1);
  const [week, weekMs] = await timed(() => summaries.summarize(form, { from: '2026-11-01', to: '2026-11-07' }));
  if (week.total <= 0 || week.total >= warm.total) throw new Error(`a week's summary counted ${week.total}`);
  console.log(`${name}: ${answers.toLocaleString('en')} answers (seeded in ${(seeded / 1000).toFixed(1)} s)`);
  console.log(`  baseline: every answer read once     ${seconds(baseline)}`);
  console.log(
    `  first summary (all counted)          ${seconds(counted)}   ${(counted / baseline).toFixed(2)}x the baseline`,
  );
  console.log(
    `  summary after one more answer        ${seconds(warmMs)}   ${(warmMs / baseline).toFixed(4)}x the baseline` +
      `   ${warmMs < 1000 ? 'under' : 'OVER'} the 1 s target`,
  );
  console.log(`  summary of one week (${week.total.toLocaleString('en')})          ${seconds(weekMs)}`);
  return warmMs < 1000;
}

let met = true;
if (stores.includes('embedded')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'formstead-bench-summary-'));
  const store = await openSqlJsStore(dir, () => {}, { snapshotIn: 'main' });
  try {
    met = (await measure('embedded store', store, () => seedEmbedded(store))) && met;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (stores.includes('pg')) {
  skipWithoutPostgres();
  const { db } = await pinnedPostgres(['summary']);
  const store = await openPgStore(db.url('summary'));
  try {
    met = (await measure('PostgreSQL', store, () => seedPg(db.url('summary')))) && met;
  } finally {
    await store.close();
    await db.stop();
  }
}
process.exit(met ? 0 : 1);
