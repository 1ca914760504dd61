// Uploaded files (ARCHITECTURE.md "Files"): only their metadata lives in the database; the bytes are
// files named by id under FORMSTEAD_FILES_DIR.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * One row per stored file. `submission_id` is NULL while the file is an upload no submission has
 * used yet (swept after 24 h); the form and field it was uploaded for are fixed at upload time.
 */
export const files: Migration = {
  id: 8,
  name: 'files',
  up: `
    CREATE TABLE files (
      id TEXT PRIMARY KEY, form_id TEXT NOT NULL, field_key TEXT NOT NULL, submission_id TEXT,
      name TEXT NOT NULL, size INTEGER NOT NULL, type TEXT NOT NULL, created_at TEXT NOT NULL);
    CREATE INDEX files_form ON files (form_id);
    CREATE INDEX files_submission ON files (submission_id);
    CREATE INDEX files_unused ON files (created_at) WHERE submission_id IS NULL;
  `,
};
