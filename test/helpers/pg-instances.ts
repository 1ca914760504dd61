// Shared by the suites that run several real bundles on one real PostgreSQL database: the server with
// an empty `formstead` database, the environment every bundle starts with, and a bounded poll.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from './api.ts';
import { startPostgres, type PgServer } from './postgres.ts';
import { tempDataDir } from './server.ts';

/** A database several bundles share, as instances behind a load balancer. */
export interface SharedDatabase {
  db: PgServer;
  databaseUrl: string;
  /** Owner key, database URL and one files folder every instance mounts (each keeps its own, unused, data folder). */
  env: Record<string, string>;
  /** Queues, after the file's suites (uvu runs them in order), the server's stop and a check its folder is gone. */
  stopLast(): void;
}

/** Starts a PostgreSQL server and makes the empty `formstead` database the bundles will share. */
export async function sharedDatabase(): Promise<SharedDatabase> {
  const db = await startPostgres();
  const admin = new pg.Client({ connectionString: db.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE formstead');
  await admin.end();
  const databaseUrl = db.url('formstead');
  const filesDir = await tempDataDir();
  return {
    db,
    databaseUrl,
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_DATABASE_URL: databaseUrl, FORMSTEAD_FILES_DIR: filesDir },
    stopLast: () => {
      const stop = suite('postgres test server');
      stop('stops, and its folder is gone', async () => {
        await db.stop();
        assert.not.ok(existsSync(db.dir));
      });
      stop.run();
    },
  };
}

/** Polls `check` until it answers true; fails with `what` after `ms` (the promise of the feature under test). */
export async function within(ms: number, what: string, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.unreachable(`${what} (not within ${ms} ms)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
