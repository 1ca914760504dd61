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

/**
 * Starts the server (every commit flushed, to compare with the embedded store's fsync), pinned, with `databases` made.
 */
export async function pinnedPostgres(databases: string[]) {
  const db = await startPostgres({ durable: true });
  const postmaster = Number(readFileSync(path.join(db.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  // Backends fork from the postmaster and inherit its affinity; -a also moves the ones already running.
  for (const pid of withChildren(postmaster))
    execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(pid)], { stdio: 'ignore' });
  const admin = new pg.Client({ connectionString: db.url() });
  await admin.connect();
  for (const name of databases) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { db, postmaster };
}
