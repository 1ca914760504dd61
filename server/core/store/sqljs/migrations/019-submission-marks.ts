// The owner's marks on an answer (tags, a note, a status) and the form's notification rules (issue 34).
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * submissions.tags (a JSON array of lower-case tags), note and status ('new', 'seen' or 'done'); forms.notify_rules
 * (a JSON array of `{when, email}`). Filters by tag and status scan the form's rows like the text filter does.
 */
export const submissionMarks: Migration = {
  id: 19,
  name: 'submission-marks',
  up: `
    ALTER TABLE submissions ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
    ALTER TABLE forms ADD COLUMN notify_rules TEXT NOT NULL DEFAULT '[]';
  `,
};
