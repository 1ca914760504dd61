// The mail outbox on sql.js: mail held when no SMTP server is configured or sending failed.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import { toOutbox } from '../rows.ts';
import type { Store } from '../types.ts';

/** The outbox part of the store. */
export function outboxQueries(db: DurableDatabase): Store['outbox'] {
  return {
    add: async (m) => {
      await db.write((tx) =>
        tx.run(
          'INSERT INTO outbox (id, recipients, subject, body, created_at, error, form_id, submission_ids) ' +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [
            m.id,
            JSON.stringify(m.recipients),
            m.subject,
            m.body,
            m.createdAt,
            m.error,
            m.formId,
            JSON.stringify(m.submissionIds),
          ],
        ),
      );
    },
    sweep: async (olderThan) =>
      db.write((tx) => tx.run('DELETE FROM outbox WHERE created_at < ?', [olderThan]).changes),
    count: async () => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox')?.n ?? 0,
    list: async (limit) =>
      db.all('SELECT * FROM outbox ORDER BY created_at DESC, rowid DESC LIMIT ?', [limit]).map(toOutbox),
    about: async (formId, submissionIds) =>
      submissionIds.length === 0
        ? []
        : db
            .all(
              'SELECT * FROM outbox WHERE form_id = ? AND EXISTS (SELECT 1 FROM json_each(outbox.submission_ids) ' +
                'WHERE value IN (SELECT value FROM json_each(?))) ORDER BY created_at, rowid',
              [formId, JSON.stringify(submissionIds)],
            )
            .map(toOutbox),
  };
}
