// A form that closes itself (a date, a number of responses) with its own message, and a readable address.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `close_at` ('' for none) and `response_limit` (null for none) close the form; `closed_message` is what
 * people then see ('' for the default). `slug` is the form's own address (`/f/{slug}`, '' for none),
 * unique among forms that have one.
 */
export const closing: Migration = {
  id: 15,
  name: 'closing',
  up: `
    ALTER TABLE forms ADD COLUMN close_at TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN response_limit INTEGER;
    ALTER TABLE forms ADD COLUMN closed_message TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN slug TEXT NOT NULL DEFAULT '';
    CREATE UNIQUE INDEX forms_slug ON forms (slug) WHERE slug <> '';
  `,
};
