// The process's Prometheus metrics (prom-client, bundled): one registry, created once, read by GET /metrics.
// Recording is off until `enableMetrics()` so an installation without metrics pays one boolean test per event.
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Every metric name starts with this (Prometheus naming: application prefix, base unit suffix). */
export const METRIC_PREFIX = 'formstead_';

/** Request latency buckets in seconds: a submission takes about a millisecond, an export many seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registry GET /metrics answers with. */
export const registry = new Registry();

/** Requests by route pattern (never the raw path: ids would make one series per form) and status. */
export const httpRequests = new Counter({
  name: `${METRIC_PREFIX}http_requests_total`,
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

/** How long requests took, by route pattern. */
export const httpDuration = new Histogram({
  name: `${METRIC_PREFIX}http_request_duration_seconds`,
  help: 'Time from receiving a request to finishing its answer, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** Submissions written to the store. */
export const submissionsStored = new Counter({
  name: `${METRIC_PREFIX}submissions_stored_total`,
  help: 'Submissions stored.',
  registers: [registry],
});

/** Submissions refused, by the error code of the answer (validation_failed, rate_limited, ...). */
export const submissionsRefused = new Counter({
  name: `${METRIC_PREFIX}submissions_refused_total`,
  help: 'Submissions refused, by reason (the error code answered).',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Requests the rate limits refused (429), by route pattern. */
export const rateLimitRefusals = new Counter({
  name: `${METRIC_PREFIX}rate_limit_refusals_total`,
  help: 'Requests refused by the rate limits (429), by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});

/** Files uploaded and stored (POST /v1/f/{id}/uploads). */
export const uploads = new Counter({
  name: `${METRIC_PREFIX}uploads_total`,
  help: 'Files uploaded and stored.',
  registers: [registry],
});

/** Bytes of the files uploaded and stored. */
export const uploadBytes = new Counter({
  name: `${METRIC_PREFIX}upload_bytes_total`,
  help: 'Bytes of the files uploaded and stored.',
  registers: [registry],
});

let enabled = false;

/** Whether metrics are recorded (FORMSTEAD_METRICS_TOKEN or FORMSTEAD_METRICS=on). */
export function metricsEnabled(): boolean {
  return enabled;
}

/** Starts recording, and the process metrics prom-client collects itself (event-loop delay, memory, CPU). */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  // Gauges prom-client names with `_total`, which Prometheus keeps for counters (promtool refuses them);
  // open handles say little an operator acts on, so they are left out rather than renamed.
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(`${METRIC_PREFIX}${name}`);
}

/** prom-client's default gauges whose names break the Prometheus conventions. */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];
