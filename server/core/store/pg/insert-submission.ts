// The submission write on PostgreSQL: one call of formstead_insert_submission (functions/) for one
// submission, or of formstead_insert_batch for a batch of those that take no turn (insert-batcher.ts).
import { answerDigest } from '../../chain/links.ts';
import { toIdempotency } from '../rows.ts';
import type { InsertOutcome, NewSubmission } from '../types.ts';
import { IDEMPOTENCY_WINDOW_MS } from '../types/submissions.ts';
import type { Queryable, Row } from './db.ts';

/** The answer's digest, from which formstead_chain_append makes its link (docs/storage.md "Answer chain"). */
const digestOf = (s: NewSubmission) => answerDigest(s.formId, s.id, s.createdAt, s.values);

/** The cap that is no cap (INTEGER's largest): the insert takes its turn on the form row for an exact count. */
const TURN_ONLY = 2147483647;

const ARGS = Array.from({ length: 22 }, (_, n) => `$${n + 1}`).join(', ');
const CALL = `SELECT * FROM formstead_insert_submission(${ARGS})`;

/**
 * The submission write, one round trip: `formstead_insert_submission` takes a turn on the form row when a
 * cap, an idempotency key or an exact count needs one, checks idempotency, the cap, the uploads and the
 * monthly quota, then writes the submission, its idempotency record, its delivery and the counts, or nothing.
 */
export async function insertSubmission(db: Queryable, s: NewSubmission): Promise<InsertOutcome> {
  const i = s.idempotency;
  const d = s.delivery;
  const row = (await db
    .get(
      CALL,
      [
        s.id,
        s.formId,
        s.formVersion,
        s.createdAt,
        s.valuesJson ?? JSON.stringify(s.values),
        s.hiddenChars,
        s.workspaceId ?? null,
        s.monthlyQuota ?? null,
        // A turn without a cap, when the count answered must be this submission's own.
        s.formCap ?? (s.exactCount ? TURN_ONLY : null),
        i?.key ?? null,
        i?.bodyHash ?? null,
        i?.status ?? null,
        i?.response ?? null,
        new Date(Date.parse(s.createdAt) - IDEMPOTENCY_WINDOW_MS).toISOString(),
        s.files ?? [],
        s.fromSpam ?? false,
        d?.id ?? null,
        d?.payload ?? null,
        d?.nextAttemptAt ?? null,
        s.extra ? JSON.stringify(s.extra) : null,
        s.importId ?? null,
        digestOf(s),
      ],
      'formstead_insert_submission',
    )
    .catch((err) => {
      // Two imports of one row at once: both found it missing, the unique index let one in (23505).
      if (s.importId !== undefined && (err as { code?: string }).code === '23505') return { outcome: 'duplicate' };
      throw err;
    }))!;
  return toOutcome(row, s);
}

/** The function's answer row as the store's outcome. */
export function toOutcome(row: Row, s: NewSubmission): InsertOutcome {
  switch (row.outcome as InsertOutcome['kind']) {
    case 'stored':
      return { kind: 'stored', submissionCount: row.count };
    case 'replay':
      return { kind: 'replay', record: toIdempotency({ ...row, form_id: s.formId, key: s.idempotency!.key }) };
    default:
      return { kind: row.outcome };
  }
}

/**
 * Whether a submission may share a transaction with others: it takes no turn on any row (no cap, quota,
 * idempotency key or exact count), names no upload and removes no spam row, so the batch's transaction
 * waits on nothing another one holds, and two batches cannot deadlock.
 */
export const batchable = (s: NewSubmission) =>
  s.formCap === undefined &&
  s.monthlyQuota === undefined &&
  s.idempotency === undefined &&
  !s.exactCount &&
  !s.files?.length &&
  !s.fromSpam &&
  // Chat messages (Slack, Discord) are written with their submission in one transaction of its own.
  !s.chatDeliveries?.length &&
  s.retainFrom === undefined &&
  // The batch writes neither (formstead_insert_batch): such a submission goes through the single insert.
  s.extra === undefined &&
  s.importId === undefined;

/**
 * Many batchable submissions in one statement (one transaction, one commit): formstead_insert_batch, which
 * writes them in the array's order and answers each one's outcome in that order.
 */
export async function insertBatch(db: Queryable, list: NewSubmission[]): Promise<InsertOutcome[]> {
  const json = JSON.stringify(
    list.map((s, i) => ({
      i,
      id: s.id,
      form_id: s.formId,
      form_version: s.formVersion,
      created_at: s.createdAt,
      data: s.valuesJson ?? JSON.stringify(s.values),
      hidden: s.hiddenChars,
      workspace_id: s.workspaceId ?? null,
      delivery_id: s.delivery?.id ?? null,
      delivery_payload: s.delivery?.payload ?? null,
      delivery_next: s.delivery?.nextAttemptAt ?? null,
      digest: digestOf(s),
    })),
  );
  const { rows } = await db.q(
    'SELECT ord, outcome, count FROM formstead_insert_batch($1::jsonb) ORDER BY ord',
    [json],
    'formstead_insert_batch',
  );
  if (rows.length !== list.length) throw new Error(`a batch of ${list.length} answered ${rows.length} rows`);
  return rows.map((row, n) => toOutcome(row, list[n]));
}
