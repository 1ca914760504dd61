// Partial answers (ARCHITECTURE.md Wave 4 "Partial answers"), as the PostgreSQL store's migration 26.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `forms.keep_partial` (off by default) and `partial_answers`: one row per form and page session (a later
 * beacon of the session replaces its values), the values as JSON, the last question reached. Deleted with
 * the form (sqljs/forms.ts `formOwnedTables`), by the form's retention and by erasure.
 */
export const partialAnswers: Migration = {
  id: 24,
  name: 'partial-answers',
  up: `
    ALTER TABLE forms ADD COLUMN keep_partial INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE partial_answers (
      id TEXT PRIMARY KEY, form_id TEXT NOT NULL, session TEXT NOT NULL, form_version INTEGER NOT NULL,
      data TEXT NOT NULL, last_key TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE UNIQUE INDEX partial_answers_session ON partial_answers (form_id, session);
    CREATE INDEX partial_answers_updated ON partial_answers (form_id, updated_at, id);
  `,
};
