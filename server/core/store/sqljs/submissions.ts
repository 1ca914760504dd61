// Submissions, monthly usage and idempotency records on sql.js.
import type { DurableDatabase, SqlValue } from '../../../lib/durable/durable-db.ts';
import type { JournalStatement } from '../../../lib/durable/tx-record.ts';
import type { InsertOutcome, MarkOutcome, NewSubmission, Store, SubmissionFilter } from '../types.ts';
import { IDEMPOTENCY_WINDOW_MS } from '../types/submissions.ts';
import { DELETE_EDITS } from './edits.ts';
import type { DeletedAnswer } from '../../stats/tally-counts.ts';
import { answerLink, appendLinks, ChainHeads, deletionLink, INSERT_LINK, type NewLink, nextLink } from './chain.ts';
import { takeBackDeleted } from './tallies.ts';
import { attachFiles } from './files.ts';
import { editedTags, overLimit, touchesTags } from '../marks.ts';
import { toIdempotency, toSubmission } from '../rows.ts';

/** SQLite's lower() folds ASCII only; the needle is folded the same way so both sides agree. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The WHERE clauses of a SubmissionFilter (each starting with AND) and their parameters, in order. instr() rather
 * than LIKE for the text: the respondent-typed text needs no escaping of % and _.
 */
function matching(filter: SubmissionFilter | undefined): { sql: string; params: SqlValue[] } {
  let sql = '';
  const params: SqlValue[] = [];
  if (filter?.q) {
    sql += ' AND instr(lower(data), ?) > 0';
    params.push(foldAscii(filter.q));
  }
  if (filter?.tag) {
    sql += ' AND EXISTS (SELECT 1 FROM json_each(submissions.tags) WHERE value = ?)';
    params.push(filter.tag);
  }
  if (filter?.status) {
    sql += ' AND status = ?';
    params.push(filter.status);
  }
  return { sql, params };
}

/** The submissions and idempotency parts of the store. */
/** A submissions row read in pages: `seq` says where the next page starts. */
type PagedRow = Record<string, SqlValue> & { seq: number };

/** A new submission's columns as INSERT_SUBMISSION (and submissionRow) give them. */
const SUBMISSION_COLUMNS =
  'id, form_id, form_version, created_at, data, hidden_chars, retain_from, extra, import_id, chain_pos';
const SUBMISSION_PARAMS = '?, ?, ?, ?, ?, ?, ?, ?, ?, ?';
export const INSERT_SUBMISSION = `INSERT INTO submissions (${SUBMISSION_COLUMNS}) VALUES (${SUBMISSION_PARAMS})`;
/** INSERT_SUBMISSION of a row quiet for the response mail (NewSubmission.mailQuiet), bound alike. */
const INSERT_QUIET_SUBMISSION =
  `INSERT INTO submissions (${SUBMISSION_COLUMNS}, mail_quiet) ` + `VALUES (${SUBMISSION_PARAMS}, 1)`;
const INSERT_DELIVERY =
  'INSERT INTO webhook_deliveries (id, form_id, submission_id, payload, next_attempt_at, created_at, ' +
  'channel) VALUES (?, ?, ?, ?, ?, ?, ?)';
// Sums of a write-behind (DurableDatabase.writeBehind): the amount added comes first.
export const ADD_TO_FORM_COUNT = 'UPDATE forms SET submission_count = submission_count + ? WHERE id = ?';
export const ADD_TO_USAGE =
  'INSERT INTO usage (submissions, workspace_id, month) VALUES (?, ?, ?) ' +
  'ON CONFLICT(workspace_id, month) DO UPDATE SET submissions = submissions + excluded.submissions';

/** Where a submission's row holds its values' JSON (`data`). */
export const DATA_PARAM = 4;

