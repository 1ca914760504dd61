// Drafts of the admin panel's builder on sql.js (migration 007).
import type { DurableDatabase } from '../../../lib/durable/durable-db.ts';
import { toDraft } from '../rows.ts';
import type { Store } from '../types.ts';

/** The drafts part of the store. */
export function draftQueries(db: DurableDatabase): Store['drafts'] {
  return {
    byId: async (id) => {
      const row = db.get('SELECT * FROM drafts WHERE id = ?', [id]);
      return row && toDraft(row);
    },
    byForm: async (formId) => {
      const row = db.get('SELECT * FROM drafts WHERE form_id = ?', [formId]);
      return row && toDraft(row);
    },
    listNew: async (workspaceId) =>
      db
        .all('SELECT * FROM drafts WHERE workspace_id = ? AND form_id IS NULL ORDER BY updated_at DESC, id DESC', [
          workspaceId,
        ])
        .map(toDraft),
    formsWithDraft: async (workspaceId) =>
      new Set(
        db
          .all<{ form_id: string }>('SELECT form_id FROM drafts WHERE workspace_id = ? AND form_id IS NOT NULL', [
            workspaceId,
          ])
          .map((r) => r.form_id),
      ),
    put: async (d) => {
      await db.write((tx) => {
        // One draft per form (the unique index): a new one for a form replaces the old in the same write.
        if (d.formId !== null) tx.run('DELETE FROM drafts WHERE form_id = ?', [d.formId]);
        tx.run(
          'INSERT INTO drafts (id, workspace_id, form_id, text, base_version, updated_at, updated_by, settings, ' +
            'new_form_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
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
      db.write(
        (tx) =>
          tx.run(
            'UPDATE drafts SET text = COALESCE(?, text), settings = COALESCE(?, settings), updated_at = ?, ' +
              'updated_by = ? WHERE id = ?',
            [p.text ?? null, p.settings ? JSON.stringify(p.settings) : null, p.updatedAt, p.updatedBy, id],
          ).changes === 1,
      ),
    delete: async (id) => db.write((tx) => tx.run('DELETE FROM drafts WHERE id = ?', [id]).changes === 1),
  };
}
