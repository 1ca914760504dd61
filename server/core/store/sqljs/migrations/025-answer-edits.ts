// Respondents' edits of their answers and the webhook events a receiver takes (issue 34), as the PostgreSQL
// store's migration 27.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `forms.allow_edit_days` (0: no edits) and `forms.webhook_events` (a JSON list, spec 6's one event by default).
 * `edit_links`: one row per private edit link handed out, by the SHA-256 of its token (the token itself is never
 * stored), with the answer it opens and when it stops working. `submission_revisions`: the values an edit replaced,
 * numbered per answer from 1, with when they were replaced and `link_pos`, the place of the chain link those values
 * were stored under (the answer's own link, or an earlier edit's), so the signed export shows each link's values.
 * All go with their form (`formOwnedTables`) and with their answer (submissions.delete).
 */
export const answerEdits: Migration = {
  id: 25,
  name: 'answer-edits',
  up: `
    ALTER TABLE forms ADD COLUMN allow_edit_days INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN webhook_events TEXT NOT NULL DEFAULT '["submission.created"]';
    CREATE TABLE edit_links (hash TEXT PRIMARY KEY, form_id TEXT NOT NULL, submission_id TEXT NOT NULL,
      expires_at TEXT NOT NULL);
    CREATE INDEX edit_links_submission ON edit_links (form_id, submission_id);
    CREATE TABLE submission_revisions (form_id TEXT NOT NULL, submission_id TEXT NOT NULL, n INTEGER NOT NULL,
      at TEXT NOT NULL, data TEXT NOT NULL, link_pos INTEGER, PRIMARY KEY (form_id, submission_id, n));
    CREATE INDEX submission_revisions_link ON submission_revisions (form_id, link_pos);
  `,
};
