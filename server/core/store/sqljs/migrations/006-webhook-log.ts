// The webhook delivery log as a ring of 100 slots per form, and a smaller index of pending deliveries.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * Line n of a form's log goes to slot n % 100 and replaces the line 100 attempts older, so keeping
 * "the last 100" (spec 6.7) costs no trimming query on each attempt (it was the costliest statement of
 * a delivery). `forms.webhook_log_count` numbers the lines. Existing lines keep their order; only the
 * newest 100 per form are carried over. The form index only needs pending deliveries (cancellation).
 */
export const webhookLog: Migration = {
  id: 6,
  name: 'webhook-log',
  up:
    `
    CREATE TABLE webhook_attempts_ring (
      form_id TEXT NOT NULL, slot INTEGER NOT NULL, n INTEGER NOT NULL, submission_id TEXT NOT NULL,
      attempt INTEGER NOT NULL, status_code INTEGER NOT NULL, error TEXT, duration_ms INTEGER NOT NULL,
      created_at TEXT NOT NULL, PRIMARY KEY (form_id, slot));
    INSERT INTO webhook_attempts_ring (form_id, slot, n, submission_id, attempt, status_code, error, duration_ms, ` +
    `created_at)
      SELECT form_id, n % 100, n, submission_id, attempt, status_code, error, duration_ms, created_at FROM (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY form_id ORDER BY seq) AS n,
               COUNT(*) OVER (PARTITION BY form_id) AS total
        FROM webhook_attempts)
      WHERE n > total - 100;
    DROP TABLE webhook_attempts;
    ALTER TABLE webhook_attempts_ring RENAME TO webhook_attempts;

    ALTER TABLE forms ADD COLUMN webhook_log_count INTEGER NOT NULL DEFAULT 0;
    UPDATE forms SET webhook_log_count = (SELECT COALESCE(MAX(n), 0) FROM webhook_attempts WHERE ` +
    `webhook_attempts.form_id = forms.id);

    DROP INDEX webhook_deliveries_form;
    CREATE INDEX webhook_deliveries_form ON webhook_deliveries (form_id) WHERE state = 'pending';
  `,
};
