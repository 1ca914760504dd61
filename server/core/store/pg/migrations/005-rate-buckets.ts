// The rate limits' token buckets, shared by every instance on the database (store.rateBuckets).
import type { PgMigration } from './types.ts';

/**
 * UNLOGGED: a bucket is worth no WAL write per request, and after a crash of the database server
 * PostgreSQL empties the table, which only refills every bucket (the same as a restart of an embedded
 * installation). `full_at_ms` is when the bucket will be full again, so the sweep needs no rule.
 * This migration also made `formstead_rate_take`; its text is now functions/formstead_rate_take.ts, applied
 * after the migrations (a database that ran this migration before has it replaced once).
 */
export const rateBuckets: PgMigration = {
  id: 5,
  name: 'rate-buckets',
  up: `
CREATE UNLOGGED TABLE rate_buckets (
  bucket TEXT COLLATE "C" NOT NULL,
  key TEXT COLLATE "C" NOT NULL,
  tokens DOUBLE PRECISION NOT NULL,
  at_ms BIGINT NOT NULL,
  full_at_ms BIGINT NOT NULL,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_buckets_full_at ON rate_buckets (full_at_ms);`,
};
