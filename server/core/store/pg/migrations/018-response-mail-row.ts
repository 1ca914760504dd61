// The response mail's mark on a row of its own (issue 37): the mail job used to lock the form's row FOR
// UPDATE to read and move it, and while it waited for the inserts in flight (each holds that row FOR KEY
// SHARE) every new insert of the form queued behind it.
import type { PgMigration } from './types.ts';

/**
 * `form_response_mail` holds, per form, the last submission (by seq) a response mail covered and when
 * that mail went (what forms.response_mail_seq and response_mail_at held). Only the mail job and the
 * settings write it, so its row lock keeps two instances' claims apart without touching an insert; the
 * claim waits for the inserts in flight another way (functions/formstead_mail_horizon.ts). The row is
 * made with the form and goes with it (pg/forms.ts `formOwnedTables`). The old columns are dropped: an
 * instance still on the previous version fails its response mail claims until it is replaced (the
 * answers wait for the new instances' sweep; none is lost) (docs/decisions.md, 2026-11-29).
 */
export const responseMailRow: PgMigration = {
  id: 18,
  name: 'response-mail-row',
  up: `
    CREATE TABLE form_response_mail (form_id TEXT COLLATE "C" PRIMARY KEY, seq BIGINT NOT NULL DEFAULT 0,
      at TEXT COLLATE "C");
    INSERT INTO form_response_mail (form_id, seq, at) SELECT id, response_mail_seq, response_mail_at FROM forms;
    ALTER TABLE forms DROP COLUMN response_mail_seq;
    ALTER TABLE forms DROP COLUMN response_mail_at;
  `,
};
