// Mail on every response (with its digest state), the respondent's confirmation mail, retention,
// the per-form theme, and suspected spam kept apart from real submissions.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `response_mail_seq` is the last submission (by seq) that a response mail covered and
 * `response_mail_at` when that mail went: the digest is read from the submissions themselves, so a
 * restart loses no mail. Existing forms start covered up to now (turning the mail on later does the
 * same), so nobody gets a digest of old answers. New forms set notify_each_response themselves.
 * Spam lives in its own table so no count, list, export or delivery of submissions can include it.
 */
export const mailSpamTheme: Migration = {
  id: 9,
  name: 'mail-spam-theme',
  up:
    `
    ALTER TABLE forms ADD COLUMN notify_each_response INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN response_mail_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN response_mail_at TEXT;
    ALTER TABLE forms ADD COLUMN confirmation_field TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN confirmation_message TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN retention_days INTEGER;
    ALTER TABLE forms ADD COLUMN theme TEXT NOT NULL DEFAULT '{}';
    UPDATE forms SET response_mail_seq = (SELECT COALESCE(MAX(seq), 0) FROM submissions WHERE ` +
    `submissions.form_id = forms.id);

    CREATE TABLE spam_submissions (
      id TEXT PRIMARY KEY, form_id TEXT NOT NULL, form_version INTEGER NOT NULL, created_at TEXT NOT NULL,
      data TEXT NOT NULL, reason TEXT NOT NULL);
    CREATE INDEX spam_submissions_form ON spam_submissions (form_id, created_at);
    CREATE INDEX spam_submissions_age ON spam_submissions (created_at);
  `,
};
