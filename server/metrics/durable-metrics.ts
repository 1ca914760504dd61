// The embedded store's journal fsyncs and snapshots as histograms (durable-timings.ts tells their durations).
import { Histogram } from 'prom-client';
import { durableTimings } from '../lib/durable/durable-timings.ts';
import { METRIC_PREFIX, registry } from './registry.ts';

/** fsync takes tens of microseconds on a fast disk, tens of milliseconds on a slow or busy one. */
const FSYNC_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
/** A snapshot takes from milliseconds (a small folder) to a minute (gigabytes). */
const SNAPSHOT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Registers the histograms and starts listening (once, at start, when metrics are on and the store is sql.js). */
export function registerDurableMetrics(): void {
  const fsync = new Histogram({
    name: `${METRIC_PREFIX}journal_fsync_duration_seconds`,
    help: "Time each durable write of the embedded store's journal took (one frame per group of concurrent writes).",
    buckets: FSYNC_BUCKETS,
    registers: [registry],
  });
  const snapshot = new Histogram({
    name: `${METRIC_PREFIX}snapshot_duration_seconds`,
    help: 'Time each snapshot of the embedded store took, by where it was made (worker thread or main).',
    labelNames: ['place'] as const,
    buckets: SNAPSHOT_BUCKETS,
    registers: [registry],
  });
  durableTimings.fsync = (seconds) => fsync.observe(seconds);
  durableTimings.snapshot = (seconds, where) => snapshot.observe({ place: where }, seconds);
}
