// End-to-end encrypted forms (issue 35), as the PostgreSQL store's migration 25.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `forms.encryption`: the form's `encryption` setting as JSON text (public key, key id, wrapped private
 * key), NULL or 'null' when off. Encrypted answers need no column: their `data` is `{"encrypted": ...}`.
 */
export const encryption: Migration = {
  id: 23,
  name: 'encryption',
  up: `ALTER TABLE forms ADD COLUMN encryption TEXT;`,
};
