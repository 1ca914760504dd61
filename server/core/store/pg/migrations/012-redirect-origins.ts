// The sites a form post's `_next` may send people back to (docs/api.md `redirect_origins`).
import type { PgMigration } from './types.ts';

/** As the embedded store's migration 012: a JSON array of normalised origins, `[]` for none. */
export const redirectOrigins: PgMigration = {
  id: 12,
  name: 'redirect-origins',
  up: `ALTER TABLE forms ADD COLUMN redirect_origins TEXT COLLATE "C" NOT NULL DEFAULT '[]';`,
};
