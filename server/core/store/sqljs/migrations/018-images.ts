// A form's images (ARCHITECTURE.md Wave 4 "Images and rich text"): only their metadata lives in the
// database; the bytes are files named by id under FORMSTEAD_FILES_DIR/images.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/** One row per image of a form, deleted with it (sqljs/forms.ts `formOwnedTables`). */
export const images: Migration = {
  id: 18,
  name: 'images',
  up: `
    CREATE TABLE images (
      id TEXT PRIMARY KEY, form_id TEXT NOT NULL, type TEXT NOT NULL, size INTEGER NOT NULL,
      width INTEGER NOT NULL, height INTEGER NOT NULL, created_at TEXT NOT NULL);
    CREATE INDEX images_form ON images (form_id, created_at);
  `,
};
