// Token buckets keyed by a string (a hashed address, a form id), in memory: the embedded store's rate
// buckets (store/sqljs/rate-buckets.ts) and the confirmation mail's limits.

/** A bucket's shape: how many tokens it holds when full and how fast it refills. */
export interface BucketRule {
  burst: number;
  refillPerSecond: number;
}

/** A set of buckets under one rule. Full buckets are forgotten, so memory follows active keys only. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `cost` tokens if there are enough (at time `t`); otherwise says how many seconds until there will be. */
  take(key: string, cost = 1, t = this.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
    this.sweep(t);
    const b = this.buckets.get(key) ?? { tokens: this.rule.burst, at: t };
    // A clock that went back (or a caller a little behind another) refills nothing rather than drains.
    b.tokens = Math.min(this.rule.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.rule.refillPerSecond);
    b.at = Math.max(b.at, t);
    if (b.tokens >= cost) {
      b.tokens -= cost;
      this.buckets.set(key, b);
      return { ok: true };
    }
    this.buckets.set(key, b);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - b.tokens) / this.rule.refillPerSecond)) };
  }

  /** How many seconds until `cost` tokens are there (at time `t`); 0 when they are, and nothing is taken. */
  wait(key: string, cost = 1, t = this.now()): number {
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(this.rule.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.rule.refillPerSecond) : this.rule.burst;
    return tokens >= cost ? 0 : Math.max(1, Math.ceil((cost - tokens) / this.rule.refillPerSecond));
  }

  /** Whether `cost` tokens are there, without taking them. */
  peek(key: string, cost = 1, t = this.now()): boolean {
    return this.wait(key, cost, t) === 0;
  }

  /** Forgets one key's bucket (its subject is gone). */
  forget(key: string) {
    this.buckets.delete(key);
  }

  /** Drops buckets that have refilled completely (at most once a minute unless `force`); returns how many went. */
  sweep(t = this.now(), force = false): number {
    if (!force && t - this.lastSweep < 60_000) return 0;
    this.lastSweep = t;
    let dropped = 0;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * this.rule.refillPerSecond >= this.rule.burst) {
        this.buckets.delete(key);
        dropped++;
      }
    }
    return dropped;
  }
}
