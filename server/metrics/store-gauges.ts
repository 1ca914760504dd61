// Gauges read from the store when Prometheus scrapes, never per request: whether it takes writes, and the
// PostgreSQL pool's connections. Both are counters in memory (no query), so a scrape costs nothing more.
import { Gauge } from 'prom-client';
import type { Store } from '../core/store/types.ts';
import { METRIC_PREFIX, registry } from './registry.ts';

/** Registers the store's gauges on the metrics registry (once, at start, when metrics are on). */
export function registerStoreGauges(store: Store): void {
  new Gauge({
    name: `${METRIC_PREFIX}store_available`,
    help: '1 while the store takes writes, 0 while they are refused (full disk, failed fsync, database down).',
    registers: [registry],
    collect() {
      this.set(store.storage().state === 'ok' ? 1 : 0);
    },
  });
  // Only a store with a pool has the pool's gauges.
  if (store.poolUse() === undefined) return;
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
}
