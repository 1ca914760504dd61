// What the sql.js migrations 008 (files) and 009 (mail on every response, confirmation mail,
// retention, theme, suspected spam) added, in PostgreSQL's own types.
import type { PgMigration } from './types.ts';

const T = 'TEXT COLLATE "C"';

/**
 * The form columns start as sql.js's do: existing forms covered up to their newest submission, so
 * turning the mail on sends no digest of old answers. `spam_submissions.seq` orders spam caught in the
 * same millisecond as it arrived (sql.js uses its rowid). File bytes stay out of the database.
 */
export const mailSpamFiles: PgMigration = {
  id: 4,
  name: 'mail-spam-files',
  up: `
    ALTER TABLE forms ADD COLUMN notify_each_response BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE forms ADD COLUMN response_mail_seq BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE forms ADD COLUMN response_mail_at ${T};
    ALTER TABLE forms ADD COLUMN confirmation_field ${T} NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN confirmation_message ${T} NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN retention_days INTEGER;
    ALTER TABLE forms ADD COLUMN theme ${T} NOT NULL DEFAULT '{}';
    UPDATE forms SET response_mail_seq =
      (SELECT COALESCE(MAX(seq), 0) FROM submissions WHERE submissions.form_id = forms.id);
    CREATE INDEX forms_retention ON forms (id) WHERE retention_days IS NOT NULL;

    CREATE TABLE spam_submissions (
      seq BIGSERIAL, id ${T} PRIMARY KEY, form_id ${T} NOT NULL, form_version INTEGER NOT NULL,
      created_at ${T} NOT NULL, data ${T} NOT NULL, reason ${T} NOT NULL);
    CREATE INDEX spam_submissions_form ON spam_submissions (form_id, created_at);
    CREATE INDEX spam_submissions_age ON spam_submissions (created_at);

    CREATE TABLE files (
      id ${T} PRIMARY KEY, form_id ${T} NOT NULL, field_key ${T} NOT NULL, submission_id ${T},
      name ${T} NOT NULL, size BIGINT NOT NULL, type ${T} NOT NULL, created_at ${T} NOT NULL);
    CREATE INDEX files_form ON files (form_id);
    CREATE INDEX files_submission ON files (submission_id);
    CREATE INDEX files_unused ON files (created_at) WHERE submission_id IS NULL;

    CREATE INDEX webhook_attempts_submission ON webhook_attempts (form_id, submission_id);
  `,
};
