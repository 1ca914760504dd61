// What `formstead migrate` copies from the embedded (sql.js) schema into the PostgreSQL one: every
// table of either schema is named here once, as copied or as left out with the reason. plan.ts refuses
// a table or column this list does not account for, so a migration added to either store without a
// line here stops the copy (and test/store/to-pg-tables.test.ts) instead of being silently skipped.

/** One table copied row for row; its columns are the embedded table's, by name. */
export interface CopiedTable {
  name: string;
  /**
   * The columns naming a row in both stores (the primary key, or for a row with a serial number its
   * own id): a rerun skips rows already there, and the check looks each source row up by them.
   */
  key: string[];
  /**
   * A serial (BIGSERIAL) column of the PostgreSQL table, filled from the embedded `from` expression
   * (the column of the same name when omitted), after which its sequence is moved past the copied
   * numbers so the next row PostgreSQL numbers does not collide.
   */
  serial?: { column: string; from?: string };
  /** Columns only the PostgreSQL table has, left to their default, with the reason. */
  targetOnly?: Record<string, string>;
  /** Columns only the embedded table has, not copied, with the reason. */
  sourceOnly?: Record<string, string>;
}

/**
 * In copy order (a table after those its foreign keys name). Rows are read in the embedded table's
 * rowid order, the order they were written in, so serial numbers taken from rowid keep that order
 * (the outbox, spam and member lists sort by it where times tie).
 */
export const copiedTables: CopiedTable[] = [
  { name: 'meta', key: ['key'] },
  { name: 'workspaces', key: ['id'] },
  { name: 'users', key: ['id'] },
  { name: 'memberships', key: ['workspace_id', 'user_id'], serial: { column: 'seq', from: 'rowid' } },
  { name: 'sessions', key: ['token_hash'] },
  { name: 'api_keys', key: ['id'] },
  { name: 'invites', key: ['id'] },
  {
    name: 'forms',
    key: ['id'],
    sourceOnly: { webhook_log_count: "the embedded log ring's counter; PostgreSQL numbers log lines from a sequence" },
  },
  { name: 'form_response_mail', key: ['form_id'] },
  { name: 'form_versions', key: ['form_id', 'version'] },
  {
    name: 'submissions',
    key: ['id'],
    serial: { column: 'seq' },
    sourceOnly: {
      chain_pos: "the place of the answer's link; PostgreSQL finds an answer's link by the index on its answer id",
    },
  },
  { name: 'answer_links', key: ['form_id', 'pos'] },
  { name: 'signed_heads', key: ['form_id'] },
  { name: 'edit_links', key: ['hash'] },
  { name: 'submission_revisions', key: ['form_id', 'submission_id', 'n'] },
  { name: 'usage', key: ['workspace_id', 'month'] },
  { name: 'idempotency', key: ['form_id', 'key'] },
  { name: 'webhook_deliveries', key: ['id'], targetOnly: { leased_until: 'no instance holds a delivery yet' } },
  // The embedded ring's lines keep their per-form numbers n (so their order; new lines take numbers past
  // them) and their slots (n % 100, distinct in a form): PostgreSQL's ring has slots too (pg/migrations/028).
  { name: 'webhook_attempts', key: ['form_id', 'slot'], serial: { column: 'n' } },
  { name: 'outbox', key: ['id'], serial: { column: 'seq', from: 'rowid' } },
  { name: 'abuse_reports', key: ['id'], serial: { column: 'id' } },
  { name: 'drafts', key: ['id'] },
  { name: 'spam_submissions', key: ['id'], serial: { column: 'seq', from: 'rowid' } },
  { name: 'files', key: ['id'] },
  { name: 'images', key: ['id'] },
  { name: 'partial_answers', key: ['id'] },
  // Counts only (no personal data): copied as they are; a rerun skips counters already there.
  // Chained per workspace: rows keep their numbers, so the chain reads in the same order.
  { name: 'audit_log', key: ['seq'], serial: { column: 'seq' } },
  { name: 'form_daily_counts', key: ['form_id', 'day', 'kind', 'step', 'source'] },
];

/** Tables of either schema that are not copied, and why. */
export const notCopied: Record<string, string> = {
  schema_migrations: 'each store records its own migrations (PostgreSQL applies its own before the copy)',
  sqlite_sequence: "SQLite's AUTOINCREMENT counters: the copy moves PostgreSQL's sequences instead",
  job_ticks: 'PostgreSQL only: which instance ran a scheduled job last; it fills itself',
  form_counts:
    'PostgreSQL only: counts not yet folded into forms.submission_count; the copy writes the whole count there',
  usage_counts:
    'PostgreSQL only: monthly counts not yet folded into usage.submissions; the copy writes the whole count there',
  chain_pending:
    'PostgreSQL only: answers waiting for their link; the embedded store links each answer as it stores it',
  answer_tallies: 'counted from the answers and their chain: the other store counts again at its first summary',
  answer_tally_texts: 'counted from the answers and their chain: the other store counts again at its first summary',
  answer_tally_marks: 'counted from the answers and their chain: the other store counts again at its first summary',
  answer_tally_taken: 'counted from the answers and their chain: the other store counts again at its first summary',
  rate_buckets:
    'PostgreSQL only: the shared rate limits; the embedded store keeps them in memory, ' +
    'and a move refills them as a restart does',
};
