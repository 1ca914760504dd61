// Drafts of the admin panel's builder: a definition being edited, kept on the server so another
// device sees it (ARCHITECTURE.md "Forms made by people").
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * One row per draft. `form_id` is NULL for a brand-new form that was never published, else the form
 * the draft changes; the partial unique index keeps at most one draft per form. `text` is the JSON as
 * the person typed it (it may not parse). `base_version` is the form's version when the draft began.
 * Drafts die with their form (`formOwnedTables`). The delivery index serves deleting one submission
 * (its deliveries are cancelled and their payloads emptied) without a scan of the form's deliveries.
 */
export const drafts: Migration = {
  id: 7,
  name: 'drafts',
  up: `
    CREATE TABLE drafts (
      id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, form_id TEXT, text TEXT NOT NULL,
      base_version INTEGER, updated_at TEXT NOT NULL, updated_by TEXT NOT NULL);
    CREATE UNIQUE INDEX drafts_form ON drafts (form_id) WHERE form_id IS NOT NULL;
    CREATE INDEX drafts_new ON drafts (workspace_id, updated_at) WHERE form_id IS NULL;
    CREATE INDEX webhook_deliveries_submission ON webhook_deliveries (submission_id);
  `,
};
