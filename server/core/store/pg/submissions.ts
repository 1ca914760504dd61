// Submissions, monthly usage and idempotency records on PostgreSQL.
import type { InsertOutcome, NewSubmission, Store } from '../types.ts';
import type { Param, PgDatabase, Queryable } from './db.ts';
import { toIdempotency, toSubmission } from '../rows.ts';

/** Whether a `contains` filter was given (an empty one matches everything). */
const filtered = (contains: string | undefined): contains is string => contains !== undefined && contains !== '';

// strpos() rather than LIKE: the respondent-typed text needs no escaping of % and _. lower() in the
// "C" collation folds ASCII letters only, as the embedded store does; the needle is folded alike.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** How long an idempotency key answers with its first response (ARCHITECTURE.md: 24 h). */
const IDEMPOTENCY_MS = 24 * 3600_000;

/** The submissions and idempotency parts of the store. */
export function submissionQueries(db: PgDatabase): Pick<Store, 'submissions' | 'idempotency'> {
  return {
    submissions: {
      insert: (s) => db.tx((tx) => insert(tx, s)),
      page: async (formId, limit, cursorSeq, contains, order = 'newest') => {
        const newest = order === 'newest';
        const from = cursorSeq ?? (newest ? Number.MAX_SAFE_INTEGER : 0);
        const where = `form_id = $1 AND seq ${newest ? '<' : '>'} $2${filtered(contains) ? ' AND strpos(lower(data), $4) > 0' : ''}`;
        const params: Param[] = [formId, from, limit];
        if (filtered(contains)) params.push(foldAscii(contains));
        return (await db.q(`SELECT * FROM submissions WHERE ${where} ORDER BY seq ${newest ? 'DESC' : 'ASC'} LIMIT $3`, params)).rows.map(toSubmission);
      },
      count: async (formId, contains) =>
        (filtered(contains)
          ? await db.get('SELECT COUNT(*) AS n FROM submissions WHERE form_id = $1 AND strpos(lower(data), $2) > 0', [formId, foldAscii(contains)])
          : await db.get('SELECT COUNT(*) AS n FROM submissions WHERE form_id = $1', [formId]))?.n ?? 0,
      dailyCounts: async (workspaceId, since) =>
        (
          await db.q(
            `SELECT s.form_id, substr(s.created_at, 1, 10) AS day, COUNT(*) AS n FROM forms f JOIN submissions s ON s.form_id = f.id
             WHERE f.workspace_id = $1 AND s.created_at >= $2 GROUP BY s.form_id, day`,
            [workspaceId, since],
          )
        ).rows.map((r) => ({ formId: r.form_id, day: r.day, count: r.n })),
      iterate: (formId, pageSize = 500, contains) => ({
        async *[Symbol.asyncIterator]() {
          let after = 0;
          const match = filtered(contains) ? ' AND strpos(lower(data), $4) > 0' : '';
          for (;;) {
            const params: Param[] = [formId, after, pageSize];
            if (filtered(contains)) params.push(foldAscii(contains));
            const { rows } = await db.q(`SELECT * FROM submissions WHERE form_id = $1 AND seq > $2${match} ORDER BY seq LIMIT $3`, params);
            for (const row of rows) yield toSubmission(row);
            if (rows.length < pageSize) return;
            after = rows[rows.length - 1].seq;
          }
        },
      }),
      lastSeq: async (formId) => (await db.get('SELECT MAX(seq) AS n FROM submissions WHERE form_id = $1', [formId]))?.n ?? 0,
      idsOlderThan: async (formId, before, limit) =>
        (await db.q('SELECT id FROM submissions WHERE form_id = $1 AND created_at < $2 ORDER BY seq LIMIT $3', [formId, before, limit])).rows.map((r) => r.id),
      byId: async (formId, id) => {
        const row = await db.get('SELECT * FROM submissions WHERE form_id = $1 AND id = $2', [formId, id]);
        return row && toSubmission(row);
      },
      delete: async (formId, ids, at) =>
        db.tx(async (tx) => {
          // Locked like an insert does, so the count cannot be lowered and raised at once by two writers.
          if (!(await tx.get('SELECT id FROM forms WHERE id = $1 FOR UPDATE', [formId]))) return [];
          const { rows } = await tx.q('DELETE FROM submissions WHERE form_id = $1 AND id = ANY($2::text[]) RETURNING id', [formId, [...new Set(ids)]]);
          const gone = new Set(rows.map((r) => r.id as string));
          // Answered in the order asked, as the embedded store does.
          const deleted = [...new Set(ids)].filter((id) => gone.has(id));
          if (deleted.length === 0) return deleted;
          await tx.q('UPDATE forms SET submission_count = GREATEST(0, submission_count - $1) WHERE id = $2', [deleted.length, formId]);
          // The payload holds the deleted values: emptied on every delivery of it, pending ones cancelled.
          await tx.q("UPDATE webhook_deliveries SET state = 'cancelled', finished_at = $1 WHERE form_id = $2 AND submission_id = ANY($3::text[]) AND state = 'pending'", [
            at,
            formId,
            deleted,
          ]);
          await tx.q("UPDATE webhook_deliveries SET payload = '' WHERE form_id = $1 AND submission_id = ANY($2::text[])", [formId, deleted]);
          // An idempotency record's stored answer is `{"id":"<submission id>","values":...}`: it holds the values too.
          const prefixes = deleted.map((id) => `{"id":${JSON.stringify(id)},`);
          await tx.q('DELETE FROM idempotency i USING unnest($2::text[]) AS p(prefix) WHERE i.form_id = $1 AND left(i.response, length(p.prefix)) = p.prefix', [
            formId,
            prefixes,
          ]);
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

/**
 * The submission write. The form row is locked first (`FOR UPDATE`): every insert into one form, on any
 * instance, takes its turn there, so the idempotency check, the 100-submission cap and the count are
 * read and written by one writer at a time. The monthly quota spans forms, so it is kept by a
 * conditional upsert of the usage row, which PostgreSQL applies atomically.
 */
async function insert(tx: Queryable, s: NewSubmission): Promise<InsertOutcome> {
  const form = await tx.get('SELECT submission_count FROM forms WHERE id = $1 FOR UPDATE', [s.formId]);
  // Deleted while this submission was being checked: storing it would leave rows of no form.
  if (!form) return { kind: 'form_gone' };
  if (s.idempotency) {
    // Its own statement, AFTER the lock: a statement that waited for the lock sees only the locked row
    // anew (READ COMMITTED), so a join here would miss the record the previous holder just committed
    // and store the key twice (the contract's concurrent-key row caught exactly that).
    const taken = await tx.get('SELECT * FROM idempotency WHERE form_id = $1 AND key = $2', [s.formId, s.idempotency.key]);
    // Keys live 24 h; an older record not yet swept is replaced rather than replayed.
    const cutoff = new Date(Date.parse(s.createdAt) - IDEMPOTENCY_MS).toISOString();
    if (taken && taken.created_at >= cutoff) return { kind: 'replay', record: toIdempotency(taken) };
  }
  if (s.formCap !== undefined && form.submission_count >= s.formCap) return { kind: 'form_cap' };
  const files = [...new Set(s.files ?? [])];
  if (s.files?.length) {
    // Locked before the usage count is written, so a refusal here leaves the transaction empty. FOR
    // UPDATE makes a concurrent insert of another form naming the same upload wait and then see it taken.
    const free = await tx.q('SELECT id FROM files WHERE submission_id IS NULL AND id = ANY($1::text[]) FOR UPDATE', [files]);
    if (free.rows.length !== s.files.length) return { kind: 'files_gone' };
  }
  if (s.workspaceId) {
    const month = s.createdAt.slice(0, 7);
    const quota = s.monthlyQuota ?? null;
    if (quota !== null && quota <= 0) return { kind: 'monthly_quota' };
    // Counted and checked in one statement: the row lock of the upsert makes concurrent submissions to
    // different forms of the workspace take turns, and the WHERE refuses the one past the quota.
    const counted = await tx.q(
      `INSERT INTO usage (workspace_id, month, submissions) VALUES ($1, $2, 1)
       ON CONFLICT (workspace_id, month) DO UPDATE SET submissions = usage.submissions + 1
       WHERE $3::int IS NULL OR usage.submissions < $3::int`,
      [s.workspaceId, month, quota],
    );
    // Nothing of this submission is written yet, so returning here stores nothing.
    if (counted.changes === 0) return { kind: 'monthly_quota' };
  }
  if (files.length) await tx.q('UPDATE files SET submission_id = $1 WHERE id = ANY($2::text[])', [s.id, files]);
  if (s.fromSpam) await tx.q('DELETE FROM spam_submissions WHERE form_id = $1 AND id = $2', [s.formId, s.id]);
  const i = s.idempotency;
  const d = s.delivery;
  // The rest in one statement (round trips are most of an insert's cost): the submission, its
  // idempotency record (an expired one is replaced by the upsert), its delivery, and the form's count it answers with.
  const count = await tx.get(
    `WITH sub AS (
       INSERT INTO submissions (id, form_id, form_version, created_at, data, hidden_chars) VALUES ($1, $2, $3, $4, $5, $6)),
     idem AS (
       INSERT INTO idempotency (form_id, key, body_hash, status, response, created_at)
       SELECT $2, $7, $8, $9, $10, $4 WHERE $7::text IS NOT NULL
       ON CONFLICT (form_id, key) DO UPDATE SET body_hash = excluded.body_hash, status = excluded.status, response = excluded.response, created_at = excluded.created_at),
     hook AS (
       INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at)
       SELECT $11, $2, $1, $12, $13, $4 WHERE $11::text IS NOT NULL)
     UPDATE forms SET submission_count = submission_count + 1 WHERE id = $2 RETURNING submission_count`,
    [
      s.id, s.formId, s.formVersion, s.createdAt, JSON.stringify(s.values), s.hiddenChars,
      i?.key ?? null, i?.bodyHash ?? null, i?.status ?? null, i?.response ?? null,
      d?.id ?? null, d?.payload ?? null, d?.nextAttemptAt ?? null,
    ],
  );
  return { kind: 'stored', submissionCount: count?.submission_count ?? 0 };
}
