// An answer restored from Spam keeps its time, and its retention counts from the restore.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `retain_from` is when the form's retention period starts for a submission when that is not its
 * `created_at`: set to the moment of "Not spam", so an answer caught weeks ago is not deleted by the
 * next sweep of a short retention the moment it is restored. Null for every other submission.
 */
export const retainFrom: Migration = {
  id: 11,
  name: 'retain-from',
  up: `ALTER TABLE submissions ADD COLUMN retain_from TEXT;`,
};
