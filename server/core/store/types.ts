// The store interface: every read and write of Formstead's data goes through it, so another backend
// (PostgreSQL for instances that outgrow one machine) can implement the same contract.
import type { StorageHealth } from '../../lib/durable-db.ts';

export type { StorageHealth } from '../../lib/durable-db.ts';

/** A workspace member's role (ARCHITECTURE.md "Identity and keys"). */
export type Role = 'owner' | 'editor' | 'viewer';

export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: string;
  kind: 'account' | 'agent';
  keyHash: string;
  last4: string;
  name: string;
  workspaceId: string | null;
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Per-form settings of spec 2.11 as stored (secret in full). */
export interface FormSettingsRecord {
  successMessage: string;
  redirectUrl: string;
  allowAnotherResponse: boolean;
  notifyMode: 'milestones' | 'off';
  notifyEmailTo: string;
  webhookUrl: string;
  webhookSecret: string;
  /** Mail the members on every response (digests under bursts); additive to notifyMode's milestones. */
  notifyEachResponse: boolean;
  /** Key of the email field whose address gets a confirmation mail; '' when the mail is off. */
  confirmationField: string;
  /** The owner's words in the confirmation mail; '' for the default text. */
  confirmationMessage: string;
  /** Submissions older than this many days are deleted by the retention job; null keeps them forever. */
  retentionDays: number | null;
  /** The form's own look (shared/api/theme.ts), as validated when saved. */
  theme: Record<string, unknown>;
}

export interface FormRecord extends FormSettingsRecord {
  id: string;
  workspaceId: string | null;
  agentKeyId: string | null;
  title: string;
  status: 'active' | 'paused';
  moderationPaused: boolean;
  version: number;
  createdAt: string;
  expiresAt: string | null;
  claimTokenHash: string | null;
  submissionCount: number;
  /** Webhook attempts that failed in a row; a delivered attempt resets it (spec 6.6). */
  webhookFailures: number;
  /** When the last "Webhook failing" mail went out, or null. */
  webhookFailureMailedAt: string | null;
  /** The last submission (by seq) a response mail covered; later ones wait for the next mail or digest. */
  responseMailSeq: number;
  /** When the last response mail went out, or null. */
  responseMailAt: string | null;
}

export interface FormVersionRecord {
  formId: string;
  version: number;
  definition: string;
  createdAt: string;
}

export interface SubmissionRecord {
  seq: number;
  id: string;
  formId: string;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  hiddenChars: boolean;
}

/** An uploaded file's metadata (the bytes are a file named `id` in the files folder). */
export interface FileRecord {
  id: string;
  formId: string;
  fieldKey: string;
  /** Null while no submission uses the upload. */
  submissionId: string | null;
  name: string;
  size: number;
  type: string;
  createdAt: string;
}

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
  idempotency?: Omit<IdempotencyRecord, 'formId' | 'createdAt'>;
  /** Refuse (store nothing) when the form already holds this many submissions. */
  formCap?: number;
  /** Refuse (store nothing) when the workspace already used this many submissions this month. */
  monthlyQuota?: number;
  /** The webhook delivery of this submission, written in the same transaction so none is lost. */
  delivery?: NewDelivery;
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
  | { kind: 'files_gone' };

/** A webhook delivery's lifecycle (spec 3.3): failed means all attempts were used up. */
export type DeliveryState = 'pending' | 'delivered' | 'cancelled' | 'failed';

/** A webhook delivery to write with its submission; the payload is the exact body every attempt sends. */
export interface NewDelivery {
  id: string;
  payload: string;
  nextAttemptAt: string;
}

/** One submission's webhook delivery as stored. */
export interface DeliveryRecord {
  id: string;
  formId: string;
  submissionId: string;
  payload: string;
  attemptCount: number;
  nextAttemptAt: string;
  state: DeliveryState;
  createdAt: string;
}

/** Where a form's webhooks go at this moment. */
export interface WebhookTarget {
  workspaceId: string | null;
  url: string;
  secret: string;
}

/** One line of the delivery log (spec 2.13); error is null on success. */
export interface AttemptRecord {
  formId: string;
  submissionId: string;
  attempt: number;
  statusCode: number;
  error: string | null;
  durationMs: number;
  createdAt: string;
}

