// Submissions, monthly usage and idempotency records on PostgreSQL.
import type { InsertOutcome, MarkOutcome, Store, SubmissionFilter } from '../types.ts';
import { LockClass, lockKey, type Param, type PgDatabase, type Queryable } from './db.ts';
import { appendDeletions, type ChainLinker } from './chain.ts';
import { takeBackDeleted } from './tallies.ts';
import { InsertBatcher } from './insert-batcher.ts';
import { batchable, insertSubmission } from './insert-submission.ts';
import { editedTags, overLimit, touchesTags } from '../marks.ts';
import { toIdempotency, toSubmission } from '../rows.ts';

// strpos() rather than LIKE: the respondent-typed text needs no escaping of % and _. lower() in the
// "C" collation folds ASCII letters only, as the embedded store does; the needle is folded alike.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The WHERE clauses of a SubmissionFilter (each starting with AND), numbered on from `params` (which they extend).
 * A tag is an element of the JSON array: `?` on jsonb matches a string element exactly.
 */
function matching(filter: SubmissionFilter | undefined, params: Param[]): string {
  let sql = '';
  if (filter?.q) sql += ` AND strpos(lower(data), $${params.push(foldAscii(filter.q))}) > 0`;
  if (filter?.tag) sql += ` AND tags::jsonb ? $${params.push(filter.tag)}`;
  if (filter?.status) sql += ` AND status = $${params.push(filter.status)}`;
  return sql;
}

