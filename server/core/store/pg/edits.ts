// store.edits on PostgreSQL (docs/storage.md "Answer edits"): as sqljs/edits.ts. An edit locks its answer's row
// (so edits of one answer take turns and the second sees the first's idempotency record), links what waits in
// chain_pending, finds the answer's last link by the answer-id index and appends the edit link last, under the
// chain step's lock held to the commit (pg/chain.ts, as deletions do).
import { IDEMPOTENCY_WINDOW_MS } from '../types/submissions.ts';
import { toIdempotency } from '../rows.ts';
import type { EditOutcome, Store } from '../types.ts';
import type { PgDatabase } from './db.ts';

const LINK = 'SELECT formstead_chain_link($1) AS n';
const APPEND = 'SELECT formstead_chain_append($1, $2, $3, $4, $5, $6, $7)';

/** The answer's last link (its own, or its last edit's), by the index on answer ids. */
export const LAST_ANSWER_LINK =
  'SELECT DISTINCT ON (answer_id) answer_id, pos, hash FROM answer_links WHERE form_id = $1 ' +
  "AND answer_id = ANY($2::text[]) AND kind IN ('answer', 'edit') ORDER BY answer_id, pos DESC";

/** store.edits on PostgreSQL. */
export function editQueries(db: PgDatabase): Store['edits'] {
  return {
    addLink: async (hash, l) => {
      await db.q('INSERT INTO edit_links (hash, form_id, submission_id, expires_at) VALUES ($1, $2, $3, $4)', [
        hash,
        l.formId,
        l.submissionId,
        l.expiresAt,
      ]);
    },
    link: async (hash) => {
      const r = await db.get('SELECT form_id, submission_id, expires_at FROM edit_links WHERE hash = $1', [hash]);
      return (
        r && {
          formId: r.form_id as string,
          submissionId: r.submission_id as string,
          expiresAt: r.expires_at as string,
        }
      );
    },
    apply: async (e) =>
      db.tx(async (tx): Promise<EditOutcome> => {
        const row = await tx.get('SELECT data FROM submissions WHERE form_id = $1 AND id = $2 FOR UPDATE', [
          e.formId,
          e.submissionId,
        ]);
        if (e.idempotency) {
          const taken = await tx.get('SELECT * FROM idempotency WHERE form_id = $1 AND key = $2', [
            e.formId,
            e.idempotency.key,
          ]);
          const cutoff = new Date(Date.parse(e.at) - IDEMPOTENCY_WINDOW_MS).toISOString();
          if (taken && (taken.created_at as string) >= cutoff) return { kind: 'replay', record: toIdempotency(taken) };
        }
        if (!row) return { kind: 'gone' };
        const n =
          Number(
            (
              await tx.get(
                'SELECT COALESCE(MAX(n), 0) AS n FROM submission_revisions WHERE form_id = $1 AND submission_id = $2',
                [e.formId, e.submissionId],
              )
            )?.n ?? 0,
          ) + 1;
        await tx.q(
          'UPDATE submissions SET data = $1, form_version = $2, hidden_chars = $3 WHERE form_id = $4 AND id = $5',
          [JSON.stringify(e.values), e.formVersion, e.hiddenChars, e.formId, e.submissionId],
        );
        if (e.idempotency) {
          const i = e.idempotency;
          await tx.q(
            `INSERT INTO idempotency AS i (form_id, key, body_hash, status, response, created_at)
              VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (form_id, key) DO UPDATE SET body_hash = excluded.body_hash,
              status = excluded.status, response = excluded.response, created_at = excluded.created_at`,
            [e.formId, i.key, i.bodyHash, i.status, i.response, e.at],
          );
        }
        const d = e.delivery;
        if (d)
          await tx.q(
            `INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at, channel)
              VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [d.id, e.formId, e.submissionId, d.payload, d.nextAttemptAt, e.at, d.channel ?? 'webhook'],
          );
        // Last: the chain step's lock is held to the commit. Answers waiting for their link get it first.
        await tx.q(LINK, [e.formId]);
        const last = await tx.get(LAST_ANSWER_LINK, [e.formId, [e.submissionId]]);
        const replaced = (last?.hash as string | undefined) ?? null;
        await tx.q(
          'INSERT INTO submission_revisions (form_id, submission_id, n, at, data, link_pos) ' +
            'VALUES ($1, $2, $3, $4, $5, $6)',
          [e.formId, e.submissionId, n, e.at, row.data, (last ? Number(last.pos) : null) as number],
        );
        await tx.q(APPEND, [
          e.formId,
          'edit',
          [e.submissionId],
          [e.at],
          [null] as unknown as string[],
          [replaced] as string[],
          [e.digest(replaced)],
        ]);
        return { kind: 'edited', revision: n };
      }),
    revisions: async (formId, submissionId) =>
      (
        await db.q(
          'SELECT n, at, data FROM submission_revisions WHERE form_id = $1 AND submission_id = $2 ORDER BY n',
          [formId, submissionId],
        )
      ).rows.map((r) => ({ n: Number(r.n), at: r.at as string, values: JSON.parse(r.data as string) })),
  };
}
