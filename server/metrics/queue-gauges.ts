// What waits to go out, read from the store when Prometheus scrapes (one small query each, never per
// request): the delivery queue (webhook and chat messages, first attempts and retries) and the mail outbox.
import { Gauge } from 'prom-client';
import type { Store } from '../core/store/types.ts';
import { METRIC_PREFIX, registry } from './registry.ts';

/**
 * Registers the queue gauges. A scrape while the store cannot answer keeps their last values (the store's
 * own gauge, formstead_store_available, says it is down) rather than failing the whole scrape.
 */
export function registerQueueGauges(store: Store): void {
  // Both queue gauges come from one query per scrape: the first to collect starts it, the other shares it.
  let shared: Promise<{ at: number; queue?: Awaited<ReturnType<Store['webhooks']['queue']>> }> | undefined;
  const queue = () => {
    if (!shared) {
      const at = Date.now();
      shared = read(() => store.webhooks.queue(new Date(at).toISOString())).then((q) => ({ at, queue: q }));
      void shared.finally(() => setImmediate(() => (shared = undefined)));
    }
    return shared;
  };
  new Gauge({
    name: `${METRIC_PREFIX}delivery_queue_pending`,
    help: 'Webhook, Slack and Discord deliveries waiting to be sent (first attempts and retries).',
    registers: [registry],
    async collect() {
      const { queue: q } = await queue();
      if (q) this.set(q.pending);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}delivery_queue_oldest_due_age_seconds`,
    help: 'How long the longest-waiting due delivery has been due; 0 when none is due.',
    registers: [registry],
    async collect() {
      const { at, queue: q } = await queue();
      if (q) this.set(q.oldestDue === undefined ? 0 : Math.max(0, (at - Date.parse(q.oldestDue)) / 1000));
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}mail_outbox_messages`,
    help: 'Mails held in the outbox (no SMTP server set, or sending failed).',
    registers: [registry],
    async collect() {
      const n = await read(() => store.outbox.count());
      if (n !== undefined) this.set(n);
    },
  });
}

/** The store's answer, or undefined when it cannot give one now. */
async function read<T>(query: () => Promise<T>): Promise<T | undefined> {
  try {
    return await query();
  } catch {
    return undefined;
  }
}
