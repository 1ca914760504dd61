// Undeclared inputs of HTML posts and imported rows (issue 36), as the PostgreSQL store's migration 22.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `forms.accept_undeclared` (off by default): an HTML post keeps its named inputs that are no field.
 * `submissions.extra`: those inputs as a JSON object of text, NULL when none. `submissions.import_id`:
 * the row id an import gave the submission, unique per form, so importing a file again stores nothing twice.
 */
export const extraImports: Migration = {
  id: 20,
  name: 'extra-imports',
  up: `
    ALTER TABLE forms ADD COLUMN accept_undeclared INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE submissions ADD COLUMN extra TEXT;
    ALTER TABLE submissions ADD COLUMN import_id TEXT;
    CREATE UNIQUE INDEX submissions_import ON submissions (form_id, import_id) WHERE import_id IS NOT NULL;
  `,
};
