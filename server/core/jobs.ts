// The product's scheduled jobs, registered in one place with a name each.
import type { JobRegistry } from '../lib/cron.ts';
import type { Services } from './services.ts';
import type { Store } from './store/types.ts';

/** Idempotency keys are kept per form for 24 h (ARCHITECTURE.md). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** Finished webhook deliveries (their payloads) are kept 7 days; the attempt log keeps its last 100 per form. */
export const FINISHED_DELIVERY_TTL_MS = 7 * 24 * 3600_000;

/** Mail held in the outbox is kept 30 days: with mail on every response and no SMTP server, it would otherwise grow without end. */
export const OUTBOX_TTL_MS = 30 * 24 * 3600_000;

/** Registers every job of the product. */
export function registerJobs(jobs: JobRegistry, services: Services, store: Store) {
  jobs.register({ name: 'sweep-expired-forms', schedule: '*/10 * * * *', run: async () => `${await services.deletion.sweepExpired()} deleted` });
  jobs.register({
    name: 'sweep-idempotency-keys',
    schedule: '17 * * * *',
    run: async () => `${await store.idempotency.sweep(new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())} deleted`,
  });
  jobs.register({ name: 'sweep-sessions', schedule: '41 * * * *', run: async () => `${await store.sessions.sweep(new Date().toISOString())} deleted` });
  // The delivery worker sets a timer for the next due retry; this is the safety net if one is missed.
  // Every instance: each sweeps its own worker's queue (the lease keeps one sender per delivery).
  jobs.register({ name: 'webhook-retries', schedule: '* * * * *', everyInstance: true, run: async () => `${await services.deliveries.sweep()} queued` });
  jobs.register({
    name: 'sweep-webhook-deliveries',
    schedule: '23 * * * *',
    run: async () => `${await store.webhooks.sweepFinished(new Date(Date.now() - FINISHED_DELIVERY_TTL_MS).toISOString())} deleted`,
  });
  // Response mails wait out their minute on a timer; this sends any a restart or a lost timer left behind.
  jobs.register({ name: 'response-mail-digests', schedule: '* * * * *', run: async () => `${await services.responseMail.sweep()} sent` });
  jobs.register({ name: 'sweep-retention', schedule: '13 * * * *', run: async () => `${await services.retention.sweep()} deleted` });
  jobs.register({ name: 'sweep-spam', schedule: '29 * * * *', run: async () => `${await services.spam.sweep()} deleted` });
  jobs.register({
    name: 'sweep-outbox',
    schedule: '47 3 * * *',
    run: async () => `${await store.outbox.sweep(new Date(Date.now() - OUTBOX_TTL_MS).toISOString())} deleted`,
  });
  // Uploads no response used within 24 h, and files a crash left without their row.
  jobs.register({ name: 'sweep-uploads', schedule: '37 * * * *', run: () => services.files.sweep() });
  // Buckets full again are the same as none; on PostgreSQL they are rows that would otherwise stay.
  jobs.register({ name: 'sweep-rate-limits', schedule: '*/10 * * * *', run: async () => `${await services.rateLimits.sweep()} deleted` });
  jobs.register({ name: 'snapshot', schedule: '*/15 * * * *', everyInstance: true, run: () => store.snapshot() });
}
