// A form's images (ARCHITECTURE.md Wave 4 "Images and rich text"): only their metadata lives in the
// database; the bytes are files named by id under FORMSTEAD_FILES_DIR/images.
import type { PgMigration } from './types.ts';

/** As the embedded store's migration 018: one row per image of a form, deleted with it (pg/forms.ts). */
export const images: PgMigration = {
  id: 20,
  name: 'images',
  up: `
    CREATE TABLE images (
      id TEXT COLLATE "C" PRIMARY KEY, form_id TEXT COLLATE "C" NOT NULL, type TEXT NOT NULL,
      size INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL, created_at TEXT COLLATE "C" NOT NULL);
    CREATE INDEX images_form ON images (form_id, created_at);
  `,
};
