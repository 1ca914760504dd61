// Imported answers the import did not send on (notify off) are kept out of the response mail
// (docs/decisions.md 2026-11-30 "Imported answers are quiet for the response mail").
import type { PgMigration } from './types.ts';

/**
 * As the embedded store's migration 027: `submissions.mail_quiet`, true for a row an import stored without
 * `notify=1`. A column with a constant default rewrites no rows, and formstead_insert_submission and
 * formstead_insert_batch leave it to its default: an import sets it in the same transaction (pg/submissions.ts).
 */
export const mailQuiet: PgMigration = {
  id: 30,
  name: 'mail-quiet',
  up: `
    ALTER TABLE submissions ADD COLUMN mail_quiet BOOLEAN NOT NULL DEFAULT false;
  `,
};
