// Rate-limit buckets on PostgreSQL: rows every instance draws on, so N instances allow the rate of one.
import type { Store } from '../types.ts';
import type { PgDatabase } from './db.ts';

/** The rateBuckets part of the store. */
export function rateBucketQueries(db: PgDatabase): Store['rateBuckets'] {
  return {
    take: async (checks, nowMs) => {
      if (checks.length === 0) return { ok: true };
      // One statement (functions/formstead_rate_draw.ts): the rows are locked in the order given, and the
      // callers list their limiters in one order, so two takes never wait on each other in a cycle.
      const row = await db.get(
        'SELECT formstead_rate_draw($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6) AS wait',
        [
          checks.map((c) => c.bucket),
          checks.map((c) => c.key),
          checks.map((c) => c.burst),
          checks.map((c) => c.refillPerSecond),
          checks.map((c) => c.tokens ?? 1),
          Math.round(nowMs),
        ],
      );
      const wait = row!.wait as number;
      return wait === 0 ? { ok: true } : { ok: false, retryAfterSeconds: wait };
    },
    forget: async (bucket, key) =>
      void (await db.q('DELETE FROM rate_buckets WHERE bucket = $1 AND key = $2', [bucket, key])),
    sweep: async (nowMs) =>
      (await db.q('DELETE FROM rate_buckets WHERE full_at_ms <= $1', [Math.round(nowMs)])).changes,
  };
}
