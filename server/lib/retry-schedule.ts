// When a failed webhook delivery is tried again (spec 6.5, 8): 30 s after the first failure, doubling,
// never more than 3 hours apart, 16 attempts in all (about 22 hours from first to last).

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 16;

/** Default delay after the first failed attempt, in ms. */
export const RETRY_BASE_MS = 30_000;

/** Default longest delay between two attempts, in ms (3 hours). */
export const RETRY_CAP_MS = 10_800_000;

/** Delay in ms before the next attempt once attempt `attemptNumber` (1-based) failed; null after the last. */
export function nextRetryDelayMs(attemptNumber: number, baseMs = RETRY_BASE_MS, capMs = RETRY_CAP_MS): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1)
    throw new RangeError('attemptNumber must be an integer from 1');
  if (attemptNumber >= MAX_ATTEMPTS) return null;
  return Math.min(baseMs * 2 ** (attemptNumber - 1), capMs);
}
