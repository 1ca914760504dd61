// The admin panel's tables: workspace invites, and an index for the forms list's per-day chart.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `invites` holds pending invitations (only a hash of the link's token; a link works once and for
 * 7 days). `submissions_form_time` lets the 30-day chart read only the last 30 days of each form.
 */
export const admin: Migration = {
  id: 4,
  name: 'admin',
  up: `
    CREATE TABLE invites (
      id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, workspace_id TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('owner','editor','viewer')), created_by TEXT NOT NULL,
      created_at TEXT NOT NULL, expires_at TEXT NOT NULL);
    CREATE INDEX invites_workspace ON invites (workspace_id, created_at);
    CREATE INDEX submissions_form_time ON submissions (form_id, created_at);
  `,
};
