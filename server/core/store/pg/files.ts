// File metadata on PostgreSQL (the bytes never enter the database: they are files in FORMSTEAD_FILES_DIR).
import { toFile } from '../rows.ts';
import type { Store } from '../types.ts';
import type { PgDatabase, Row } from './db.ts';

const ids = (rows: Row[]) => rows.map((r) => r.id as string);

/** The files part of the store; a submission attaches its uploads inside its own insert (submissions.ts). */
export function fileQueries(db: PgDatabase): Store['files'] {
  return {
    insert: async (f) => {
      await db.q(
        `INSERT INTO files (id, form_id, field_key, submission_id, name, size, type, created_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [f.id, f.formId, f.fieldKey, f.submissionId, f.name, f.size, f.type, f.createdAt],
      );
    },
    byId: async (id) => {
      const row = await db.get('SELECT * FROM files WHERE id = $1', [id]);
      return row && toFile(row);
    },
    byIds: async (list) =>
      list.length ? (await db.q('SELECT * FROM files WHERE id = ANY($1::text[])', [list])).rows.map(toFile) : [],
    idsOfForm: async (formId) => ids((await db.q('SELECT id FROM files WHERE form_id = $1', [formId])).rows),
    idsOfSubmissions: async (list) =>
      list.length ? ids((await db.q('SELECT id FROM files WHERE submission_id = ANY($1::text[])', [list])).rows) : [],
    unusedBefore: async (before, limit) =>
      ids(
        (
          await db.q(
            'SELECT id FROM files WHERE submission_id IS NULL AND created_at < $1 ORDER BY created_at, id LIMIT $2',
            [before, limit],
          )
        ).rows,
      ),
    delete: async (list) => {
      if (list.length) await db.q('DELETE FROM files WHERE id = ANY($1::text[])', [list]);
    },
  };
}
