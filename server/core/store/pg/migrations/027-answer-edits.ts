// Respondents' edits of their answers and the webhook events a receiver takes (issue 34), as the embedded
// store's migration 25 makes them.
import type { PgMigration } from './types.ts';

const T = 'TEXT COLLATE "C"';

/**
 * As sqljs/migrations/025-answer-edits.ts: `forms.allow_edit_days`, `forms.webhook_events`, `edit_links` (by the
 * SHA-256 of the token) and `submission_revisions` (the replaced values with the place of their chain link).
 */
export const answerEdits: PgMigration = {
  id: 27,
  name: 'answer-edits',
  up: `
    ALTER TABLE forms ADD COLUMN allow_edit_days INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN webhook_events TEXT NOT NULL DEFAULT '["submission.created"]';
    CREATE TABLE edit_links (hash ${T} PRIMARY KEY, form_id ${T} NOT NULL, submission_id ${T} NOT NULL,
      expires_at ${T} NOT NULL);
    CREATE INDEX edit_links_submission ON edit_links (form_id, submission_id);
    CREATE TABLE submission_revisions (form_id ${T} NOT NULL, submission_id ${T} NOT NULL, n INTEGER NOT NULL,
      at ${T} NOT NULL, data TEXT NOT NULL, link_pos BIGINT, PRIMARY KEY (form_id, submission_id, n));
    CREATE INDEX submission_revisions_link ON submission_revisions (form_id, link_pos);
  `,
};
