// The submissions area of the Store: stored answers and the idempotency records that replay them.
import type { DeletionReason } from '../../chain/links.ts';
import type { NewDelivery } from './webhooks.ts';

/**
 * How long an Idempotency-Key replays its first answer (ARCHITECTURE.md: 24 h). The service, both stores'
 * inserts and the sweep job read this one number.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

/** A stored answer; `seq` orders a form's submissions and is the cursor of pages. */
export interface SubmissionRecord {
  seq: number;
  id: string;
  formId: string;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  hiddenChars: boolean;
  /** The owner's tags (trimmed, lower case, no repeats, in the order given), none for a new answer. */
  tags: string[];
  /** The owner's note, '' for none. */
  note: string;
  /** Where the owner is with it: 'new' until someone marks it. */
  status: SubmissionStatus;
  /** An HTML post's named inputs that are no field, kept as text when the form accepts them (accept_undeclared). */
  extra?: Record<string, string>;
  /** The row id an import gave it (submissions/import): unique per form, so an import stores a row once. */
  importId?: string;
}

/** The statuses an owner gives an answer (ARCHITECTURE.md Wave 4 "Tags and notes"); every answer starts 'new'. */
export type SubmissionStatus = 'new' | 'seen' | 'done';

/**
 * Which submissions a read returns: all of them, or only those matching every filter given. `q`: the stored JSON
 * contains it, ASCII letters in any case, other characters as typed (SQLite folds ASCII only; PostgreSQL is held to
 * the same); `tag`: the answer holds this tag exactly (tags are stored lower case); `status`: the answer's status.
 * An empty `q` or `tag` filters nothing.
 */
export interface SubmissionFilter {
  q?: string;
  tag?: string;
  status?: SubmissionStatus;
}

/**
 * A change of the owner's marks on one or more answers: `tags` replaces them all, `addTags` and `removeTags` add and
 * take away some (after `tags` when both are given); `note` and `status` replace. Tags arrive already normalised.
 */
export interface MarksEdit {
  tags?: string[];
  addTags?: string[];
  removeTags?: string[];
  note?: string;
  status?: SubmissionStatus;
}

/** How a marks change ended: the ids changed (asked ones of the form), or one it would take past the tag limit. */
export type MarkOutcome = { kind: 'marked'; ids: string[] } | { kind: 'too_many_tags'; id: string };

/** A stored idempotent answer (ARCHITECTURE.md: kept per form for 24 h with a hash of the body). */
export interface IdempotencyRecord {
  formId: string;
  key: string;
  bodyHash: string;
  status: number;
  response: string;
  createdAt: string;
}

/** What a new submission writes in one durable transaction. */
export interface NewSubmission {
  id: string;
  formId: string;
  workspaceId: string | null;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  /** JSON.stringify(values) when the caller made it already (the respondent's answer reuses the same text). */
  valuesJson?: string;
  hiddenChars: boolean;
  /** Undeclared inputs kept as text (SubmissionRecord.extra). */
  extra?: Record<string, string>;
  /** An imported row's id: nothing is stored when the form already holds a submission with it (`duplicate`). */
  importId?: string;
  /**
   * Quiet for the response mail (an import without `notify=1`): `forms.claimResponseMail` neither lists nor counts
   * it and moves its mark past it, and `forms.withWaitingResponseMail` does not wait for it. Read with `importId`
   * only: the embedded store writes a plain answer on a path that does not look for it (docs/performance.md).
   */
  mailQuiet?: boolean;
  idempotency?: Omit<IdempotencyRecord, 'formId' | 'createdAt'>;
  /** Refuse (store nothing) when the form already holds this many submissions. */
  formCap?: number;
  /** Refuse (store nothing) when the workspace already used this many submissions this month. */
  monthlyQuota?: number;
  /**
   * The answered `submissionCount` must be this submission's own place among the form's (a milestone mail
   * goes by it). Without it (and without formCap or idempotency), concurrent inserts into one form may
   * answer the same count: PostgreSQL then lets them run side by side instead of one after another. Reads
   * of the form's count are exact either way.
   */
  exactCount?: boolean;
  /** The webhook delivery of this submission, written in the same transaction so none is lost. */
  delivery?: NewDelivery;
  /** Its Slack and Discord messages (channel set), written in the same transaction like the webhook delivery. */
  chatDeliveries?: NewDelivery[];
  /** Marked "not spam": the suspected-spam row with this id is removed in the same write. */
  fromSpam?: boolean;
  /** When the form's retention period starts for it, if not at `createdAt` (an answer marked "not spam": then). */
  retainFrom?: string;
  /** Uploads this submission uses: attached in the same write, refused (nothing stored) if one is gone or taken. */
  files?: string[];
}

