// Held mail names the form (and the answers) it is about, so deleting them takes the mail along.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `form_id` is the form a held mail is about (null for mail about no form: invitations, password
 * links); `submission_ids` is a JSON array of the answers whose values the mail shows. Mail held
 * before this migration names neither and leaves with the 30-day sweep, as before.
 */
export const outboxForm: Migration = {
  id: 10,
  name: 'outbox-form',
  up: `
    ALTER TABLE outbox ADD COLUMN form_id TEXT;
    ALTER TABLE outbox ADD COLUMN submission_ids TEXT NOT NULL DEFAULT '[]';
    CREATE INDEX outbox_form ON outbox (form_id);
  `,
};
