// Scheduled job ticks on PostgreSQL: each cron job runs once per tick across instances.
import type { Store } from '../types.ts';
import { LockClass, type PgDatabase } from './db.ts';

/** The jobs part of the store. */
export function jobQueries(db: PgDatabase): Store['jobs'] {
  return {
    exclusive: (name, fn) =>
      // A session advisory lock on a connection of its own, held while `fn` uses the pool: other
      // instances wait for it. If this process dies meanwhile, the server drops the lock with the connection.
      db.withConnection(async (conn) => {
        await conn.q('SELECT pg_advisory_lock($1, hashtext($2))', [LockClass.exclusive, name]);
        try {
          await fn();
        } finally {
          await conn.q('SELECT pg_advisory_unlock($1, hashtext($2))', [LockClass.exclusive, name]);
        }
      }),
    claimTick: async (name, tick) =>
      // One statement: the row lock of the upsert makes the other instances' claims of the same tick
      // wait, then find it taken (the WHERE) and change nothing. A row per job, so nothing to prune.
      (
        await db.q('INSERT INTO job_ticks (job, tick) VALUES ($1, $2) ON CONFLICT (job) DO UPDATE SET tick = excluded.tick WHERE job_ticks.tick < excluded.tick', [
          name,
          tick,
        ])
      ).changes === 1,
  };
}
