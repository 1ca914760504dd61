// Scheduled job ticks on PostgreSQL: each cron job runs once per tick across instances.
import type { Store } from '../types.ts';
import type { PgDatabase } from './db.ts';

/** The jobs part of the store. */
export function jobQueries(db: PgDatabase): Store['jobs'] {
  return {
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
