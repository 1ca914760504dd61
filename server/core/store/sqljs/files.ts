// File metadata on sql.js (the bytes never enter the database).
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import { toFile } from '../rows.ts';
import type { Store } from '../types.ts';

/** `?, ?, ?` for an IN list. */
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The files part of the store. */
export function fileQueries(db: DurableDatabase): Store['files'] {
  return {
    insert: async (f) => {
      await db.write((tx) =>
        tx.run(
          'INSERT INTO files (id, form_id, field_key, submission_id, name, size, type, created_at) ' +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [f.id, f.formId, f.fieldKey, f.submissionId, f.name, f.size, f.type, f.createdAt],
        ),
      );
    },
    byId: async (id) => {
      const row = db.get('SELECT * FROM files WHERE id = ?', [id]);
      return row ? toFile(row) : undefined;
    },
    byIds: async (ids) =>
      ids.length ? db.all(`SELECT * FROM files WHERE id IN (${marks(ids.length)})`, ids).map(toFile) : [],
    idsOfForm: async (formId) =>
      db.all<{ id: string }>('SELECT id FROM files WHERE form_id = ?', [formId]).map((r) => r.id),
    idsOfSubmissions: async (ids) =>
      ids.length
        ? db
            .all<{ id: string }>(`SELECT id FROM files WHERE submission_id IN (${marks(ids.length)})`, ids)
            .map((r) => r.id)
        : [],
    unusedBefore: async (before, limit) =>
      db
        .all<{ id: string }>(
          'SELECT id FROM files WHERE submission_id IS NULL AND created_at < ? ORDER BY created_at LIMIT ?',
          [before, limit],
        )
        .map((r) => r.id),
    delete: async (ids) => {
      if (!ids.length) return;
      await db.write((tx) => {
        tx.run(`DELETE FROM files WHERE id IN (${marks(ids.length)})`, ids);
      });
    },
  };
}

/** Inside a submission's write: attaches its uploads, or answers false (nothing written) when one is gone or taken. */
export function attachFiles(
  tx: { get<T>(sql: string, params: SqlValue[]): T | undefined; run(sql: string, params: SqlValue[]): unknown },
  submissionId: string,
  ids: string[],
): boolean {
  if (!ids.length) return true;
  const free =
    tx.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM files WHERE submission_id IS NULL AND id IN (${marks(ids.length)})`,
      ids,
    )?.n ?? 0;
  if (free !== ids.length) return false;
  tx.run(`UPDATE files SET submission_id = ? WHERE id IN (${marks(ids.length)})`, [submissionId, ...ids]);
  return true;
}
