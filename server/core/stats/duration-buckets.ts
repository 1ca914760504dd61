// Time from start to completion without keeping any respondent's time: each completion adds one to a
// bucket of a fixed histogram (a daily counter of kind `duration`), and the median is read from the
// buckets, interpolated inside the one that holds the middle completion.

/** Upper bounds of the buckets in seconds (the first starts at 0). Past the last, a time is not counted. */
export const DURATION_BUCKETS = [
  10, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2700, 3600, 7200, 14400, 86400,
] as const;

/** The bucket (its upper bound, as the counter's `step`) of `seconds`; undefined when it is not a sane time. */
export function durationBucket(seconds: number): string | undefined {
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  const bound = DURATION_BUCKETS.find((b) => seconds < b);
  return bound === undefined ? undefined : String(bound);
}

/**
 * The median of the times counted in `buckets` (upper bound → count), in whole seconds, assuming the
 * times of a bucket spread evenly across it; null when none was counted.
 */
export function medianSeconds(buckets: Map<string, number>): number | null {
  const total = [...buckets.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const middle = total / 2;
  let below = 0;
  let lower = 0;
  for (const upper of DURATION_BUCKETS) {
    const n = buckets.get(String(upper)) ?? 0;
    if (n > 0 && below + n >= middle) return Math.round(lower + ((middle - below) / n) * (upper - lower));
    below += n;
    lower = upper;
  }
  return null;
}
