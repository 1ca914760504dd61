// Daily counters of how a form does (ARCHITECTURE.md "Knowing how a form does"): counts only.
import type { PgMigration } from './types.ts';

const T = 'TEXT COLLATE "C"';

/**
 * As the embedded store's migration 014: one row per form, UTC day, kind, step and source, with the
 * completions already stored counted in under no source. Every instance adds its own deltas with
 * INSERT ... ON CONFLICT DO UPDATE SET n = n + EXCLUDED.n (pg/stats.ts), so the rows need no lock of ours.
 */
export const dailyCounts: PgMigration = {
  id: 14,
  name: 'daily-counts',
  up: `
CREATE TABLE form_daily_counts (
  form_id ${T} NOT NULL,
  day ${T} NOT NULL,
  kind ${T} NOT NULL,
  step ${T} NOT NULL,
  source ${T} NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (form_id, day, kind, step, source)
);
INSERT INTO form_daily_counts (form_id, day, kind, step, source, n)
  SELECT form_id, substr(created_at, 1, 10), 'completion', '', '', COUNT(*) FROM submissions
  GROUP BY form_id, substr(created_at, 1, 10);`,
};
