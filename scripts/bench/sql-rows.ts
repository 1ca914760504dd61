// The sql.js rows of the ingest load, measured alone (docs/performance.md, "The sql.js rows, session 7"): the real
// schema (every sql.js migration), the write-behind statements of sqljs/submissions.ts and chain.ts, run as
// durable-memory.ts settles a turn's writes (one SAVEPOINT, multi-row INSERTs, the merged count, one COMMIT a
// batch), in batches of BATCH answers of the 20-field form the ingest benchmark posts. Each variant runs on its
// own scratch database, alternated over ROUNDS rounds; the table gives the median CPU µs a row of each phase
// and each variant's ratio against the first ("as now": what durable-memory.ts runs), measured in the same run; the
// second row is the statement shape before session 7 (16 + 8 + 1 rows for a batch of 25). Then the journal's
// record of one such submission (tx-record.ts, journal-format.ts) timed the same way.
// Run: npm run bench sql-rows   (BENCH_ROWS, BENCH_PREFILL, BENCH_BATCH, BENCH_ROUNDS change the sizes;
// BENCH_VARIANTS=<name>,<name> runs only those, the first being the one the others are divided by).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Database, SqlJsStatic } from 'sql.js';
import { sqlJsPatches } from '../sqljs-patches.mjs';
import { migrations } from '../../server/core/store/sqljs/migrations/index.ts';
import { configureConnection } from '../../server/lib/durable/journal-replay.ts';
import { loadSqlWasm } from '../../server/lib/durable/sql-wasm.ts';
import { runStatement, StatementCache } from '../../server/lib/durable/sql-statements.ts';
import { mergedSums } from '../../server/lib/durable/durable-memory.ts';
import { encodeBehind, encodeFramePayload, type JournalStatement } from '../../server/lib/durable/tx-record.ts';
import { encodeFrame, encodeFrameText } from '../../server/lib/durable/journal-format.ts';
import { newTimeOrderedRow } from '../../server/core/ids.ts';
import { ADD_TO_FORM_COUNT, ADD_TO_USAGE } from '../../server/core/store/sqljs/submissions.ts';
import { values } from './_ingest-form.ts';

type SqlValue = string | number | null | Uint8Array;
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
/** Rows already in the table before the timed ones, so the B-trees have their depth. */
const PREFILL = Number(process.env.BENCH_PREFILL ?? 10_000);
const FORM = 'form-bench-0000000000000000000000000';

const SUB_COLUMNS =
  'INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars, retain_from, extra, ' +
  'import_id, chain_pos) VALUES ';
const SUB_TUPLE = '(?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?)';
const SUB_TUPLE_TEXT = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const LINK_COLUMNS =
  'INSERT INTO answer_links (form_id, pos, kind, answer_id, at, reason, deleted_hash, digest, hash) VALUES ';
const LINK_TUPLE = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';
// What every answer written behind has: no import id; an answer link's kind, and no deletion's reason or hash.
const SUB_LITERALS = '(?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, NULL, ?)';
const LINK_LITERALS = "(?, ?, 'answer', ?, ?, NULL, NULL, ?, ?)";
const valuesJson = JSON.stringify(values);

interface Row {
  sub: SqlValue[];
  link: SqlValue[];
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** `n` answers as the write-behind insert binds them, from place `from` of the chain. */
function makeRows(n: number, from: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const { id, createdAt } = newTimeOrderedRow();
    const pos = from + i;
    return {
      sub: [id, FORM, 1, createdAt, valuesJson, 0, null, null, null, pos],
      link: [FORM, pos, 'answer', id, createdAt, null, null, hex(`d${pos}`), hex(`h${pos}`)],
    };
  });
}

interface Variant {
  name: string;
  /** Run on the scratch database before the schema (a page size must be set before the first table). */
  before?: string;
  /** Run on the scratch database after the schema: SQL, or a function. */
  setup?: string | ((db: Database) => void);
  /** One row a statement (as before session 5). */
  single?: boolean;
  /** Without the chain link's row. */
  noLinks?: boolean;
  /** Split a batch as session 6 did: 32, 16, 8 … rows a statement (25 rows: 16 + 8 + 1), not one of exactly 25. */
  split?: boolean;
  /** The constant columns as literals, not bound. */
  literals?: boolean;
  /** Answers a batch (a turn's writes behind), BATCH unless given. */
  batch?: number;
  /** `data` bound as the string it is (the bundle's bind writes it as UTF-8), not as its bytes under a CAST. */
  dataText?: boolean;
}

