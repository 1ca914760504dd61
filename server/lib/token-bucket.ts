// Token buckets keyed by a string (a hashed address, a form id), in memory: the embedded store's rate
// buckets (store/sqljs/rate-buckets.ts). Times are passed in, so the store's callers own the clock.

/** A bucket's shape: how many tokens it holds when full and how fast it refills. */
export interface BucketRule {
  burst: number;
  refillPerSecond: number;
}

/** A set of buckets under one rule. Full buckets are forgotten, so memory follows active keys only. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(readonly rule: BucketRule) {}

  /**
   * Seconds until `key`'s bucket holds `n` tokens at time `t` (at most the burst: a full bucket serves any
   * draw): 0 when it does (nothing is taken).
   */
  wait(key: string, t: number, n = 1): number {
    const need = Math.min(n, this.rule.burst);
    const tokens = this.level(key, t);
    return tokens >= need ? 0 : Math.max(1, Math.ceil((need - tokens) / this.rule.refillPerSecond));
  }

  /** Takes `n` tokens (at most the burst) at time `t` if there are; false (nothing taken) otherwise. */
  take(key: string, t: number, n = 1): boolean {
    this.sweep(t);
    const need = Math.min(n, this.rule.burst);
    const tokens = this.level(key, t);
    if (tokens < need) return false;
    // A clock that went back (or a caller a little behind another) refills nothing rather than drains.
    this.buckets.set(key, { tokens: tokens - need, at: Math.max(this.buckets.get(key)?.at ?? t, t) });
    return true;
  }

  /** Forgets one key's bucket (its subject is gone). */
  forget(key: string) {
    this.buckets.delete(key);
  }

  /** Drops buckets that have refilled completely (at most once a minute unless `force`); returns how many went. */
  sweep(t: number, force = false): number {
    if (!force && t - this.lastSweep < 60_000) return 0;
    this.lastSweep = t;
    let dropped = 0;
    for (const key of [...this.buckets.keys()]) {
      if (this.level(key, t) >= this.rule.burst) {
        this.buckets.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** The tokens in `key`'s bucket at time `t` (a bucket never seen is full); never more than the burst. */
  private level(key: string, t: number): number {
    const b = this.buckets.get(key);
    return b
      ? Math.min(this.rule.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.rule.refillPerSecond)
      : this.rule.burst;
  }
}
