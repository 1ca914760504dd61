// The webhook attempt log on PostgreSQL without the form-row lock: recording an attempt used to lock its
// form's row until the commit was flushed (migration 9: the ring's per-form counter and the streak
// lived there), so the deliveries of one form were recorded one after another across all instances, at
// most one per commit flush (docs/performance.md, pg-deliveries). Now the success path of a healthy form
// writes nothing that another attempt of the same form waits on. sql.js keeps its ring: one process.
import type { PgMigration } from './types.ts';

/**
 * The log: `slot` and the key (form_id, slot) go; `n` takes its numbers from one sequence for all forms
 * (BIGINT, started past every number already there, so each form's lines keep their order), the key is
 * (form_id, n) (lines copied from a data folder keep their per-form numbers, which repeat across
 * forms), and an index on (form_id, created_at, n) serves the reads' order and the choice of the line a
 * new one overwrites.
 * forms.webhook_log_count (the ring's counter) is dropped: nothing counts a form's lines any more, and a
 * column left behind would read as if it still did.
 *
 * The new body of `formstead_record_attempt` that went with it (same signature, so an instance still on
 * the previous version calls the new body), and how it keeps the log at the newest lines without a
 * counter, are in functions/formstead_record_attempt.ts, which the store applies after the migrations.
 */
export const attemptLog: PgMigration = {
  id: 11,
  name: 'attempt-log',
  up: `
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey;
ALTER TABLE webhook_attempts DROP COLUMN slot;
ALTER TABLE webhook_attempts ALTER COLUMN n TYPE BIGINT;
CREATE SEQUENCE webhook_attempts_n_seq OWNED BY webhook_attempts.n;
ALTER TABLE webhook_attempts ALTER COLUMN n SET DEFAULT nextval('webhook_attempts_n_seq');
SELECT setval('webhook_attempts_n_seq', COALESCE((SELECT max(n) FROM webhook_attempts), 0) + 1, false);
ALTER TABLE webhook_attempts ADD PRIMARY KEY (form_id, n);
CREATE INDEX webhook_attempts_recent ON webhook_attempts (form_id, created_at, n);
ALTER TABLE forms DROP COLUMN webhook_log_count;`,
};
