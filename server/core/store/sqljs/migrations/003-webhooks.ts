// Webhook deliveries and their attempt log, the per-form failure streak, and the mail outbox.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `webhook_deliveries` holds one row per submission to deliver, with the exact JSON body built at
 * submission time (every attempt sends the same bytes). `webhook_attempts` is the delivery log of
 * spec 2.13, trimmed to the last 100 per form. `outbox` holds mail when no SMTP server is set.
 */
export const webhooks: Migration = {
  id: 3,
  name: 'webhooks',
  up: `
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY, form_id TEXT NOT NULL, submission_id TEXT NOT NULL, payload TEXT NOT NULL,
      attempt_count INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','delivered','cancelled','failed')),
      created_at TEXT NOT NULL, finished_at TEXT);
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
    CREATE INDEX webhook_deliveries_form ON webhook_deliveries (form_id, state);
    CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE finished_at IS NOT NULL;

    CREATE TABLE webhook_attempts (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, form_id TEXT NOT NULL, submission_id TEXT NOT NULL,
      attempt INTEGER NOT NULL, status_code INTEGER NOT NULL, error TEXT, duration_ms INTEGER NOT NULL,
      created_at TEXT NOT NULL);
    CREATE INDEX webhook_attempts_form ON webhook_attempts (form_id, created_at, seq);

    ALTER TABLE forms ADD COLUMN webhook_failures INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN webhook_failure_mailed_at TEXT;

    CREATE TABLE outbox (
      id TEXT PRIMARY KEY, recipients TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
      created_at TEXT NOT NULL, error TEXT);
    CREATE INDEX outbox_age ON outbox (created_at);
  `,
};
