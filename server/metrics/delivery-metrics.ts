// Webhook and chat delivery attempts by outcome (delivered, pending: retried later, failed, cancelled).
import { Counter } from 'prom-client';
import { METRIC_PREFIX, registry } from './registry.ts';

const attempts = new Counter({
  name: `${METRIC_PREFIX}delivery_attempts_total`,
  help: 'Webhook and chat delivery attempts, by kind (webhook, chat) and the state they left the delivery in.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

/** Counts one attempt; `outcome` is the delivery's state after it ('pending' means a retry is scheduled). */
export function observeDelivery(kind: 'webhook' | 'chat', outcome: string): void {
  attempts.inc({ kind, outcome });
}
