// The rate limits of ARCHITECTURE.md "Forms, versions, claims", by socket address (or, behind N
// trusted proxies, the X-Forwarded-For entry the nearest of them wrote: http/client-ip.ts) and by form.
// FORMSTEAD_RATE_LIMIT=off disables them.
import { ApiError } from '../lib/api-error.ts';
import { TokenBuckets } from '../lib/token-bucket.ts';

const HOUR = 3600;

/** Every limiter of the product, each a set of token buckets. */
export class RateLimits {
  readonly submitPerIp = new TokenBuckets({ burst: 20, refillPerSecond: 1 / 3 });
  readonly submitPerForm = new TokenBuckets({ burst: 60, refillPerSecond: 1 });
  /** File uploads, apart from submissions so a form with several file fields still leaves room to submit. */
  readonly uploadPerIp = new TokenBuckets({ burst: 20, refillPerSecond: 1 / 3 });
  readonly keylessAttemptsPerIp = new TokenBuckets({ burst: 60, refillPerSecond: 60 / HOUR });
  readonly unclaimedFormsPerIp = new TokenBuckets({ burst: 5, refillPerSecond: 5 / HOUR });
  readonly agentKeysPerIp = new TokenBuckets({ burst: 20, refillPerSecond: 20 / (24 * HOUR) });
  /** Sign-in attempts: 10 at once, then one every 90 s per address (slows password guessing). */
  readonly loginPerIp = new TokenBuckets({ burst: 10, refillPerSecond: 1 / 90 });

  constructor(readonly enabled: boolean) {}

  /** Takes one token from each (bucket, key) pair, or throws 429 with Retry-After and takes none. */
  take(...checks: [TokenBuckets, string][]) {
    if (!this.enabled) return;
    // Check all first so a refusal by the second limiter does not spend a token of the first.
    for (const [buckets, key] of checks) {
      if (!buckets.peek(key)) {
        const r = buckets.take(key);
        const retry = r.ok ? 1 : r.retryAfterSeconds;
        throw new ApiError(429, 'rate_limited', [`rate: too many requests, retry in ${retry} s`], {}, { 'retry-after': String(retry) });
      }
    }
    for (const [buckets, key] of checks) buckets.take(key);
  }

  /**
   * The publishing limits, shared by REST and MCP: a keyless attempt takes its token now, and the returned
   * `admit` (FormService.publish calls it just before it creates an unclaimed form, and keyless an agent
   * key) takes the creation tokens, so attempts that fail validation do not use up the creation budget.
   */
  publishAdmission(keyless: boolean, ip: string): (creates: { agentKey: boolean }) => void {
    if (keyless) this.take([this.keylessAttemptsPerIp, ip]);
    return ({ agentKey }) => this.take([this.unclaimedFormsPerIp, ip], ...(agentKey ? [[this.agentKeysPerIp, ip] as [TokenBuckets, string]] : []));
  }
}