/** What one finished attempt changes, applied in one write by `webhooks.recordAttempt`. */
export interface AttemptResult {
  deliveryId: string;
  attempt: AttemptRecord;
  /** The delivery's next state; `pending` with the time of the next attempt. */
  next: { state: 'pending'; nextAttemptAt: string } | { state: 'delivered' | 'cancelled' | 'failed' };
  /** Keep this many log lines per form (the newest replace the oldest). */
  logSize: number;
  /** Failure mail rule: due once the streak reaches `after`, if none went out since `notSince`. */
  failureMail: { after: number; notSince: string };
}

/** A post the anti-spam checks caught, kept apart for 30 days (values as the engine accepted them). */
export interface SpamRecord {
  id: string;
  formId: string;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  /** Which check caught it: `honeypot`, `token` or `too_fast`. */
  reason: string;
}

/** What the response mail of a form covers, as claimed in one write (see `forms.claimResponseMail`). */
export interface ResponseMailClaim {
  /** The submissions the mail lists, oldest first, at most `limit` of them. */
  submissions: SubmissionRecord[];
  /** How many the mail covers in all (may exceed the listed ones). */
  total: number;
}

/** A mail held in the outbox (no SMTP server configured, or sending failed). */
export interface OutboxRecord {
  id: string;
  recipients: string[];
  subject: string;
  body: string;
  createdAt: string;
  error: string | null;
  /** The form the mail is about (null: about no form); the mail goes when the form is deleted. */
  formId: string | null;
  /** The answers whose values the mail shows; the mail goes when one of them is deleted. */
  submissionIds: string[];
}

