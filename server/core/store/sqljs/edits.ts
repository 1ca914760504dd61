// store.edits on sql.js: respondents' edit links and their edits (docs/storage.md "Answer edits"). An edit
// moves the answer's values into a revision, appends an `edit` link after the answer's last link (found by
// submissions.chain_pos, which then names the edit's link) and writes its idempotency record and delivery.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import { IDEMPOTENCY_WINDOW_MS } from '../types/submissions.ts';
import { toIdempotency } from '../rows.ts';
import type { EditOutcome, Store } from '../types.ts';
import { appendLinks } from './chain.ts';

const INSERT_DELIVERY =
  'INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at, ' +
  'channel) VALUES (?, ?, ?, ?, ?, ?, ?)';

/** store.edits on sql.js. */
export function editQueries(db: DurableDatabase): Store['edits'] {
  return {
    addLink: async (hash, l) => {
      await db.write((tx) =>
        tx.run('INSERT INTO edit_links (hash, form_id, submission_id, expires_at) VALUES (?, ?, ?, ?)', [
          hash,
          l.formId,
          l.submissionId,
          l.expiresAt,
        ]),
      );
    },
    link: async (hash) => {
      const r = db.get<{ form_id: string; submission_id: string; expires_at: string }>(
        'SELECT form_id, submission_id, expires_at FROM edit_links WHERE hash = ?',
        [hash],
      );
      return r && { formId: r.form_id, submissionId: r.submission_id, expiresAt: r.expires_at };
    },
    apply: async (e) =>
      db.write((tx): EditOutcome => {
        if (e.idempotency) {
          const taken = tx.get<Record<string, SqlValue> & { created_at: string }>(
            'SELECT * FROM idempotency WHERE form_id = ? AND key = ?',
            [e.formId, e.idempotency.key],
          );
          const cutoff = new Date(Date.parse(e.at) - IDEMPOTENCY_WINDOW_MS).toISOString();
          if (taken && taken.created_at >= cutoff) return { kind: 'replay', record: toIdempotency(taken) };
          if (taken) tx.run('DELETE FROM idempotency WHERE form_id = ? AND key = ?', [e.formId, e.idempotency.key]);
        }
        const row = tx.get<{ data: string; chain_pos: number | null }>(
          'SELECT data, chain_pos FROM submissions WHERE form_id = ? AND id = ?',
          [e.formId, e.submissionId],
        );
        if (!row) return { kind: 'gone' };
        const replaced =
          row.chain_pos === null
            ? null
            : (tx.get<{ hash: string }>('SELECT hash FROM answer_links WHERE form_id = ? AND pos = ?', [
                e.formId,
                row.chain_pos,
              ])?.hash ?? null);
        const n =
          (tx.get<{ n: number | null }>(
            'SELECT MAX(n) AS n FROM submission_revisions WHERE form_id = ? AND submission_id = ?',
            [e.formId, e.submissionId],
          )?.n ?? 0) + 1;
        const [pos] = appendLinks(tx, e.formId, [
          {
            kind: 'edit',
            answerId: e.submissionId,
            at: e.at,
            deletedHash: replaced,
            digest: e.digest(replaced),
          },
        ]);
        tx.run(
          'INSERT INTO submission_revisions (form_id, submission_id, n, at, data, link_pos) VALUES (?, ?, ?, ?, ?, ?)',
          [e.formId, e.submissionId, n, e.at, row.data, row.chain_pos],
        );
        tx.run(
          'UPDATE submissions SET data = ?, form_version = ?, hidden_chars = ?, chain_pos = ? ' +
            'WHERE form_id = ? AND id = ?',
          [JSON.stringify(e.values), e.formVersion, e.hiddenChars ? 1 : 0, pos, e.formId, e.submissionId],
        );
        if (e.idempotency) {
          const i = e.idempotency;
          tx.run(
            'INSERT INTO idempotency (form_id, key, body_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)',
            [e.formId, i.key, i.bodyHash, i.status, i.response, e.at],
          );
        }
        const d = e.delivery;
        if (d)
          tx.run(INSERT_DELIVERY, [
            d.id,
            e.formId,
            e.submissionId,
            d.payload,
            d.nextAttemptAt,
            e.at,
            d.channel ?? 'webhook',
          ]);
        return { kind: 'edited', revision: n };
      }),
    revisions: async (formId, submissionId) =>
      db
        .all<{ n: number; at: string; data: string }>(
          'SELECT n, at, data FROM submission_revisions WHERE form_id = ? AND submission_id = ? ORDER BY n',
          [formId, submissionId],
        )
        .map((r) => ({ n: Number(r.n), at: r.at, values: JSON.parse(r.data) })),
  };
}

/** What a deletion of answer `id` removes of its edits (run inside the deletion's write). */
export const DELETE_EDITS = [
  'DELETE FROM edit_links WHERE form_id = ? AND submission_id = ?',
  'DELETE FROM submission_revisions WHERE form_id = ? AND submission_id = ?',
];