/** The submissions and idempotency parts of the store. */
export function submissionQueries(db: PgDatabase, linker: ChainLinker): Pick<Store, 'submissions' | 'idempotency'> {
  const batcher = new InsertBatcher(db);
  /** Stores through `write`, then has the chain step link the answer (after the commit, without waiting). */
  const linked = async (formId: string, write: Promise<InsertOutcome>) => {
    const outcome = await write;
    if (outcome.kind === 'stored') linker.soon(formId);
    return outcome;
  };
  return {
    submissions: {
      // The one-call write knows nothing of retain_from (rare: a restore from Spam, an import), of a row quiet for
      // the response mail (an import without notify) nor of Slack and Discord messages (forms that have them),
      // which are written in the same transaction: a plain answer's call stays as it is.
      insert: (s) =>
        linked(
          s.formId,
          batchable(s)
            ? batcher.insert(s)
            : s.retainFrom === undefined && !s.chatDeliveries?.length && !s.mailQuiet
              ? insertSubmission(db, s)
              : db.tx(async (tx) => {
                  const outcome = await insertSubmission(tx, s);
                  if (outcome.kind !== 'stored') return outcome;
                  // In the insert's transaction, under its hold on the form (formstead_mail_horizon): no mail
                  // claim can read the row before it is quiet.
                  if (s.retainFrom !== undefined || s.mailQuiet)
                    await tx.q('UPDATE submissions SET retain_from = $1, mail_quiet = $2 WHERE id = $3', [
                      s.retainFrom ?? null,
                      s.mailQuiet ?? false,
                      s.id,
                    ]);
                  for (const d of s.chatDeliveries ?? [])
                    await tx.q(
                      `INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at,
                      channel) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
                      [d.id, s.formId, s.id, d.payload, d.nextAttemptAt, s.createdAt, d.channel ?? 'webhook'],
                    );
                  return outcome;
                }),
        ),
      page: async (formId, limit, cursorSeq, filter, order = 'newest') => {
        const newest = order === 'newest';
        const from = cursorSeq ?? (newest ? Number.MAX_SAFE_INTEGER : 0);
        const params: Param[] = [formId, from, limit];
        const where = `form_id = $1 AND seq ${newest ? '<' : '>'} $2${matching(filter, params)}`;
        const sql = `SELECT * FROM submissions WHERE ${where} ORDER BY seq ${newest ? 'DESC' : 'ASC'} LIMIT $3`;
        const read = (q: Queryable) => q.q(sql, params);
        // Oldest first from a cursor (the live feed across instances reads on from the last seq it saw):
        // concurrent inserts draw seqs in one order and commit in another, so the read waits, alone on the
        // form's advisory lock, until none is in flight; every insert after it draws a higher seq.
        const { rows } = newest
          ? await read(db)
          : await db.tx(async (tx) => {
              await lockKey(tx, LockClass.formInserts, formId);
              return read(tx);
            });
        return rows.map(toSubmission);
      },
      count: async (formId, filter) => {
        const params: Param[] = [formId];
        const where = matching(filter, params);
        return (await db.get(`SELECT COUNT(*) AS n FROM submissions WHERE form_id = $1${where}`, params))?.n ?? 0;
      },
      dailyCounts: async (workspaceId, since) =>
        (
          await db.q(
            `SELECT s.form_id, substr(s.created_at, 1, 10) AS day, COUNT(*) AS n
             FROM forms f JOIN submissions s ON s.form_id = f.id
             WHERE f.workspace_id = $1 AND s.created_at >= $2 GROUP BY s.form_id, day`,
            [workspaceId, since],
          )
        ).rows.map((r) => ({ formId: r.form_id, day: r.day, count: r.n })),
      iterate: (formId, pageSize = 500, filter) => ({
        async *[Symbol.asyncIterator]() {
          let after = 0;
          for (;;) {
            const params: Param[] = [formId, after, pageSize];
            const match = matching(filter, params);
            const { rows } = await db.q(
              `SELECT * FROM submissions WHERE form_id = $1 AND seq > $2${match} ORDER BY seq LIMIT $3`,
              params,
            );
            for (const row of rows) yield toSubmission(row);
            if (rows.length < pageSize) return;
            after = rows[rows.length - 1].seq;
          }
        },
      }),
      extraKeys: async (formId) =>
        (
          await db.q(
            `SELECT DISTINCT k COLLATE "C" AS k FROM submissions s, jsonb_object_keys(s.extra::jsonb) k
              WHERE s.form_id = $1 AND s.extra IS NOT NULL ORDER BY 1`,
            [formId],
          )
        ).rows.map((r) => r.k as string),
      lastSeq: async (formId) =>
        (await db.get('SELECT MAX(seq) AS n FROM submissions WHERE form_id = $1', [formId]))?.n ?? 0,
      idsOlderThan: async (formId, before, limit) =>
        (
          await db.q(
            `SELECT id FROM submissions WHERE form_id = $1 AND created_at < $2
              AND (retain_from IS NULL OR retain_from < $2) ORDER BY seq LIMIT $3`,
            [formId, before, limit],
          )
        ).rows.map((r) => r.id),
      mark: async (formId, ids, edit, maxTags) =>
        db.tx(async (tx): Promise<MarkOutcome> => {
          // The rows are locked and checked before any is written; a refusal rolls nothing back because nothing ran.
          const asked = [...new Set(ids)];
          const { rows } = await tx.q(
            'SELECT id, tags FROM submissions WHERE form_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE',
            [formId, asked],
          );
          const held = new Map(rows.map((r) => [r.id as string, JSON.parse(r.tags as string) as string[]]));
          const changes: { id: string; tags: string }[] = [];
          for (const id of asked) {
            const current = held.get(id);
            if (!current) continue;
            const next = editedTags(current, edit);
            if (overLimit(current, next, maxTags)) return { kind: 'too_many_tags', id };
            changes.push({ id, tags: JSON.stringify(next) });
          }
          if (changes.length === 0) return { kind: 'marked', ids: [] };
          await tx.q(
            `UPDATE submissions s SET tags = CASE WHEN $3 THEN c.tags ELSE s.tags END, note = COALESCE($4, s.note),
              status = COALESCE($5, s.status)
              FROM unnest($2::text[], $6::text[]) AS c(id, tags) WHERE s.form_id = $1 AND s.id = c.id`,
            [
              formId,
              changes.map((c) => c.id),
              touchesTags(edit),
              edit.note ?? null,
              edit.status ?? null,
              changes.map((c) => c.tags),
            ],
          );
          return { kind: 'marked', ids: changes.map((c) => c.id) };
        }),
      byId: async (formId, id) => {
        const row = await db.get('SELECT * FROM submissions WHERE form_id = $1 AND id = $2', [formId, id]);
        return row && toSubmission(row);
      },
      delete: async (formId, ids, at, reason = 'deleted', notice) =>
        db.tx(async (tx) => {
          // Locked like an insert does, so the count cannot be lowered and raised at once by two writers.
          if (!(await tx.get('SELECT id FROM forms WHERE id = $1 FOR UPDATE', [formId]))) return [];
          const { rows } = await tx.q(
            'DELETE FROM submissions WHERE form_id = $1 AND id = ANY($2::text[]) RETURNING id, created_at, data',
            [formId, [...new Set(ids)]],
          );
          const gone = new Set(rows.map((r) => r.id as string));
          // Answered in the order asked, as the embedded store does.
          const deleted = [...new Set(ids)].filter((id) => gone.has(id));
          if (deleted.length === 0) return deleted;
          // The counts waiting in form_counts are folded in the same statement (no insert of the form is
          // running now: each holds the row FOR KEY SHARE, which the lock above waited for).
          await tx.q(
            `WITH d AS (DELETE FROM form_counts WHERE form_id = $2 RETURNING n)
              UPDATE forms SET submission_count =
                GREATEST(0, submission_count + (SELECT COALESCE(sum(n), 0) FROM d) - $1) WHERE id = $2`,
            [deleted.length, formId],
          );
          // The payload holds the deleted values: emptied on every delivery of it, pending ones cancelled.
          await tx.q(
            `UPDATE webhook_deliveries SET state = 'cancelled', finished_at = $1 WHERE form_id = $2
              AND submission_id = ANY($3::text[]) AND state = 'pending'`,
            [at, formId, deleted],
          );
          await tx.q(
            "UPDATE webhook_deliveries SET payload = '' WHERE form_id = $1 AND submission_id = ANY($2::text[])",
            [formId, deleted],
          );
          // Its lines of the delivery log name it: they go too (the log keeps the newest lines, fewer for a while).
          await tx.q('DELETE FROM webhook_attempts WHERE form_id = $1 AND submission_id = ANY($2::text[])', [
            formId,
            deleted,
          ]);
          // An idempotency record's stored answer is `{"id":"<submission id>","values":...}`: it holds the values too.
          const prefixes = deleted.map((id) => `{"id":${JSON.stringify(id)},`);
          await tx.q(
            `DELETE FROM idempotency i USING unnest($2::text[]) AS p(prefix) WHERE i.form_id = $1
              AND left(i.response, length(p.prefix)) = p.prefix`,
            [formId, prefixes],
          );
          // Held mail showing their answers goes whole (a digest too: the panel still lists the others).
          await tx.q('DELETE FROM outbox WHERE form_id = $1 AND submission_ids::jsonb ?| $2::text[]', [
            formId,
            deleted,
          ]);
          // Their edit links stop working and the values their edits replaced go with them.
          for (const table of ['edit_links', 'submission_revisions'])
            await tx.q(`DELETE FROM ${table} WHERE form_id = $1 AND submission_id = ANY($2::text[])`, [
              formId,
              deleted,
            ]);
          // Receivers that opted into submission.deleted hear of each (after the cancellations above).
          for (const id of deleted) {
            const d = notice?.(id);
            if (d)
              await tx.q(
                `INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at,
                  channel) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
                [d.id, formId, id, d.payload, d.nextAttemptAt, at, d.channel ?? 'webhook'],
              );
          }
          // Last: the chain step's lock is held to the commit.
          const places = await appendDeletions(tx, formId, deleted, at, reason);
          await takeBackDeleted(
            tx,
            formId,
            rows
              .filter((r) => places.has(r.id as string))
              .map((r) => ({
                id: r.id as string,
                pos: places.get(r.id as string) as number,
                at: r.created_at as string,
                data: r.data as string,
              })),
          );
          return deleted;
        }),
    },
    idempotency: {
      get: async (formId, key) => {
        const r = await db.get('SELECT * FROM idempotency WHERE form_id = $1 AND key = $2', [formId, key]);
        return r && toIdempotency(r);
      },
      sweep: async (olderThan) => (await db.q('DELETE FROM idempotency WHERE created_at < $1', [olderThan])).changes,
    },
  };
}