/** A pending invitation to a workspace (admin panel): only a hash of the link's token is kept. */
export interface InviteRecord {
  id: string;
  tokenHash: string;
  workspaceId: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** How taking up an invite ended; checked inside the write so a link works once. */
export type InviteOutcome = 'joined' | 'already_member' | 'email_taken' | 'gone';

/** How a membership change ended; a workspace never loses its last owner. */
export type MembershipOutcome = 'ok' | 'last_owner' | 'not_member';

/** An abuse report: the reporter's network only as a keyed hash (addresses are never stored). */
export interface AbuseReportRecord {
  formId: string;
  networkHash: string;
  createdAt: string;
}

/** Reports of one form over a period, for the moderation view. */
export interface AbuseReportSummary {
  formId: string;
  reports: number;
  networks: number;
  lastAt: string;
}

/** A definition being edited in the admin panel (migration 007); `text` is kept exactly as typed. */
export interface DraftRecord {
  id: string;
  workspaceId: string;
  /** The form it changes; null for a new form never published. */
  formId: string | null;
  text: string;
  /** The form's version when the draft began; null for a new form. */
  baseVersion: number | null;
  updatedAt: string;
  /** The user who saved it last. */
  updatedBy: string;
}

/** The whole store contract. Reads may be served from memory; every write resolves once durable. */
/** One token bucket to draw on: the limiter's name, the key within it and the limiter's rule. */
export interface RateCheck {
  bucket: string;
  key: string;
  /** Tokens a full bucket holds. */
  burst: number;
  refillPerSecond: number;
}

/** The answer of rateBuckets.take: every token taken, or none and the wait until there would be. */
export type RateTake = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface Store {
  meta: {
    get(key: string): Promise<string | undefined>;
    set(key: string, value: string): Promise<void>;
  };
  workspaces: {
    create(ws: WorkspaceRecord): Promise<void>;
    first(): Promise<WorkspaceRecord | undefined>;
    byId(id: string): Promise<WorkspaceRecord | undefined>;
    monthlyUsage(workspaceId: string, month: string): Promise<number>;
  };
  users: {
    create(user: UserRecord, membership: { workspaceId: string; role: Role }): Promise<void>;
    byId(id: string): Promise<UserRecord | undefined>;
    byEmail(email: string): Promise<UserRecord | undefined>;
    setPassword(userId: string, passwordHash: string): Promise<void>;
    role(workspaceId: string, userId: string): Promise<Role | undefined>;
    workspacesOf(userId: string): Promise<{ workspace: WorkspaceRecord; role: Role }[]>;
    members(workspaceId: string): Promise<{ user: UserRecord; role: Role; emailEnabled: boolean }[]>;
    /** Changes a member's role; refuses to leave the workspace without an owner. */
    setRole(workspaceId: string, userId: string, role: Role): Promise<MembershipOutcome>;
    /** Ends a membership; refuses to remove the last owner. */
    removeMember(workspaceId: string, userId: string): Promise<MembershipOutcome>;
  };
  sessions: {
    create(tokenHash: string, userId: string, createdAt: string, expiresAt: string): Promise<void>;
    get(tokenHash: string): Promise<{ userId: string; expiresAt: string } | undefined>;
    delete(tokenHash: string): Promise<void>;
    sweep(now: string): Promise<number>;
    /** Ends every session of a user except the one with `keepTokenHash` (password changed). */
    deleteForUser(userId: string, keepTokenHash?: string): Promise<number>;
  };
  keys: {
    create(key: ApiKeyRecord): Promise<void>;
    byHash(hash: string): Promise<ApiKeyRecord | undefined>;
    touch(id: string, at: string): Promise<void>;
    revoke(id: string, at: string): Promise<void>;
    countActiveAccountKeys(workspaceId: string): Promise<number>;
    byId(id: string): Promise<ApiKeyRecord | undefined>;
    /** A workspace's active account keys, newest first. */
    listActiveAccountKeys(workspaceId: string): Promise<ApiKeyRecord[]>;
    /** Creates an account key unless its workspace already has `max` active ones (checked inside the write). */
    createIfUnder(key: ApiKeyRecord, max: number): Promise<boolean>;
  };
  invites: {
    /** Stores an invite (and drops the expired ones of every workspace). */
    create(invite: InviteRecord): Promise<void>;
    byHash(tokenHash: string): Promise<InviteRecord | undefined>;
    /** A workspace's unexpired invites, newest first. */
    list(workspaceId: string, now: string): Promise<InviteRecord[]>;
    delete(workspaceId: string, id: string): Promise<boolean>;
    /** Creates the user with the invite's role and uses the invite up, in one write. */
    acceptAsNewUser(tokenHash: string, user: UserRecord, now: string): Promise<InviteOutcome>;
    /** Adds an existing user with the invite's role and uses the invite up, in one write. */
    acceptAsUser(tokenHash: string, userId: string, now: string): Promise<InviteOutcome>;
  };
  forms: {
    create(form: FormRecord, definition: string): Promise<void>;
    addVersion(formId: string, version: number, definition: string, title: string, settings: Partial<FormSettingsRecord>, at: string): Promise<void>;
    byId(id: string): Promise<FormRecord | undefined>;
    byClaimTokenHash(hash: string): Promise<FormRecord | undefined>;
    version(formId: string, version: number): Promise<FormVersionRecord | undefined>;
    versions(formId: string): Promise<FormVersionRecord[]>;
    listByWorkspace(workspaceId: string): Promise<FormRecord[]>;
    listByAgentKey(agentKeyId: string): Promise<FormRecord[]>;
    /** Forms paused by moderation, instance-wide, newest first (the moderation view). */
    listModerationPaused(limit: number): Promise<FormRecord[]>;
    countUnclaimedByAgentKey(agentKeyId: string): Promise<number>;
    /** Creates an unclaimed form unless its agent key already holds `max` unclaimed forms (checked inside the write). */
    createUnclaimedIfUnder(form: FormRecord, definition: string, max: number): Promise<boolean>;
    claim(formId: string, workspaceId: string): Promise<boolean>;
    update(formId: string, patch: Partial<Pick<FormRecord, 'status' | 'moderationPaused' | 'responseMailSeq'> & FormSettingsRecord>): Promise<void>;
    /**
     * Takes the form's next response mail, in one write, when none went out since `notSince`: marks
     * every submission not yet covered as covered and the mail as sent `now`. Undefined when a mail
     * went out since `notSince` or nothing is waiting (then nothing changes).
     */
    claimResponseMail(formId: string, now: string, notSince: string, limit: number): Promise<ResponseMailClaim | undefined>;
    /** Forms with notify_each_response on and submissions waiting for a mail (the safety-net job). */
    withWaitingResponseMail(): Promise<string[]>;
    /** Claimed forms with a retention period, and that period. */
    withRetention(): Promise<{ id: string; retentionDays: number }[]>;
    expiredUnclaimed(now: string): Promise<string[]>;
    /**
     * Deletes a form with every row it owns (versions, submissions, idempotency records, deliveries and
     * their log, reports, drafts, spam, file rows, held mail about it) in one write; returns how many
     * submissions went.
     */
    delete(formId: string): Promise<number>;
  };
  submissions: {
    /**
     * Stores a submission and its idempotency record in one durable write. Stores nothing when the
     * idempotency key is already taken (a concurrent request won) or a limit is reached.
     */
    insert(sub: NewSubmission): Promise<InsertOutcome>;
    /**
     * Newest first, strictly before `cursorSeq` when given (`oldest`: oldest first, strictly after it);
     * only rows whose stored JSON contains `contains` when given: ASCII letters in any case, other characters as typed (SQLite folds ASCII only; PostgreSQL is held to the same).
     */
    page(formId: string, limit: number, cursorSeq?: number, contains?: string, order?: 'newest' | 'oldest'): Promise<SubmissionRecord[]>;
    /** How many submissions a form holds, or how many contain `contains` (the same match as `page`). */
    count(formId: string, contains?: string): Promise<number>;
    /** Submissions per UTC day (`YYYY-MM-DD`) since `since`, for every form of a workspace. */
    dailyCounts(workspaceId: string, since: string): Promise<{ formId: string; day: string; count: number }[]>;
    /** Every submission of a form (only those containing `contains` when given), oldest first, read in pages so memory stays flat. */
    iterate(formId: string, pageSize?: number, contains?: string): AsyncIterable<SubmissionRecord>;
    /** The highest seq of a form's submissions (0 when it has none). */
    lastSeq(formId: string): Promise<number>;
    /**
     * Ids of a form's submissions created before `before` (and, for one inserted with `retainFrom`,
     * whose `retainFrom` is before it too), oldest first, at most `limit`.
     */
    idsOlderThan(formId: string, before: string, limit: number): Promise<string[]>;
    /** One submission of a form; undefined when the id is unknown or belongs to another form. */
    byId(formId: string, id: string): Promise<SubmissionRecord | undefined>;
    /**
     * Deletes submissions of one form (ids of other forms are left alone) in one write: lowers the form's
     * count (never the monthly usage, which counts what was received), cancels their pending deliveries
     * and empties the payloads their deliveries hold, drops the idempotency records that replay them, and
     * deletes held mail (outbox) of that form that shows one of them. Returns the ids that were deleted.
     */
    delete(formId: string, ids: string[], at: string): Promise<string[]>;
  };
  spam: {
    /** Keeps a caught post unless the form already holds `max` of them (then it is dropped: false). */
    add(spam: SpamRecord, max: number): Promise<boolean>;
    /** A form's suspected spam, newest first. */
    list(formId: string, limit: number): Promise<SpamRecord[]>;
    count(formId: string): Promise<number>;
    byId(formId: string, id: string): Promise<SpamRecord | undefined>;
    /** Deletes one; false when it was not there. */
    delete(formId: string, id: string): Promise<boolean>;
    /** Deletes every spam row created before `olderThan`; returns how many went. */
    sweep(olderThan: string): Promise<number>;
  };
  idempotency: {
    get(formId: string, key: string): Promise<IdempotencyRecord | undefined>;
    sweep(olderThan: string): Promise<number>;
  };
  webhooks: {
    byId(id: string): Promise<DeliveryRecord | undefined>;
    /** A delivery with where its form sends webhooks now (undefined target: the form is gone), in one read. */
    forAttempt(id: string): Promise<{ delivery: DeliveryRecord; target?: WebhookTarget } | undefined>;
    /** Pending deliveries due at `now`, oldest due first (ids and forms only: payloads are read per attempt). */
    due(now: string, limit: number): Promise<{ id: string; formId: string }[]>;
    /**
     * Takes a pending delivery for one attempt until `until`, so one instance at a time sends it: false
     * when it is not pending, unknown, or another taker's lease has not ended at `now`. A taker that dies
     * mid-attempt leaves it to the next one once `until` passes; `recordAttempt` and `finish` end the lease.
     */
    lease(id: string, now: string, until: string): Promise<boolean>;
    /** The earliest next attempt time of a pending delivery later than `after`, if any. */
    nextDueAfter(after: string): Promise<string | undefined>;
    /**
     * Logs an attempt, moves its delivery on (only while it is still pending) and updates the form's
     * failure streak, in one write. Nothing is written when the form is gone. `mailFailure` is true
     * once, when the failure mail rule fires; the mail time is recorded in the same write.
     */
    recordAttempt(result: AttemptResult): Promise<{ failures: number; mailFailure: boolean }>;
    /** Ends one pending delivery without an attempt (its form lost its webhook or its claim). */
    finish(id: string, state: 'cancelled' | 'failed', at: string): Promise<void>;
    /** Cancels every pending delivery of a form and clears its failure streak (webhook removed). */
    cancelPending(formId: string, at: string): Promise<number>;
    /** The delivery log of a form, newest first. */
    attempts(formId: string, limit: number): Promise<AttemptRecord[]>;
    /** One submission's deliveries (until swept) and its lines still in the form's log, newest first. */
    forSubmission(formId: string, submissionId: string): Promise<{ deliveries: DeliveryRecord[]; attempts: AttemptRecord[] }>;
    /** Deletes finished deliveries that ended before `olderThan`; returns how many went. */
    sweepFinished(olderThan: string): Promise<number>;
  };
  drafts: {
    byId(id: string): Promise<DraftRecord | undefined>;
    /** The draft of a form, if it has one. */
    byForm(formId: string): Promise<DraftRecord | undefined>;
    /** A workspace's drafts of new forms (form_id null), most recently saved first. */
    listNew(workspaceId: string): Promise<DraftRecord[]>;
    /** Ids of the workspace's forms that have a draft (the forms list's marker, one query). */
    formsWithDraft(workspaceId: string): Promise<Set<string>>;
    /** Stores a new draft. A form's draft replaces the one the form had (at most one per form). */
    put(draft: DraftRecord): Promise<void>;
    /** Changes a draft's text; false when it is gone. */
    update(id: string, patch: Pick<DraftRecord, 'text' | 'updatedAt' | 'updatedBy'>): Promise<boolean>;
    /** Deletes a draft; false when it was not there. */
    delete(id: string): Promise<boolean>;
  };
  reports: {
    /**
     * Stores an abuse report unless its network already reported the form since `since`, and counts the
     * distinct networks that reported it since then, in one write.
     */
    add(report: AbuseReportRecord, since: string): Promise<{ stored: boolean; networks: number }>;
    /** Forms reported since `since`, most reported first: report count, distinct networks, latest time. */
    summary(since: string, limit: number): Promise<AbuseReportSummary[]>;
  };
  files: {
    insert(file: FileRecord): Promise<void>;
    byId(id: string): Promise<FileRecord | undefined>;
    /** The rows of these ids that exist (order not kept). */
    byIds(ids: string[]): Promise<FileRecord[]>;
    /** Ids of every file of a form, used by a submission or not. */
    idsOfForm(formId: string): Promise<string[]>;
    /** Ids of the files these submissions use. */
    idsOfSubmissions(submissionIds: string[]): Promise<string[]>;
    /** Ids of uploads no submission used, made before `createdBefore`. */
    unusedBefore(createdBefore: string, limit: number): Promise<string[]>;
    /** Deletes these rows in one write. */
    delete(ids: string[]): Promise<void>;
  };
  outbox: {
    add(mail: OutboxRecord): Promise<void>;
    /** Newest first. */
    list(limit: number): Promise<OutboxRecord[]>;
    /** Deletes held mail created before `olderThan`; returns how many went. */
    sweep(olderThan: string): Promise<number>;
  };
  /**
   * Token buckets of the rate limits (core/rate-limits.ts), in the store so that every instance on one
   * database draws on the same buckets. Keys arrive already hashed where they name an address.
   */
  rateBuckets: {
    /**
     * Takes one token from every bucket of `checks` as of `nowMs`, or none when any bucket has less than
     * one (all or nothing, also against concurrent takes on other instances); a refusal says how many
     * seconds until every bucket would have one again.
     */
    take(checks: RateCheck[], nowMs: number): Promise<RateTake>;
    /** Forgets one bucket (its subject is gone: a deleted form). */
    forget(bucket: string, key: string): Promise<void>;
    /** Drops the buckets that are full again at `nowMs` (a full bucket is the same as none); returns how many went. */
    sweep(nowMs: number): Promise<number>;
  };
  jobs: {
    /**
     * Claims the scheduled run of job `name` at `tick` (the ISO time it was scheduled for): true for one
     * caller per job and tick, across instances; false when that tick or a later one was claimed already.
     */
    claimTick(name: string, tick: string): Promise<boolean>;
    /**
     * Runs `fn` while no other caller (on any instance) runs an exclusive section named `name`, for
     * start-up work that reads and then creates (the instance secret, the first workspace).
     */
    exclusive(name: string, fn: () => Promise<void>): Promise<void>;
  };
  /** Writes a snapshot now (the scheduled job); resolves with a line saying what the latest snapshot is. */
  snapshot(): Promise<string>;
  /** Whether writes are accepted now, without I/O (`epoch` grows when memory was rebuilt from disk). */
  storage(): StorageHealth;
  /** storage(), after trying to resume writes where that is safe (GET /readyz). */
  checkStorage(): Promise<StorageHealth>;
  close(): Promise<void>;
}
