// One busy form on many instances (ARCHITECTURE.md "One hot form on many instances"): a submission used
// to lock its form's row and its workspace's usage row until its commit was flushed, to add one to the
// counts kept there, so every submission to one form (and every submission of one workspace) took its
// turn, one per commit flush, across all instances (docs/performance.md, "Ingest on PostgreSQL").
import type { PgMigration } from './types.ts';

/**
 * Counts that concurrent inserts do not contend on: an insert that needs no turn (no cap, no quota, no
 * idempotency key, no exact count) adds one to its own row here, keyed by the form (or workspace and
 * month) and its server process (`pg_backend_pid()`, unique among the connections open at once), so no
 * two running transactions ever write the same row. Now and then the rows are folded into
 * `forms.submission_count` and `usage.submissions` (formstead_fold_counts); every read adds what is not
 * folded yet, in one statement, so it sees an exact number.
 *
 * The new body of `formstead_insert_submission` keeps its signature (functions/formstead_insert_submission.ts),
 * so an instance still on the previous version goes on storing submissions during a rolling upgrade; until
 * it is replaced, its own reads of a form's count miss what waits here.
 */
export const countSlots: PgMigration = {
  id: 17,
  name: 'count-slots',
  up: `
CREATE TABLE form_counts (form_id TEXT COLLATE "C" NOT NULL, slot INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (form_id, slot));
CREATE TABLE usage_counts (workspace_id TEXT COLLATE "C" NOT NULL, month TEXT COLLATE "C" NOT NULL,
  slot INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (workspace_id, month, slot));
DROP FUNCTION IF EXISTS formstead_insert_submission(TEXT, TEXT, INTEGER, TEXT, TEXT, BOOLEAN, TEXT, INTEGER,
  INTEGER, TEXT, TEXT, INTEGER, TEXT, TEXT, TEXT[], BOOLEAN, TEXT, TEXT, TEXT);`,
};
