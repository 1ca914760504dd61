// sql.js's in-memory file growing past 64, 128 and 256 MB: the longest commit near each crossing (the event loop is
// held for it) and the process's RSS at the end, with the bundle's growth in place (scripts/sqljs-patches.mjs)
// against the same build with no room (growMax 0: the copying growth, doubling to 1 GB, as before). Each build
// runs in a child process of its own (RSS), A and B alternated BENCH_ROUNDS times (default 2).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPatchedSqlJs, loadSqlJsFrom } from '../sqljs-patched.ts';

/** Where the database's size is looked at: the copying growth doubles there (from 1 MB: 64, 128, 256 MB). */
const CROSSINGS_MB = [64, 128, 256];
/** How far past the last crossing the database is grown. */
const UP_TO_MB = 280;
/** Rows a transaction (one commit): ~100 KB, about a turn's batch of submissions under load. */
const ROWS_A_COMMIT = 100;

/** The child: grows a database with the sql.js build at argv[3]; prints its figures as JSON. */
async function child(file: string) {
  const SQL = await loadSqlJsFrom(file);
  const db = new SQL.Database();
  db.exec('PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE; PRAGMA synchronous = OFF;');
  db.run('CREATE TABLE t (n INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (n, body) VALUES (?, ?)');
  const body = 'x'.repeat(1000);
  const commits: { mb: number; ms: number }[] = [];
  let n = 0;
  for (let mb = 0; mb < UP_TO_MB; ) {
    const from = performance.now();
    db.run('BEGIN');
    for (let i = 0; i < ROWS_A_COMMIT; i++, n++) insert.run([n, body]);
    db.run('COMMIT');
    const ms = performance.now() - from;
    mb = ((db.exec('PRAGMA page_count')[0].values[0][0] as number) * 4096) / 1048576;
    commits.push({ mb, ms });
  }
  insert.free();
  const sorted = commits.map((c) => c.ms).sort((a, b) => a - b);
  const near = (at: number) => Math.max(...commits.filter((c) => Math.abs(c.mb - at) < 2).map((c) => c.ms));
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  console.log(
    JSON.stringify({
      crossings: CROSSINGS_MB.map(near),
      median: sorted[sorted.length >> 1],
      rssMb: process.memoryUsage().rss / 1048576,
      peakMb: Number(hwm) / 1024,
    }),
  );
  db.close();
}

type Figures = { crossings: number[]; median: number; rssMb: number; peakMb: number };

/** Runs one child on `file`; answers its figures. */
function run(file: string): Figures {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', file], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
}

const f1 = (x: number) => x.toFixed(1);

if (process.argv[2] === 'child') await child(process.argv[3]);
else {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-file-growth-'));
  try {
    const inPlace = await buildPatchedSqlJs(dir, 'in-place.cjs');
    const copying = await buildPatchedSqlJs(dir, 'copying.cjs', { growMax: 0 });
    const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
    const got: Record<string, Figures[]> = { 'A in place': [], 'B copying': [] };
    for (let i = 0; i < rounds; i++) {
      for (const [label, file] of [
        ['A in place', inPlace],
        ['B copying', copying],
      ] as const) {
        const f = run(file);
        got[label].push(f);
        console.log(
          `${label}: longest commit at ${CROSSINGS_MB.join('/')} MB ${f.crossings.map(f1).join(' / ')} ms ` +
            `(median commit ${f1(f.median)} ms), RSS at the end ${f1(f.rssMb)} MB (peak ${f1(f.peakMb)})`,
        );
      }
    }
    const worst = (fs: Figures[]) => Math.max(...fs.flatMap((f) => f.crossings));
    const rss = (fs: Figures[]) => Math.max(...fs.map((f) => f.rssMb));
    const [a, b] = [got['A in place'], got['B copying']];
    console.log(
      `longest commit at a crossing B/A ${f1(worst(b) / worst(a))} (${f1(worst(b))} / ${f1(worst(a))} ms); ` +
        `RSS at the end A/B ${(rss(a) / rss(b)).toFixed(2)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
