// A new form's draft carries what its first publish applies (docs/decisions.md 2026-11-29 "A new form's
// settings and pictures before its first publish").
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `settings`: the settings the builder set for a form never published (a JSON object of settings keys, '{}'
 * for none), applied by the first publish in the write that creates the form. `new_form_id`: the id that
 * publish gives the form, chosen with the draft so its pictures can belong to it before it exists (NULL for a
 * form's draft). Drafts made before this take the first 10 hex digits of their own (random) id, characters of a
 * form id's alphabet: derived, not drawn, because the journal replays a migration's statements
 * (docs/storage.md "deterministic SQL only").
 */
export const draftSettings: Migration = {
  id: 26,
  name: 'draft-settings',
  up: `
    ALTER TABLE drafts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE drafts ADD COLUMN new_form_id TEXT;
    UPDATE drafts SET new_form_id = substr(replace(id, '-', ''), 1, 10) WHERE form_id IS NULL;
  `,
};
