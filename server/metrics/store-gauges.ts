// Gauges read from the store when Prometheus scrapes, never per request: whether it takes writes, and the
// PostgreSQL pool's connections, both counters in memory (no query); the queues (queue-gauges.ts) take one
// small query each per scrape.
import { Gauge } from 'prom-client';
import type { Store } from '../core/store/types.ts';
import { registerDurableMetrics } from './durable-metrics.ts';
import { registerQueueGauges } from './queue-gauges.ts';
import { METRIC_PREFIX, registry } from './registry.ts';

/**
 * Registers the store's gauges on the metrics registry (once, at start, when metrics are on), with the
 * queue gauges and, for the embedded store, its journal and snapshot histograms.
 */
export function registerStoreGauges(store: Store): void {
  new Gauge({
    name: `${METRIC_PREFIX}store_available`,
    help: '1 while the store takes writes, 0 while they are refused (full disk, failed fsync, database down).',
    registers: [registry],
    collect() {
      this.set(store.storage().state === 'ok' ? 1 : 0);
    },
  });
  // Only a store with a pool (PostgreSQL) has the pool's gauges; the one without is the embedded store.
  if (store.poolUse() === undefined) {
    registerDurableMetrics();
    registerQueueGauges(store);
    return;
  }
  const poolUse = () => store.poolUse() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: `${METRIC_PREFIX}pg_pool_connections`,
    help: 'PostgreSQL pool connections, by state: all open ones (total) and the idle among them.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}pg_pool_waiting_requests`,
    help: 'Queries waiting for a PostgreSQL pool connection.',
    registers: [registry],
    collect() {
      this.set(poolUse().waiting);
    },
  });
  // After the pool's gauges: a scrape collects in registration order, so the pool is read before the
  // queue gauges' own queries take its connections.
  registerQueueGauges(store);
}