/** The row of a new submission whose chain link is at `chainPos`, as INSERT_SUBMISSION binds it. */
export const submissionRow = (s: NewSubmission, chainPos: number): SqlValue[] => [
  s.id,
  s.formId,
  s.formVersion,
  s.createdAt,
  s.valuesJson ?? JSON.stringify(s.values),
  s.hiddenChars ? 1 : 0,
  s.retainFrom ?? null,
  s.extra ? JSON.stringify(s.extra) : null,
  s.importId ?? null,
  chainPos,
];

/** Its webhook and chat deliveries, as INSERT_DELIVERY binds them. */
const deliveryRows = (s: NewSubmission): SqlValue[][] =>
  (s.delivery ? [s.delivery, ...(s.chatDeliveries ?? [])] : (s.chatDeliveries ?? [])).map((d) => [
    d.id,
    s.formId,
    s.id,
    d.payload,
    d.nextAttemptAt,
    s.createdAt,
    d.channel ?? 'webhook',
  ]);

/**
 * Each form's submission count as the store holds it (writes behind included), kept while nothing but
 * submissions written behind changed the database (DurableDatabase.otherWrites): any other write may have
 * deleted submissions or the form, and empties it.
 */
class FormCounts {
  private readonly counts = new Map<string, number>();
  private seen = -1;

  constructor(private readonly db: DurableDatabase) {}

  /** The form's count, or undefined when the form does not exist. */
  get(formId: string): number | undefined {
    if (this.seen !== this.db.otherWrites) {
      this.counts.clear();
      this.seen = this.db.otherWrites;
    }
    const known = this.counts.get(formId);
    if (known !== undefined) return known;
    const n = this.db.get<{ n: number }>('SELECT submission_count AS n FROM forms WHERE id = ?', [formId])?.n;
    // Bounded by the forms that take submissions at once; a busy server with many forms starts over.
    if (this.counts.size >= 10_000) this.counts.clear();
    if (n !== undefined) this.counts.set(formId, n);
    return n;
  }

  /** Forgets every count. */
  clear(): void {
    this.counts.clear();
  }

  /** After a write behind added one to the form's count. */
  added(formId: string, n: number): void {
    this.counts.set(formId, n);
  }
}