/** How an insert ended: checked inside the write, so concurrent requests cannot overshoot a limit. */
export type InsertOutcome =
  | { kind: 'stored'; submissionCount: number }
  | { kind: 'replay'; record: IdempotencyRecord }
  | { kind: 'form_cap' }
  | { kind: 'monthly_quota' }
  /** The form was deleted after the submission read it: nothing is stored. */
  | { kind: 'form_gone' }
  /** An upload the submission names was used or swept meanwhile: nothing is stored. */
  | { kind: 'files_gone' }
  /** An import row whose id the form already holds: nothing is stored. */
  | { kind: 'duplicate' };

/** `store.submissions`: storing answers inside the limits, reading and deleting them. */
export interface SubmissionQueries {
  /**
   * Stores a submission and its idempotency record in one durable write. Stores nothing when the
   * idempotency key is already taken (a concurrent request won) or a limit is reached.
   */
  insert(sub: NewSubmission): Promise<InsertOutcome>;
  /**
   * Newest first, strictly before `cursorSeq` when given (`oldest`: oldest first, strictly after it);
   * only rows matching `filter` when given (SubmissionFilter).
   */
  page(
    formId: string,
    limit: number,
    cursorSeq?: number,
    filter?: SubmissionFilter,
    order?: 'newest' | 'oldest',
  ): Promise<SubmissionRecord[]>;
  /** How many submissions a form holds, or how many match `filter` (the same match as `page`). */
  count(formId: string, filter?: SubmissionFilter): Promise<number>;
  /** Submissions per UTC day (`YYYY-MM-DD`) since `since`, for every form of a workspace. */
  dailyCounts(workspaceId: string, since: string): Promise<{ formId: string; day: string; count: number }[]>;
  /**
   * Every submission of a form (only those matching `filter` when given), oldest first, read in pages so memory
   * stays flat.
   */
  iterate(formId: string, pageSize?: number, filter?: SubmissionFilter): AsyncIterable<SubmissionRecord>;
  /**
   * The names of every `extra` input the form's submissions kept (accept_undeclared), each once, sorted by
   * code point (both stores alike); [] when none did. The export's columns after the fields.
   */
  extraKeys(formId: string): Promise<string[]>;
  /** The highest seq of a form's submissions (0 when it has none). */
  lastSeq(formId: string): Promise<number>;
  /**
   * Ids of a form's submissions created before `before` (and, for one inserted with `retainFrom`,
   * whose `retainFrom` is before it too), oldest first, at most `limit`.
   */
  idsOlderThan(formId: string, before: string, limit: number): Promise<string[]>;
  /**
   * Applies `edit` to the owner's marks of the form's submissions `ids` in one write (ids of other forms and unknown
   * ids are skipped) and answers the ids changed, in the order asked. When adding tags would leave one of them with
   * more than `maxTags` tags, nothing is written and that id is answered. Values, counts and deliveries are untouched.
   */
  mark(formId: string, ids: string[], edit: MarksEdit, maxTags: number): Promise<MarkOutcome>;
  /** One submission of a form; undefined when the id is unknown or belongs to another form. */
  byId(formId: string, id: string): Promise<SubmissionRecord | undefined>;
  /**
   * Deletes submissions of one form (ids of other forms are left alone) in one write: lowers the form's
   * count (never the monthly usage, which counts what was received), cancels their pending deliveries
   * and empties the payloads their deliveries hold, deletes their lines of the delivery log, drops the
   * idempotency records that replay them, and deletes held mail (outbox) of that form that shows one of
   * them. Appends a deletion link to the form's chain for each (`reason`, default 'deleted'), drops their edit
   * links and revisions, and writes the `submission.deleted` delivery `notice` makes for each deleted id (receivers
   * that opted in). Returns the ids that were deleted.
   */
  delete(
    formId: string,
    ids: string[],
    at: string,
    reason?: DeletionReason,
    notice?: (id: string) => NewDelivery | undefined,
  ): Promise<string[]>;
}

/** `store.idempotency`: stored answers to replay an `Idempotency-Key`. */
export interface IdempotencyQueries {
  get(formId: string, key: string): Promise<IdempotencyRecord | undefined>;
  sweep(olderThan: string): Promise<number>;
}
