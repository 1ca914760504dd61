// Held mail names the form (and the answers) it is about, so deleting them takes the mail along.
import type { PgMigration } from './types.ts';

/**
 * As the embedded store's migration 010: `form_id` is the form a held mail is about (null for mail
 * about no form), `submission_ids` the JSON array of the answers whose values it shows (text, as the
 * embedded column, so `formstead migrate` copies it as is; read with `::jsonb ?|`).
 */
export const outboxForm: PgMigration = {
  id: 7,
  name: 'outbox-form',
  up: `
ALTER TABLE outbox ADD COLUMN form_id TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN submission_ids TEXT NOT NULL DEFAULT '[]';
CREATE INDEX outbox_form ON outbox (form_id);`,
};
