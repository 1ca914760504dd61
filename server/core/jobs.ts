// The product's scheduled jobs, registered in one place with a name each.
import type { JobRegistry } from '../lib/cron.ts';
import type { Services } from './services.ts';
import type { Store } from './store/types.ts';
import { IDEMPOTENCY_WINDOW_MS } from './store/types/submissions.ts';

/** Finished webhook deliveries (their payloads) are kept 7 days; the attempt log keeps its last 100 per form. */
export const FINISHED_DELIVERY_TTL_MS = 7 * 24 * 3600_000;

/**
 * Mail held in the outbox is kept 30 days: with mail on every response and no SMTP server, it would otherwise grow
 * without end.
 */
export const OUTBOX_TTL_MS = 30 * 24 * 3600_000;

/** Registers every job of the product; `about` is what the admin panel says each does. */
export function registerJobs(jobs: JobRegistry, services: Services, store: Store) {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  jobs.register({
    name: 'sweep-expired-forms',
    schedule: '*/10 * * * *',
    about: 'Deletes unclaimed forms whose time is up, with their answers.',
    run: async () => `${await services.deletion.sweepExpired()} deleted`,
  });
  jobs.register({
    name: 'sweep-idempotency-keys',
    schedule: '17 * * * *',
    about: 'Forgets the replay keys of API posts after 24 hours.',
    run: async () => `${await store.idempotency.sweep(ago(IDEMPOTENCY_WINDOW_MS))} deleted`,
  });
  jobs.register({
    name: 'sweep-sessions',
    schedule: '41 * * * *',
    about: 'Removes sign-in sessions that have ended.',
    run: async () => `${await store.sessions.sweep(new Date().toISOString())} deleted`,
  });
  // The delivery worker sets a timer for the next due retry; this is the safety net if one is missed.
  // Every instance: each sweeps its own worker's queue (the lease keeps one sender per delivery).
  jobs.register({
    name: 'webhook-retries',
    schedule: '* * * * *',
    about: 'Sends webhook retries that are due (a safety net: each is also sent on time).',
    everyInstance: true,
    run: async () => `${await services.deliveries.sweep()} queued`,
  });
  jobs.register({
    name: 'sweep-webhook-deliveries',
    schedule: '23 * * * *',
    about: 'Deletes the bodies of webhook deliveries finished over 7 days ago (the log keeps its last 100).',
    run: async () => `${await store.webhooks.sweepFinished(ago(FINISHED_DELIVERY_TTL_MS))} deleted`,
  });
  // Response mails wait out their minute on a timer; this sends any a restart or a lost timer left behind.
  jobs.register({
    name: 'response-mail-digests',
    schedule: '* * * * *',
    about: 'Sends response mails that a restart left waiting.',
    run: async () => `${await services.responseMail.sweep()} sent`,
  });
  jobs.register({
    name: 'sign-answer-chains',
    schedule: '53 * * * *',
    about: 'Signs the head of each form’s answer chain that moved since it was last signed.',
    run: async () => `${await services.chain.signMoved()} signed`,
  });
  // Summaries count new answers when asked; this keeps the forms their owners look at counted in between.
  jobs.register({
    name: 'count-answers',
    schedule: '* * * * *',
    about: 'Counts new answers of the forms whose summary was opened before, so the next one opens at once.',
    run: async () => `${await services.summaries.countBehind()} forms counted`,
  });
  jobs.register({
    name: 'sweep-retention',
    schedule: '13 * * * *',
    about: 'Deletes answers older than each form keeps them (its “Keep answers” setting).',
    run: async () => `${await services.retention.sweep()} deleted`,
  });
  jobs.register({
    name: 'sweep-spam',
    schedule: '29 * * * *',
    about: 'Deletes suspected spam after 30 days.',
    run: async () => `${await services.spam.sweep()} deleted`,
  });
  jobs.register({
    name: 'sweep-audit',
    schedule: '53 3 * * *',
    about: `Deletes audit log entries older than ${services.config.auditDays} days (FORMSTEAD_AUDIT_DAYS).`,
    run: async () => `${await services.audit.sweep(services.config.auditDays)} deleted`,
  });
  jobs.register({
    name: 'sweep-outbox',
    schedule: '47 3 * * *',
    about: 'Deletes mail kept in the outbox for over 30 days.',
    run: async () => `${await store.outbox.sweep(ago(OUTBOX_TTL_MS))} deleted`,
  });
  // Uploads no response used within 24 h, and files a crash left without their row.
  jobs.register({
    name: 'sweep-uploads',
    schedule: '37 * * * *',
    about: 'Deletes uploaded files that no answer used within 24 hours.',
    run: () => services.files.sweep(),
  });
  // Buckets full again are the same as none; on PostgreSQL they are rows that would otherwise stay.
  jobs.register({
    name: 'sweep-rate-limits',
    schedule: '*/10 * * * *',
    about: 'Forgets rate limits that have filled up again.',
    run: async () => `${await services.rateLimits.sweep()} deleted`,
  });
  jobs.register({
    name: 'snapshot',
    schedule: '*/15 * * * *',
    about: 'Saves the whole database to one file, so that a start has less to replay (on PostgreSQL: nothing to do).',
    everyInstance: true,
    run: () => store.snapshot(),
  });
}
