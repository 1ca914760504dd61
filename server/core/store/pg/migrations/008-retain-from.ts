// An answer restored from Spam keeps its time, and its retention counts from the restore.
import type { PgMigration } from './types.ts';

/** As the embedded store's migration 011: when the retention period starts, if not at `created_at`. */
export const retainFrom: PgMigration = {
  id: 8,
  name: 'retain-from',
  up: `ALTER TABLE submissions ADD COLUMN retain_from TEXT COLLATE "C";`,
};
