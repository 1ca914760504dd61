// Imported answers the import did not send on (notify off) are kept out of the response mail
// (docs/decisions.md 2026-11-30 "Imported answers are quiet for the response mail").
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `submissions.mail_quiet`: 1 for a row an import stored without `notify=1`; the response mail neither lists nor
 * counts it, and its mark moves past it (forms.claimResponseMail). Rows stored before this were all mailed or
 * waiting as answers, so they stay 0.
 */
export const mailQuiet: Migration = {
  id: 27,
  name: 'mail-quiet',
  up: `
    ALTER TABLE submissions ADD COLUMN mail_quiet INTEGER NOT NULL DEFAULT 0;
  `,
};
