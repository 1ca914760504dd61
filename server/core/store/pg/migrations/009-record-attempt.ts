// Made the record of a webhook attempt one function, formstead_record_attempt, so it is one round trip
// instead of six (docs/performance.md); migration 11 changed its body. Its text is now
// functions/formstead_record_attempt.ts, which the store applies after the migrations; this migration
// makes nothing any more. (Id 9: 7 and 8 are the outbox's and retention's.)
import type { PgMigration } from './types.ts';

/** Nothing: the function it made lives in functions/ (a database that ran it has it replaced once). */
export const recordAttempt: PgMigration = {
  id: 9,
  name: 'record-attempt',
  up: '-- formstead_record_attempt: functions/formstead_record_attempt.ts',
};
