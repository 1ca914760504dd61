// Scheduled job ticks on PostgreSQL: each cron job runs once per tick across instances.
import type { Store } from '../types.ts';
import { LockClass, type PgDatabase } from './db.ts';

/** The jobs part of the store. */
export function jobQueries(db: PgDatabase): Store['jobs'] {
  return {
    exclusive: (name, fn) =>
      // A transaction that holds an advisory lock until it ends, open while `fn` uses the pool: other
      // instances wait for the lock. A transaction-level lock, not a session one, because behind a
      // transaction-mode pooler the statements of one session may run on different server connections
      // (a session lock could outlive its unlock); an open transaction keeps one. If this process dies
      // meanwhile, the server rolls the transaction back and drops the lock.
      db.tx(async (tx) => {
        await tx.q('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LockClass.exclusive, name]);
        await fn();
      }),
    claimTick: async (name, tick) =>
      // One statement: the row lock of the upsert makes the other instances' claims of the same tick
      // wait, then find it taken (the WHERE) and change nothing. A row per job, so nothing to prune.
      (
        await db.q(
          `INSERT INTO job_ticks (job, tick) VALUES ($1, $2) ON CONFLICT (job) DO UPDATE SET tick = excluded.tick
            WHERE job_ticks.tick < excluded.tick`,
          [name, tick],
        )
      ).changes === 1,
  };
}
