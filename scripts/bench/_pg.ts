// PostgreSQL for the benchmarks: Debian's server (test/helpers/postgres.ts) with its durable defaults,
// every one of its processes pinned to the server core beside the bundles, and empty databases made.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir, startPostgres } from '../../test/helpers/postgres.ts';
import { SERVER_CORE } from './_http.ts';
import { withChildren } from './_proc.ts';

/** Exits with a notice (status 0: a skip, not a failure) when PostgreSQL's server binaries are missing. */
export function skipWithoutPostgres() {
  try {
    postgresBinDir();
  } catch (err) {
    console.log(`skipped: ${(err as Error).message}`);
    process.exit(0);
  }
}

/** BENCH_PG_STATEMENTS=1: the server loads pg_stat_statements (statements inside functions too), to profile. */
export const STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
const STATEMENTS_OPTIONS = [
  '-c shared_preload_libraries=pg_stat_statements',
  '-c pg_stat_statements.track=all',
  '-c track_io_timing=on',
];

/**
 * What pg_stat_statements saw in `url`'s database since its last reset: the `top` statements by total
 * time, each with its calls and time per `per` (a delivery, a submission), one line each.
 */
export async function statementsReport(url: string, per: number, top = 12): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT calls, total_exec_time + total_plan_time AS ms, toplevel, regexp_replace(query, '\\s+', ' ', 'g') AS q
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
    [top],
  );
  await client.end();
  return rows.map(
    (r) =>
      `${((r.ms * 1000) / per).toFixed(0).padStart(6)} µs  ${(r.calls / per).toFixed(2).padStart(5)} calls  ` +
      `${r.toplevel ? 'top ' : 'nest'}  ${String(r.q).slice(0, 110)}`,
  );
}

/** Empties pg_stat_statements (all databases), so the next report covers what runs from here. */
export async function resetStatements(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SELECT pg_stat_statements_reset()');
  await client.end();
}

/**
 * Starts the server (every commit flushed, to compare with the embedded store's fsync), pinned, with `databases` made.
 */
export async function pinnedPostgres(databases: string[]) {
  const db = await startPostgres({ durable: true, options: STATEMENTS ? STATEMENTS_OPTIONS : [] });
  const postmaster = Number(readFileSync(path.join(db.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  // Backends fork from the postmaster and inherit its affinity; -a also moves the ones already running.
  for (const pid of withChildren(postmaster))
    execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(pid)], { stdio: 'ignore' });
  const admin = new pg.Client({ connectionString: db.url() });
  await admin.connect();
  for (const name of databases) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  if (STATEMENTS)
    for (const name of databases) {
      const client = new pg.Client({ connectionString: db.url(name) });
      await client.connect();
      await client.query('CREATE EXTENSION pg_stat_statements');
      await client.end();
    }
  return { db, postmaster };
}
