// Partial answers (ARCHITECTURE.md Wave 4 "Partial answers"), as the embedded store's migration 24.
import type { PgMigration } from './types.ts';

/**
 * `forms.keep_partial` (off by default) and `partial_answers`: one row per form and page session (a later
 * beacon of the session replaces its values), the values as JSON text, the last question reached. Deleted
 * with the form (pg/forms.ts `formOwnedTables`), by the form's retention and by erasure.
 */
export const partialAnswers: PgMigration = {
  id: 26,
  name: 'partial-answers',
  up: `
    ALTER TABLE forms ADD COLUMN keep_partial BOOLEAN NOT NULL DEFAULT FALSE;
    CREATE TABLE partial_answers (
      id TEXT COLLATE "C" PRIMARY KEY, form_id TEXT COLLATE "C" NOT NULL, session TEXT COLLATE "C" NOT NULL,
      form_version INTEGER NOT NULL, data TEXT NOT NULL, last_key TEXT NOT NULL,
      created_at TEXT COLLATE "C" NOT NULL, updated_at TEXT COLLATE "C" NOT NULL);
    CREATE UNIQUE INDEX partial_answers_session ON partial_answers (form_id, session);
    CREATE INDEX partial_answers_updated ON partial_answers (form_id, updated_at, id);
  `,
};
