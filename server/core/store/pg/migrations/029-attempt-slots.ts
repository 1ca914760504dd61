// The webhook attempt log on PostgreSQL gets fixed places again: each form's lines sit in slots 0..99 that
// are overwritten in place. Migration 11's log keyed its lines by their number and overwrote the oldest of
// a form's newest 100 with a new number and time, so every overwrite added entries to both of its indexes
// (no HOT update) and finding that line walked a backward index scan past the dead ones (OFFSET 99): ~190
// µs of a delivery's ~1,000 µs of PostgreSQL time (docs/performance.md, issue 37).
import type { PgMigration } from './types.ts';

/**
 * `slot` comes back (the key is (form_id, slot)); the lines a form holds beyond its newest 100 (recordings
 * that raced while its first 100 were written; the log never showed them) go, the rest are numbered 0..k-1
 * newest first. Nothing a recording writes is indexed any more (the index on (form_id, created_at, n) goes:
 * a form's reads sort at most 100 lines), and pages keep room, so an overwrite is a HOT update that adds
 * no index entry. 100 is the spec's log size (6.7; DELIVERY_LOG_SIZE). How a slot is chosen without a
 * counter on the form row: functions/formstead_record_attempt.ts. Deliveries keep room in their pages too,
 * so a take's lease (leased_until, not indexed) is a HOT update rather than a new entry in each of the
 * table's four indexes.
 */
export const attemptSlots: PgMigration = {
  id: 29,
  name: 'attempt-slots',
  up: `
ALTER TABLE webhook_attempts ADD COLUMN slot INTEGER;
WITH ranked AS (
  SELECT form_id, n, row_number() OVER (PARTITION BY form_id ORDER BY created_at DESC, n DESC) - 1 AS r
    FROM webhook_attempts)
UPDATE webhook_attempts w SET slot = ranked.r FROM ranked WHERE w.form_id = ranked.form_id AND w.n = ranked.n;
DELETE FROM webhook_attempts WHERE slot >= 100;
ALTER TABLE webhook_attempts ALTER COLUMN slot SET NOT NULL;
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey;
ALTER TABLE webhook_attempts ADD PRIMARY KEY (form_id, slot);
DROP INDEX webhook_attempts_recent;
ALTER TABLE webhook_attempts SET (fillfactor = 50);
ALTER TABLE webhook_deliveries SET (fillfactor = 70);`,
};
