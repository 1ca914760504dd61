// A bounded, expiring set of keys in memory: "was this seen in the last `ttlMs`?" with at most `max`
// keys held. Insertion order is expiry order (every key lives the same time), so the oldest key is
// always first: expiring and evicting are a walk from the front, never a scan.

/** Remembers keys for `ttlMs`, at most `max` of them (the oldest go first when full). */
export class SeenOnce {
  private readonly until = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly ttlMs: number,
  ) {}

  /** True the first time `key` is offered within its lifetime (and remembers it); false while it is remembered. */
  first(key: string, now: number): boolean {
    this.expire(now);
    const until = this.until.get(key);
    if (until !== undefined && until > now) return false;
    this.until.set(key, now + this.ttlMs);
    // Full: forget the oldest. A flood of new keys can push out real ones early (a view counted twice),
    // never grow memory.
    if (this.until.size > this.max) this.until.delete(this.until.keys().next().value as string);
    return true;
  }

  /** How many keys are held now. */
  get size(): number {
    return this.until.size;
  }

  private expire(now: number) {
    for (const [key, until] of this.until) {
      if (until > now) return;
      this.until.delete(key);
    }
  }
}
