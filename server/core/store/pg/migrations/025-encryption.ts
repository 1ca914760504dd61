// End-to-end encrypted forms (issue 35), as the embedded store's migration 23.
import type { PgMigration } from './types.ts';

/**
 * `forms.encryption`: the form's `encryption` setting as JSON text, NULL or 'null' when off. Encrypted
 * answers need no column: their `data` is `{"encrypted": ...}`. A nullable column without a default
 * rewrites no rows.
 */
export const encryption: PgMigration = {
  id: 25,
  name: 'encryption',
  up: `ALTER TABLE forms ADD COLUMN encryption TEXT;`,
};
