// A new form's draft carries what its first publish applies (docs/decisions.md 2026-11-29 "A new form's
// settings and pictures before its first publish").
import type { PgMigration } from './types.ts';

/** As the embedded store's migration 026 (the same ids for older drafts): a new form's pending settings and form id. */
export const draftSettings: PgMigration = {
  id: 28,
  name: 'draft-settings',
  up: `
    ALTER TABLE drafts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE drafts ADD COLUMN new_form_id TEXT COLLATE "C";
    UPDATE drafts SET new_form_id = substr(replace(id, '-', ''), 1, 10) WHERE form_id IS NULL;
  `,
};