const variants: Variant[] = [
  { name: 'as now' },
  { name: 'data bound as a string', dataText: true },
  { name: 'split 16 + 8 + 1 (session 6)', split: true },
  { name: 'one row a statement', single: true },
  { name: 'constants as literals', literals: true },
  { name: 'batches of 10', batch: 10 },
  { name: 'batches of 100', batch: 100 },
  { name: 'batches of 400', batch: 400 },
  { name: 'no submissions_form_time', setup: 'DROP INDEX submissions_form_time' },
  { name: 'no submissions_form', setup: 'DROP INDEX submissions_form' },
  { name: 'no submissions_import', setup: 'DROP INDEX submissions_import' },
  {
    name: 'no index on id (UNIQUE)',
    setup: rebuildSubmissions((sql) => sql.replace('id TEXT NOT NULL UNIQUE', 'id TEXT NOT NULL')),
  },
  { name: 'no AUTOINCREMENT', setup: rebuildSubmissions((sql) => sql.replace(' AUTOINCREMENT', '')) },
  {
    name: 'answer_links WITHOUT ROWID',
    setup:
      'DROP TABLE answer_links; CREATE TABLE answer_links (form_id TEXT NOT NULL, pos INTEGER NOT NULL, ' +
      'kind TEXT NOT NULL, answer_id TEXT NOT NULL, at TEXT NOT NULL, reason TEXT, deleted_hash TEXT, ' +
      'digest TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (form_id, pos)) WITHOUT ROWID',
  },
  { name: 'no chain link row', noLinks: true },
  // Two controls: pragmas these inserts never use, so their spread from 1.00 is the run's noise.
  { name: 'secure_delete OFF', setup: 'PRAGMA secure_delete = OFF' },
  { name: 'foreign_keys OFF', setup: 'PRAGMA foreign_keys = OFF' },
  { name: 'cache_size 64 MB', setup: 'PRAGMA cache_size = -65536' },
  { name: 'temp_store MEMORY', setup: 'PRAGMA temp_store = MEMORY' },
  { name: 'page_size 8192', before: 'PRAGMA page_size = 8192' },
  { name: 'page_size 16384', before: 'PRAGMA page_size = 16384' },
];

/** A setup that recreates `submissions` (empty) from its CREATE text changed by `edit`, with its indexes. */
function rebuildSubmissions(edit: (sql: string) => string): (db: Database) => void {
  return (db) => {
    const table = db.exec("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'submissions'")[0]
      .values[0][0] as string;
    const indexes = db
      .exec("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'submissions' AND sql IS NOT NULL")[0]
      .values.map((r) => r[0] as string);
    db.exec(`DROP TABLE submissions; ${edit(table)}; ${indexes.join('; ')}`);
  };
}

/** sql.js with the bundle's rewrites (scripts/sqljs-patches.mjs: the file growth in place, the bound strings). */
async function bundledSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'formstead-sql-rows-'));
  try {
    const entry = path.join(dir, 'entry.cjs');
    writeFileSync(entry, `module.exports = require(${JSON.stringify(require.resolve('sql.js'))});`);
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      logLevel: 'silent',
      plugins: [sqlJsPatches()],
    });
    const file = path.join(dir, 'sql-js.cjs');
    writeFileSync(file, out.outputFiles[0].text);
    const init = require(file) as (o: { wasmBinary: ArrayBuffer }) => Promise<SqlJsStatic>;
    return await init({ wasmBinary: (await loadSqlWasm()).slice().buffer as ArrayBuffer });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const SQL = await bundledSqlJs();

function scratch(v: Variant): Database {
  const db = new SQL.Database();
  if (v.before) db.exec(v.before);
  configureConnection(db);
  for (const m of migrations) db.exec(m.up);
  if (typeof v.setup === 'function') v.setup(db);
  else if (v.setup) db.exec(v.setup);
  db.exec(
    'INSERT INTO forms (id, workspace_id, title, version, created_at) ' +
      `VALUES ('${FORM}', 'ws1', 'Bench', 1, '2026-11-29T00:00:00.000Z')`,
  );
  return db;
}

interface Phases {
  subs: number;
  links: number;
  sums: number;
  commit: number;
}

