// Suspected spam on sql.js: posts the anti-spam checks caught, kept apart from submissions for 30 days.
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import { toSpam } from '../rows.ts';
import type { Store } from '../types.ts';

/** The spam part of the store. */
export function spamQueries(db: DurableDatabase): Store['spam'] {
  return {
    add: async (m, max) =>
      db.write((tx) => {
        // Counted inside the write: a flood of bots cannot grow one form's spam past the cap.
        const held =
          tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM spam_submissions WHERE form_id = ?', [m.formId])?.n ?? 0;
        if (held >= max) return false;
        tx.run(
          'INSERT INTO spam_submissions (id, form_id, form_version, created_at, data, reason) ' +
            'VALUES (?, ?, ?, ?, ?, ?)',
          [m.id, m.formId, m.formVersion, m.createdAt, JSON.stringify(m.values), m.reason],
        );
        return true;
      }),
    list: async (formId, limit) =>
      db
        .all('SELECT * FROM spam_submissions WHERE form_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?', [
          formId,
          limit,
        ])
        .map(toSpam),
    count: async (formId) =>
      db.get<{ n: number }>('SELECT COUNT(*) AS n FROM spam_submissions WHERE form_id = ?', [formId])?.n ?? 0,
    byId: async (formId, id) => {
      const row = db.get('SELECT * FROM spam_submissions WHERE form_id = ? AND id = ?', [formId, id]);
      return row && toSpam(row);
    },
    delete: async (formId, id) =>
      db.write((tx) => tx.run('DELETE FROM spam_submissions WHERE form_id = ? AND id = ?', [formId, id]).changes === 1),
    sweep: async (olderThan) =>
      db.write((tx) => tx.run('DELETE FROM spam_submissions WHERE created_at < ?', [olderThan]).changes),
  };
}
