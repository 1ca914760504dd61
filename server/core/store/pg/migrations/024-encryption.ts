// End-to-end encrypted forms (issue 35), as the embedded store's migration 22.
import type { PgMigration } from './types.ts';

/**
 * `forms.encryption`: the form's `encryption` setting as JSON text, NULL or 'null' when off. Encrypted
 * answers need no column: their `data` is `{"encrypted": ...}`. A nullable column without a default
 * rewrites no rows.
 */
export const encryption: PgMigration = {
  id: 24,
  name: 'encryption',
  up: `ALTER TABLE forms ADD COLUMN encryption TEXT;`,
};