const texts = new Map<string, string>();
/** The text of an INSERT with `n` tuples, the same string each time (as durable-memory.ts rowsSql keeps them). */
function many(head: string, tuple: string, n: number): string {
  const key = `${n}${tuple}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = head + Array(n).fill(tuple).join(', ');
    texts.set(key, text);
  }
  return text;
}

/** Runs `rows` as durable-memory.ts runRows does: 32 rows a statement, then each smaller power of two. */
/** Runs `rows` as durable-memory.ts runRows does (32 rows a statement, then the rest), or as session 6 did. */
function insertRows(cache: StatementCache, head: string, tuple: string, rows: SqlValue[][], split = false): void {
  if (!split) {
    for (let i = 0; i < rows.length; i += 32) {
      const part = rows.slice(i, i + 32);
      runStatement(cache.get(many(head, tuple, part.length)), part.flat());
    }
    return;
  }
  let i = 0;
  for (let size = 32; size >= 1; size >>= 1) {
    for (; rows.length - i >= size; i += size)
      runStatement(cache.get(many(head, tuple, size)), rows.slice(i, i + size).flat());
  }
}

/** CPU time of this process so far, in ns (other processes on the machine do not count; its own threads do). */
function cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

/** Runs `rows` in batches of BATCH as durable-memory.ts settles a turn; answers CPU ns a row of each phase. */
function runBatches(cache: StatementCache, v: Variant, rows: Row[]): Phases {
  const t: Phases = { subs: 0, links: 0, sums: 0, commit: 0 };
  const n = v.batch ?? BATCH;
  for (let at = 0; at < rows.length; at += n) {
    const batch = rows.slice(at, at + n);
    let t0 = cpuNs();
    // As sqljs/submissions.ts insertBehind makes the row memory runs: `data` as its UTF-8 bytes, or as it is.
    const subs = batch.map((r) => {
      if (v.dataText) return r.sub;
      const bytes = r.sub.slice();
      bytes[4] = Buffer.from(r.sub[4] as string, 'utf8');
      return bytes;
    });
    const tuple = v.dataText ? SUB_TUPLE_TEXT : SUB_TUPLE;
    runStatement(cache.get('BEGIN'), []);
    runStatement(cache.get('SAVEPOINT behind'), []);
    if (v.single) for (const sub of subs) insertRows(cache, SUB_COLUMNS, tuple, [sub]);
    else if (v.literals)
      insertRows(
        cache,
        SUB_COLUMNS,
        SUB_LITERALS,
        subs.map((sub) => sub.filter((_, i) => i !== 8)),
      );
    else insertRows(cache, SUB_COLUMNS, tuple, subs, v.split);
    let t1 = cpuNs();
    t.subs += t1 - t0;
    t0 = t1;
    if (!v.noLinks) {
      if (v.single) for (const r of batch) insertRows(cache, LINK_COLUMNS, LINK_TUPLE, [r.link]);
      else if (v.literals)
        insertRows(
          cache,
          LINK_COLUMNS,
          LINK_LITERALS,
          batch.map((r) => r.link.filter((_, i) => i !== 2 && i !== 5 && i !== 6)),
        );
      else
        insertRows(
          cache,
          LINK_COLUMNS,
          LINK_TUPLE,
          batch.map((r) => r.link),
          v.split,
        );
    }
    t1 = cpuNs();
    t.links += t1 - t0;
    t0 = t1;
    runStatement(cache.get(ADD_TO_FORM_COUNT), [batch.length, FORM]);
    runStatement(cache.get(ADD_TO_USAGE), [batch.length, 'ws1', '2026-11']);
    runStatement(cache.get('RELEASE behind'), []);
    t1 = cpuNs();
    t.sums += t1 - t0;
    t0 = t1;
    runStatement(cache.get('COMMIT'), []);
    t.commit += cpuNs() - t0;
  }
  const per = (ns: number) => ns / rows.length / 1000;
  return { subs: per(t.subs), links: per(t.links), sums: per(t.sums), commit: per(t.commit) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const total = (p: Phases) => p.subs + p.links + p.sums + p.commit;

// BENCH_VARIANTS=name,name runs only those (say, under a profiler).
const only = process.env.BENCH_VARIANTS?.split(',');
const chosen = variants.filter((v) => !only || only.includes(v.name));
const results = new Map<string, Phases[]>();
// A warm-up round, not counted: V8 tiers sql.js's WebAssembly up while the first variant runs.
for (let round = -1; round < ROUNDS; round++) {
  for (const v of round < 0 ? chosen.slice(0, 1) : chosen) {
    const db = scratch(v);
    const cache = new StatementCache(db);
    runBatches(cache, v, makeRows(PREFILL, 1));
    const p = runBatches(cache, v, makeRows(ROWS, PREFILL + 1));
    cache.clear();
    db.close();
    if (round >= 0) results.set(v.name, [...(results.get(v.name) ?? []), p]);
  }
}

console.log(
  `sql.js rows: ${ROWS} answers after ${PREFILL}, batches of ${BATCH}, ${ROUNDS} rounds; ` +
    'median µs a row (sql.js as the bundle builds it)',
);
const base = median(results.get(chosen[0].name)!.map(total));
console.log('variant                        | submissions | link | count, usage | COMMIT | all   | ratio to the first');
for (const v of chosen) {
  const ps = results.get(v.name)!;
  const m = (k: keyof Phases) => median(ps.map((p) => p[k]));
  const all = median(ps.map(total));
  console.log(
    `${v.name.padEnd(30)} | ${m('subs').toFixed(2).padStart(11)} | ${m('links').toFixed(2).padStart(4)} | ${m('sums')
      .toFixed(2)
      .padStart(
        12,
      )} | ${m('commit').toFixed(2).padStart(6)} | ${all.toFixed(2).padStart(4)} | ${(all / base).toFixed(3)}`,
  );
}

// The journal's record of one submission written behind: its statements as submissions.ts hands them over.
{
  const rows = makeRows(BATCH * 200, 1);
  const records = rows.map((r) => {
    const sub = r.sub;
    const statements: JournalStatement[] = [
      [SUB_COLUMNS + SUB_TUPLE_TEXT, sub, 4],
      [LINK_COLUMNS + LINK_TUPLE, r.link],
      [ADD_TO_FORM_COUNT, [1, FORM]],
      [ADD_TO_USAGE, [1, 'ws1', '2026-11']],
    ];
    return statements;
  });
  // Alternated: the frame as journal.ts made it before session 7 (Buffer.from, then a copy into the frame), and now.
  const times: Record<'before' | 'now', number[]> = { before: [], now: [] };
  for (let round = 0; round < ROUNDS * 4; round++) {
    for (const way of ['before', 'now'] as const) {
      const t0 = cpuNs();
      for (let at = 0; at < records.length; at += BATCH) {
        const payload = encodeFramePayload(records.slice(at, at + BATCH).map(encodeBehind));
        if (way === 'now') encodeFrameText(payload);
        else encodeFrame(Buffer.from(payload));
      }
      times[way].push((cpuNs() - t0) / records.length / 1000);
    }
  }
  console.log(
    `journal record (encodeBehind, frame payload, UTF-8, CRC): ${median(times.now).toFixed(2)} µs a submission; ` +
      `framed as before session 7 ${median(times.before).toFixed(2)} ` +
      `(ratio now/before ${(median(times.now) / median(times.before)).toFixed(3)})`,
  );
}

// A turn's sums merged (durable-memory.ts mergedSums): keyed by the values, against the key string joining them that
// session 7 built for every sum (the form id and the workspace are fresh strings a request, as here).
{
  const sumKey = (sql: string, params: readonly SqlValue[]) => {
    let key = sql;
    for (let i = 1; i < params.length; i++) {
      const v = params[i];
      key +=
        typeof v === 'string'
          ? `\u0000s${v}`
          : typeof v === 'number'
            ? `\u0000d${v}`
            : v === null
              ? '\u0000n'
              : `\u0000b${Buffer.from(v).toString('base64')}`;
    }
    return key;
  };
  const joined = (writes: { sums: JournalStatement[] }[]) => {
    const merged = new Map<string, [string, SqlValue[]]>();
    for (const w of writes) {
      for (const [sql, params] of w.sums) {
        const key = sumKey(sql, params!);
        const m = merged.get(key);
        if (m) m[1][0] = (m[1][0] as number) + (params![0] as number);
        else merged.set(key, [sql, params!.slice()]);
      }
    }
    return [...merged.values()];
  };
  const turns = Array.from({ length: 4000 }, () =>
    Array.from({ length: BATCH }, () => ({
      rows: [],
      sums: [
        [ADD_TO_FORM_COUNT, [1, [FORM, ''].join('')]],
        [ADD_TO_USAGE, [1, ['ws', '1'].join(''), new Date(0).toISOString().slice(0, 7)]],
      ] as JournalStatement[],
    })),
  );
  const times: Record<'joined' | 'values', number[]> = { joined: [], values: [] };
  for (let round = 0; round < ROUNDS * 2; round++) {
    for (const way of ['joined', 'values'] as const) {
      const t0 = cpuNs();
      for (const writes of turns) (way === 'values' ? mergedSums : joined)(writes);
      times[way].push((cpuNs() - t0) / (turns.length * BATCH));
    }
  }
  console.log(
    `sums merged (a count and a usage a write): ${median(times.values).toFixed(0)} ns a write; keyed by a joined ` +
      `string ${median(times.joined).toFixed(0)} (ratio ${(median(times.values) / median(times.joined)).toFixed(3)})`,
  );
}
