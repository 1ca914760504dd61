// Undeclared inputs of HTML posts and imported rows (issue 36), as the embedded store's migration 20.
import type { PgMigration } from './types.ts';

/**
 * `forms.accept_undeclared`, `submissions.extra` (a JSON object of text, NULL when none) and
 * `submissions.import_id` (unique per form). formstead_insert_submission takes both new values as
 * arguments, so its old signature is dropped here (functions/index.ts); an instance still on the previous
 * version fails its inserts until it is replaced (docs/decisions.md, 2026-11-29).
 */
export const extraImports: PgMigration = {
  id: 22,
  name: 'extra-imports',
  up: `
    ALTER TABLE forms ADD COLUMN accept_undeclared BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE submissions ADD COLUMN extra TEXT;
    ALTER TABLE submissions ADD COLUMN import_id TEXT COLLATE "C";
    CREATE UNIQUE INDEX submissions_import ON submissions (form_id, import_id) WHERE import_id IS NOT NULL;
    DROP FUNCTION IF EXISTS formstead_insert_submission(TEXT, TEXT, INTEGER, TEXT, TEXT, BOOLEAN, TEXT, INTEGER,
      INTEGER, TEXT, TEXT, INTEGER, TEXT, TEXT, TEXT[], BOOLEAN, TEXT, TEXT, TEXT);
  `,
};
