// The owner's marks on an answer (tags, a note, a status) and the form's notification rules (issue 34).
import type { PgMigration } from './types.ts';

/**
 * As the embedded store's migration 019: submissions.tags (JSON text, read with ::jsonb for the tag filter), note
 * and status; forms.notify_rules (JSON text). Adding columns with constant defaults rewrites no rows.
 */
export const submissionMarks: PgMigration = {
  id: 21,
  name: 'submission-marks',
  up: `
    ALTER TABLE submissions ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN status TEXT COLLATE "C" NOT NULL DEFAULT 'new';
    ALTER TABLE forms ADD COLUMN notify_rules TEXT NOT NULL DEFAULT '[]';
  `,
};
