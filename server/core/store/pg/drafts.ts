// Drafts of the admin panel's builder on PostgreSQL.
import { toDraft } from '../rows.ts';
import type { Store } from '../types.ts';
import { LockClass, lockKey, type PgDatabase } from './db.ts';

/** The drafts part of the store. */
export function draftQueries(db: PgDatabase): Store['drafts'] {
  return {
    byId: async (id) => {
      const row = await db.get('SELECT * FROM drafts WHERE id = $1', [id]);
      return row && toDraft(row);
    },
    byForm: async (formId) => {
      const row = await db.get('SELECT * FROM drafts WHERE form_id = $1', [formId]);
      return row && toDraft(row);
    },
    listNew: async (workspaceId) =>
      (
        await db.q(
          'SELECT * FROM drafts WHERE workspace_id = $1 AND form_id IS NULL ORDER BY updated_at DESC, id DESC',
          [workspaceId],
        )
      ).rows.map(toDraft),
    formsWithDraft: async (workspaceId) =>
      new Set(
        (
          await db.q('SELECT form_id FROM drafts WHERE workspace_id = $1 AND form_id IS NOT NULL', [workspaceId])
        ).rows.map((r) => r.form_id as string),
      ),
    put: async (d) => {
      await db.tx(async (tx) => {
        if (d.formId !== null) {
          // One draft per form (the unique index): puts for one form take turns, and the new one replaces the old.
          await lockKey(tx, LockClass.drafts, d.formId);
          await tx.q('DELETE FROM drafts WHERE form_id = $1', [d.formId]);
        }
        await tx.q(
          `INSERT INTO drafts (id, workspace_id, form_id, text, base_version, updated_at, updated_by, settings,
            new_form_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            d.id,
            d.workspaceId,
            d.formId,
            d.text,
            d.baseVersion,
            d.updatedAt,
            d.updatedBy,
            JSON.stringify(d.settings),
            d.newFormId,
          ],
        );
      });
    },
    update: async (id, p) =>
      (
        await db.q(
          `UPDATE drafts SET text = COALESCE($1, text), settings = COALESCE($2, settings), updated_at = $3,
            updated_by = $4 WHERE id = $5`,
          [p.text ?? null, p.settings ? JSON.stringify(p.settings) : null, p.updatedAt, p.updatedBy, id],
        )
      ).changes === 1,
    delete: async (id) => (await db.q('DELETE FROM drafts WHERE id = $1', [id])).changes === 1,
  };
}