export function submissionQueries(db: DurableDatabase): Pick<Store, 'submissions' | 'idempotency'> {
  const counts = new FormCounts(db);
  const heads = new ChainHeads(db);
  /**
   * A submission that no idempotency record, upload, spam row or monthly quota involves: its outcome follows
   * from the form's count alone, so it is journaled and answered without running its statements, which run
   * with the other submissions of this event-loop turn, one count update for all of them (docs/performance.md).
   */
  const insertBehind = (s: NewSubmission): Promise<InsertOutcome> => {
    const count = counts.get(s.formId);
    // Deleted while this submission was being checked: storing it would leave rows of no form.
    if (count === undefined) return Promise.resolve({ kind: 'form_gone' });
    if (s.formCap !== undefined && count >= s.formCap) return Promise.resolve({ kind: 'form_cap' });
    const [linkRow, head] = nextLink(s.formId, heads.get(s.formId), answerLink(s));
    const row = submissionRow(s, head.pos);
    // `data` is journaled as the JSON it is (tx-record.ts): the values' text was made by JSON.stringify.
    const rows: JournalStatement[] = [
      [INSERT_SUBMISSION, row, DATA_PARAM],
      [INSERT_LINK, linkRow],
    ];
    // Memory binds `data` as the string it is, as replay does: the bundle's sql.js writes a well-formed string
    // (JSON.stringify escapes lone surrogates) straight into its heap as UTF-8, cheaper than its bytes made by
    // Buffer.from and copied in (docs/performance.md, "The sql.js work, session 8").
    for (const d of deliveryRows(s)) rows.push([INSERT_DELIVERY, d]);
    const sums: JournalStatement[] = [[ADD_TO_FORM_COUNT, [1, s.formId]]];
    if (s.workspaceId) sums.push([ADD_TO_USAGE, [1, s.workspaceId, s.createdAt.slice(0, 7)]]);
    const written = db.writeBehind({ rows, sums });
    counts.added(s.formId, count + 1);
    heads.set(s.formId, head);
    // Refused, or not journaled: writes stop until the folder is reloaded, which starts the counts over too.
    // Not async, and one then() for both outcomes: each promise of this path cost a submission ~0.3 µs.
    return written.then(
      (): InsertOutcome => ({ kind: 'stored', submissionCount: count + 1 }),
      (err) => {
        counts.clear();
        heads.clear();
        throw err;
      },
    );
  };
  return {
    submissions: {
      // Not async: either way a promise comes back, and a wrapper's own would cost one more a submission.
      insert: (s) =>
        !s.idempotency && !s.files?.length && !s.fromSpam && s.monthlyQuota === undefined && !s.importId
          ? insertBehind(s)
          : db.write((tx): InsertOutcome => {
              if (s.idempotency) {
                const taken = tx.get<Record<string, SqlValue> & { created_at: string }>(
                  'SELECT * FROM idempotency WHERE form_id = ? AND key = ?',
                  [s.formId, s.idempotency.key],
                );
                // Keys live IDEMPOTENCY_WINDOW_MS; an older record not yet swept is replaced rather than replayed.
                const cutoff = new Date(Date.parse(s.createdAt) - IDEMPOTENCY_WINDOW_MS).toISOString();
                if (taken && taken.created_at >= cutoff) return { kind: 'replay', record: toIdempotency(taken) };
                if (taken)
                  tx.run('DELETE FROM idempotency WHERE form_id = ? AND key = ?', [s.formId, s.idempotency.key]);
              }
              const count = tx.get<{ n: number }>('SELECT submission_count AS n FROM forms WHERE id = ?', [
                s.formId,
              ])?.n;
              // Deleted while this submission was being checked: storing it would leave rows of no form.
              if (count === undefined) return { kind: 'form_gone' };
              // An imported row the form holds already (submissions/import): the unique index backs this read.
              if (
                s.importId &&
                tx.get('SELECT 1 AS x FROM submissions WHERE form_id = ? AND import_id = ?', [s.formId, s.importId])
              )
                return { kind: 'duplicate' };
              if (s.formCap !== undefined && count >= s.formCap) return { kind: 'form_cap' };
              if (s.monthlyQuota !== undefined && s.workspaceId) {
                const used =
                  tx.get<{ n: number }>('SELECT submissions AS n FROM usage WHERE workspace_id = ? AND month = ?', [
                    s.workspaceId,
                    s.createdAt.slice(0, 7),
                  ])?.n ?? 0;
                if (used >= s.monthlyQuota) return { kind: 'monthly_quota' };
              }
              // Checked before anything is written: a refused insert leaves the transaction empty.
              if (s.files?.length && !attachFiles(tx, s.id, s.files)) return { kind: 'files_gone' };
              tx.run(
                s.mailQuiet ? INSERT_QUIET_SUBMISSION : INSERT_SUBMISSION,
                submissionRow(s, appendLinks(tx, s.formId, [answerLink(s)])[0]),
              );
              tx.run(ADD_TO_FORM_COUNT, [1, s.formId]);
              if (s.workspaceId) tx.run(ADD_TO_USAGE, [1, s.workspaceId, s.createdAt.slice(0, 7)]);
              if (s.idempotency) {
                const i = s.idempotency;
                tx.run(
                  'INSERT INTO idempotency (form_id, key, body_hash, status, response, created_at) ' +
                    'VALUES (?, ?, ?, ?, ?, ?)',
                  [s.formId, i.key, i.bodyHash, i.status, i.response, s.createdAt],
                );
              }
              for (const d of deliveryRows(s)) tx.run(INSERT_DELIVERY, d);
              if (s.fromSpam) tx.run('DELETE FROM spam_submissions WHERE form_id = ? AND id = ?', [s.formId, s.id]);
              // The UPDATE above added exactly one to the count read at the top, in this same synchronous write:
              // reading it back would cost a statement per submission for a number we already know.
              return { kind: 'stored', submissionCount: count + 1 };
            }),
      page: async (formId, limit, cursorSeq, filter, order = 'newest') => {
        const newest = order === 'newest';
        const where = newest ? 'seq < ?' : 'seq > ?';
        const from = cursorSeq ?? (newest ? Number.MAX_SAFE_INTEGER : 0);
        const sort = newest ? 'DESC' : 'ASC';
        const match = matching(filter);
        return db
          .all(`SELECT * FROM submissions WHERE form_id = ? AND ${where}${match.sql} ORDER BY seq ${sort} LIMIT ?`, [
            formId,
            from,
            ...match.params,
            limit,
          ])
          .map(toSubmission);
      },
      count: async (formId, filter) => {
        const match = matching(filter);
        return (
          db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM submissions WHERE form_id = ?${match.sql}`, [
            formId,
            ...match.params,
          ])?.n ?? 0
        );
      },
      dailyCounts: async (workspaceId, since) =>
        db
          .all<{ form_id: string; day: string; n: number }>(
            `SELECT s.form_id, substr(s.created_at, 1, 10) AS day, COUNT(*) AS n
             FROM forms f JOIN submissions s ON s.form_id = f.id
             WHERE f.workspace_id = ? AND s.created_at >= ? GROUP BY s.form_id, day`,
            [workspaceId, since],
          )
          .map((r) => ({ formId: r.form_id, day: r.day, count: r.n })),
      iterate: (formId, pageSize = 500, filter) => ({
        async *[Symbol.asyncIterator]() {
          let after = 0;
          const match = matching(filter);
          for (;;) {
            const rows = db.all<PagedRow>(
              `SELECT * FROM submissions WHERE form_id = ? AND seq > ?${match.sql} ORDER BY seq LIMIT ?`,
              [formId, after, ...match.params, pageSize],
            );
            for (const row of rows) yield toSubmission(row);
            if (rows.length < pageSize) return;
            after = rows[rows.length - 1].seq;
          }
        },
      }),
      // SQLite compares text by its UTF-8 bytes: code point order, as PostgreSQL's "C" collation.
      extraKeys: async (formId) =>
        db
          .all<{ k: string }>(
            'SELECT DISTINCT j.key AS k FROM submissions s, json_each(s.extra) j ' +
              'WHERE s.form_id = ? AND s.extra IS NOT NULL ORDER BY k',
            [formId],
          )
          .map((r) => r.k),
      lastSeq: async (formId) =>
        db.get<{ n: number | null }>('SELECT MAX(seq) AS n FROM submissions WHERE form_id = ?', [formId])?.n ?? 0,
      idsOlderThan: async (formId, before, limit) =>
        db
          .all<{ id: string }>(
            'SELECT id FROM submissions WHERE form_id = ? AND created_at < ? ' +
              'AND (retain_from IS NULL OR retain_from < ?) ORDER BY seq LIMIT ?',
            [formId, before, before, limit],
          )
          .map((r) => r.id),
      mark: async (formId, ids, edit, maxTags) =>
        db.write((tx): MarkOutcome => {
          // Every row is read and checked before any is written: a refusal leaves the transaction empty.
          const changes: { id: string; tags: string }[] = [];
          for (const id of new Set(ids)) {
            const row = tx.get<{ tags: string }>('SELECT tags FROM submissions WHERE form_id = ? AND id = ?', [
              formId,
              id,
            ]);
            if (!row) continue;
            const current = JSON.parse(row.tags) as string[];
            const next = editedTags(current, edit);
            if (overLimit(current, next, maxTags)) return { kind: 'too_many_tags', id };
            changes.push({ id, tags: JSON.stringify(next) });
          }
          for (const { id, tags } of changes) {
            tx.run(
              'UPDATE submissions SET tags = CASE WHEN ? THEN ? ELSE tags END, note = COALESCE(?, note), ' +
                'status = COALESCE(?, status) WHERE form_id = ? AND id = ?',
              [touchesTags(edit) ? 1 : 0, tags, edit.note ?? null, edit.status ?? null, formId, id],
            );
          }
          return { kind: 'marked', ids: changes.map((c) => c.id) };
        }),
      byId: async (formId, id) => {
        const row = db.get('SELECT * FROM submissions WHERE form_id = ? AND id = ?', [formId, id]);
        return row && toSubmission(row);
      },
      delete: async (formId, ids, at, reason = 'deleted', notice) =>
        db.write((tx) => {
          const deleted: string[] = [];
          const links: NewLink[] = [];
          const counted: DeletedAnswer[] = [];
          for (const id of new Set(ids)) {
            const row = tx.get<{ chain_pos: number | null; created_at: string; data: string }>(
              'SELECT chain_pos, created_at, data FROM submissions WHERE form_id = ? AND id = ?',
              [formId, id],
            );
            if (!row) continue;
            if (row.chain_pos !== null) counted.push({ id, pos: row.chain_pos, at: row.created_at, data: row.data });
            tx.run('DELETE FROM submissions WHERE form_id = ? AND id = ?', [formId, id]);
            deleted.push(id);
            // The answer's own link, by its place (the row keeps it, so no index on answer ids is needed).
            const hash =
              row.chain_pos === null
                ? null
                : (tx.get<{ hash: string }>('SELECT hash FROM answer_links WHERE form_id = ? AND pos = ?', [
                    formId,
                    row.chain_pos,
                  ])?.hash ?? null);
            links.push(deletionLink(formId, id, hash, at, reason));
          }
          if (deleted.length === 0) return deleted;
          appendLinks(tx, formId, links);
          takeBackDeleted(tx, formId, counted);
          tx.run('UPDATE forms SET submission_count = MAX(0, submission_count - ?) WHERE id = ?', [
            deleted.length,
            formId,
          ]);
          for (const id of deleted) {
            // The payload holds the deleted values: emptied on every delivery of it, pending ones cancelled.
            tx.run(
              "UPDATE webhook_deliveries SET state = 'cancelled', finished_at = ? " +
                "WHERE form_id = ? AND submission_id = ? AND state = 'pending'",
              [at, formId, id],
            );
            tx.run("UPDATE webhook_deliveries SET payload = '' WHERE form_id = ? AND submission_id = ?", [formId, id]);
            // Its lines of the delivery log name it: they go too (a freed slot of the ring is simply taken again).
            tx.run('DELETE FROM webhook_attempts WHERE form_id = ? AND submission_id = ?', [formId, id]);
            // An idempotency record's stored answer is `{"id":"<submission id>","values":...}`: it holds the values
            // too.
            const prefix = `{"id":${JSON.stringify(id)},`;
            tx.run('DELETE FROM idempotency WHERE form_id = ? AND substr(response, 1, ?) = ?', [
              formId,
              prefix.length,
              prefix,
            ]);
            // Held mail showing its answers goes whole (a digest too: the panel still lists the others).
            tx.run(
              'DELETE FROM outbox WHERE form_id = ? AND EXISTS (SELECT 1 FROM json_each(outbox.submission_ids) ' +
                'WHERE value = ?)',
              [formId, id],
            );
            // Its edit links stop working and the values its edits replaced go with it.
            for (const sql of DELETE_EDITS) tx.run(sql, [formId, id]);
            // Receivers that opted into submission.deleted hear of it (after the cancellations above).
            const d = notice?.(id);
            if (d) tx.run(INSERT_DELIVERY, [d.id, formId, id, d.payload, d.nextAttemptAt, at, d.channel ?? 'webhook']);
          }
          return deleted;
        }),
    },
    idempotency: {
      get: async (formId, key) => {
        const r = db.get('SELECT * FROM idempotency WHERE form_id = ? AND key = ?', [formId, key]);
        return r && toIdempotency(r);
      },
      sweep: async (olderThan) =>
        db.write((tx) => tx.run('DELETE FROM idempotency WHERE created_at < ?', [olderThan]).changes),
    },
  };
}
