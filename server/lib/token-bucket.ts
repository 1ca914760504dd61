// Token buckets keyed by a string (an IP, a form id), in memory only: addresses are never stored.

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

  /** Takes `cost` tokens if there are enough; otherwise says how many seconds until there will be. */
  take(key: string, cost = 1): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const t = this.now();
    this.sweep(t);
    const b = this.buckets.get(key) ?? { tokens: this.rule.burst, at: t };
    b.tokens = Math.min(this.rule.burst, b.tokens + ((t - b.at) / 1000) * this.rule.refillPerSecond);
    b.at = t;
    if (b.tokens >= cost) {
      b.tokens -= cost;
      this.buckets.set(key, b);
      return { ok: true };
    }
    this.buckets.set(key, b);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - b.tokens) / this.rule.refillPerSecond)) };
  }

  /** Whether `cost` tokens are there, without taking them. */
  peek(key: string, cost = 1): boolean {
    const b = this.buckets.get(key);
    if (!b) return this.rule.burst >= cost;
    return Math.min(this.rule.burst, b.tokens + ((this.now() - b.at) / 1000) * this.rule.refillPerSecond) >= cost;
  }

  /** Forgets one key's bucket (its subject is gone). */
  forget(key: string) {
    this.buckets.delete(key);
  }

  /** Drops buckets that have refilled completely; at most once a minute. */
  private sweep(t: number) {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    const fullAfterMs = (this.rule.burst / this.rule.refillPerSecond) * 1000;
    for (const [key, b] of this.buckets) if (t - b.at >= fullAfterMs) this.buckets.delete(key);
  }
}
