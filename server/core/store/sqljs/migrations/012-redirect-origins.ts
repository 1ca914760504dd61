// The sites a form post's `_next` may send people back to (docs/api.md `redirect_origins`).
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/** `redirect_origins`: a JSON array of normalised origins (`https://host[:port]`), `[]` for none. */
export const redirectOrigins: Migration = {
  id: 12,
  name: 'redirect-origins',
  up: `ALTER TABLE forms ADD COLUMN redirect_origins TEXT NOT NULL DEFAULT '[]';`,
};
