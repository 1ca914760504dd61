// Made the submission write one function, formstead_insert_submission, so an insert is one round trip
// instead of six (docs/performance.md). Its text is now functions/formstead_insert_submission.ts, which
// the store applies after the migrations; this migration makes nothing any more. It stays in the list, so
// the ids of the later ones keep their meaning and a database that ran it reads the same record.
import type { PgMigration } from './types.ts';

/** Nothing: the function it made lives in functions/ (a database that ran it has it replaced once). */
export const insertSubmission: PgMigration = {
  id: 6,
  name: 'insert-submission',
  up: '-- formstead_insert_submission: functions/formstead_insert_submission.ts',
};
