// A form that closes itself (a date, a number of responses) with its own message, and a readable address.
import type { PgMigration } from './types.ts';

/** As the embedded store's migration 015: close_at, response_limit, closed_message and a unique slug. */
export const closing: PgMigration = {
  id: 15,
  name: 'closing',
  up: `
    ALTER TABLE forms ADD COLUMN close_at TEXT COLLATE "C" NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN response_limit INTEGER;
    ALTER TABLE forms ADD COLUMN closed_message TEXT NOT NULL DEFAULT '';
    ALTER TABLE forms ADD COLUMN slug TEXT COLLATE "C" NOT NULL DEFAULT '';
    CREATE UNIQUE INDEX forms_slug ON forms (slug) WHERE slug <> '';
  `,
};
