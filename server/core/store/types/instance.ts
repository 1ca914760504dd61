// Instance-wide state in the Store: settings (meta), held mail, rate-limit buckets and job claims.

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

/** One token bucket to draw on: the limiter's name, the key within it and the limiter's rule. */
export interface RateCheck {
  bucket: string;
  key: string;
  /** Tokens a full bucket holds. */
  burst: number;
  refillPerSecond: number;
  /** Tokens this check draws (default 1): an upload draws its size in bytes from a byte budget. */
  tokens?: number;
}

/** The answer of rateBuckets.take: every token taken, or none and the wait until there would be. */
export type RateTake = { ok: true } | { ok: false; retryAfterSeconds: number };

/** `store.meta`: instance-wide values by key (the instance secret, setup and owner-reset tokens). */
export interface MetaQueries {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** `store.outbox`: mail held when no SMTP server is set or sending failed. */
export interface OutboxQueries {
  add(mail: OutboxRecord): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<OutboxRecord[]>;
  /** How many mails are held (the outbox's metric). */
  count(): Promise<number>;
  /**
   * Held mail of form `formId` showing any of these answers (the mail `submissions.delete` takes along), oldest
   * first; empty for no ids.
   */
  about(formId: string, submissionIds: string[]): Promise<OutboxRecord[]>;
  /** Deletes held mail created before `olderThan`; returns how many went. */
  sweep(olderThan: string): Promise<number>;
}

/** `store.rateBuckets`: the token buckets of the rate limits, shared by every instance. */
export interface RateBucketQueries {
  /**
   * Takes each check's tokens (one unless it says more) from every bucket of `checks` as of `nowMs`, or
   * none when any bucket has fewer than its check draws (all or nothing, also against concurrent takes on
   * other instances); a refusal says how many seconds until every bucket would have enough again. A check
   * drawing more than its burst draws the burst: a full bucket always serves it.
   */
  take(checks: RateCheck[], nowMs: number): Promise<RateTake>;
  /** Forgets one bucket (its subject is gone: a deleted form). */
  forget(bucket: string, key: string): Promise<void>;
  /** Drops the buckets that are full again at `nowMs` (a full bucket is the same as none); returns how many went. */
  sweep(nowMs: number): Promise<number>;
}

/** `store.jobs`: scheduled runs and exclusive sections claimed across instances. */
export interface JobQueries {
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
}
