// The response mail's mark on a row of its own, as the PostgreSQL store's migration 18 (where it keeps
// the mail job off the form row that every insert holds), so both schemas keep one shape and
// `formstead migrate` copies the table as it is.
import type { Migration } from '../../../../lib/durable/durable-db.ts';

/**
 * `form_response_mail` holds, per form, the last submission (by seq) a response mail covered and when
 * that mail went (what forms.response_mail_seq and response_mail_at held); made with the form and
 * deleted with it (sqljs/forms.ts `formOwnedTables`).
 */
export const responseMailRow: Migration = {
  id: 16,
  name: 'response-mail-row',
  up: `
    CREATE TABLE form_response_mail (form_id TEXT PRIMARY KEY, seq INTEGER NOT NULL DEFAULT 0, at TEXT);
    INSERT INTO form_response_mail (form_id, seq, at) SELECT id, response_mail_seq, response_mail_at FROM forms;
    ALTER TABLE forms DROP COLUMN response_mail_seq;
    ALTER TABLE forms DROP COLUMN response_mail_at;
  `,
};
