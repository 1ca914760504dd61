// Rate-limit buckets of the embedded store: in memory, not in the database. One process holds the data
// folder, so there is nobody to share them with, and a token taken per request must not cost a journal
// write. A restart refills every bucket.
import { TokenBuckets } from '../../../lib/token-bucket.ts';
import type { RateCheck, Store } from '../types.ts';

/** The rateBuckets part of the store. */
export function rateBucketQueries(): Store['rateBuckets'] {
  const byName = new Map<string, TokenBuckets>();
  const bucketsOf = (c: RateCheck) => {
    let buckets = byName.get(c.bucket);
    if (!buckets) {
      buckets = new TokenBuckets({ burst: c.burst, refillPerSecond: c.refillPerSecond });
      byName.set(c.bucket, buckets);
    }
    return buckets;
  };
  return {
    take: async (checks, nowMs) => {
      // All checked before any is spent, so a refusal by one limiter costs the others nothing.
      const wait = Math.max(0, ...checks.map((c) => bucketsOf(c).wait(c.key, nowMs, c.tokens)));
      if (wait > 0) return { ok: false, retryAfterSeconds: wait };
      for (const c of checks) bucketsOf(c).take(c.key, nowMs, c.tokens);
      return { ok: true };
    },
    forget: async (bucket, key) => void byName.get(bucket)?.forget(key),
    sweep: async (nowMs) => [...byName.values()].reduce((n, buckets) => n + buckets.sweep(nowMs, true), 0),
  };
}
