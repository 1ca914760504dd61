// Daily counters of how a form does (ARCHITECTURE.md "Knowing how a form does"): counts only.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * One row per form, UTC day, kind (view, start, step, completion, duration), step (a step id, or a duration
 * bucket) and source (a referrer host or utm label, '' for none): bounded by the counting service, which
 * admits only the form's step ids and at most 20 sources per form and day. Completions already stored are
 * counted into it now, under no source, so a form's history does not start at zero on the upgrade.
 */
export const dailyCounts: Migration = {
  id: 14,
  name: 'daily-counts',
  up: `
CREATE TABLE form_daily_counts (
  form_id TEXT NOT NULL,
  day TEXT NOT NULL,
  kind TEXT NOT NULL,
  step TEXT NOT NULL,
  source TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (form_id, day, kind, step, source)
);
INSERT INTO form_daily_counts (form_id, day, kind, step, source, n)
  SELECT form_id, substr(created_at, 1, 10), 'completion', '', '', COUNT(*) FROM submissions
  GROUP BY form_id, substr(created_at, 1, 10);`,
};
