// The store interface: every read and write of Formstead's data goes through it, so another backend
// (PostgreSQL for instances that outgrow one machine) can implement the same contract. Each group's
// methods, with the doc comments that are their contract, and the records they use live in
// types/<area>.ts; this file composes them and re-exports everything, so importers name only types.ts.
import type { StorageHealth } from '../../lib/durable/durable-db.ts';
import type { AuditQueries } from './types/audit.ts';
import type { ChainQueries } from './types/chain.ts';
import type { EditQueries } from './types/edits.ts';
import type { FileQueries } from './types/files.ts';
import type { ImageQueries } from './types/images.ts';
import type { PartialQueries } from './types/partials.ts';
import type { DraftQueries, FormQueries } from './types/forms.ts';
import type { InviteQueries, KeyQueries, SessionQueries, UserQueries, WorkspaceQueries } from './types/identity.ts';
import type { JobQueries, MetaQueries, OutboxQueries, RateBucketQueries } from './types/instance.ts';
import type { ReportQueries, SpamQueries } from './types/moderation.ts';
import type { FormStatsQueries } from './types/stats.ts';
import type { TallyQueries } from './types/tallies.ts';
import type { IdempotencyQueries, SubmissionQueries } from './types/submissions.ts';
import type { WebhookQueries } from './types/webhooks.ts';

export type { StorageHealth } from '../../lib/durable/durable-db.ts';
export type * from './types/audit.ts';
export type * from './types/chain.ts';
export type * from './types/edits.ts';
export type * from './types/files.ts';
export type * from './types/forms.ts';
export type * from './types/identity.ts';
export type * from './types/images.ts';
export type * from './types/instance.ts';
export type * from './types/moderation.ts';
export type * from './types/partials.ts';
export type * from './types/stats.ts';
export type * from './types/submissions.ts';
export type * from './types/tallies.ts';
export type * from './types/webhooks.ts';

/** A connection pool's counts: all open connections, the idle among them, and queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The whole store contract. Reads may be served from memory; every write resolves once durable.
 * Each member is one group of methods, typed by its interface in types/<area>.ts (the contract
 * suite's coverage guard, test/store/contract/coverage.ts, reads them from there).
 */
export interface Store {
  meta: MetaQueries;
  workspaces: WorkspaceQueries;
  users: UserQueries;
  sessions: SessionQueries;
  keys: KeyQueries;
  invites: InviteQueries;
  forms: FormQueries;
  submissions: SubmissionQueries;
  spam: SpamQueries;
  idempotency: IdempotencyQueries;
  webhooks: WebhookQueries;
  drafts: DraftQueries;
  reports: ReportQueries;
  files: FileQueries;
  /** Pictures of forms' fields, options and logos (their bytes beside the store, as files). */
  images: ImageQueries;
  /** What people typed on forms that keep partial answers before they left (one row per form and page session). */
  partials: PartialQueries;
  outbox: OutboxQueries;
  /**
   * Token buckets of the rate limits (core/rate-limits.ts), in the store so that every instance on one
   * database draws on the same buckets. Keys arrive already hashed where they name an address.
   */
  rateBuckets: RateBucketQueries;
  /** Daily counts of views, starts, steps and completions (core/stats/), flushed in batches from memory. */
  formStats: FormStatsQueries;
  jobs: JobQueries;
  /** The audit log (core/audit/): who did what, chained per workspace. */
  audit: AuditQueries;
  /** Each form's answer chain and its signed head (docs/storage.md "Answer chain"). */
  chain: ChainQueries;
  /** Respondents' edit links and the revisions their edits keep. */
  edits: EditQueries;
  /** Each form's answers counted per day, for summaries (core/stats/tally-fold.ts). */
  tallies: TallyQueries;
  /** Writes a snapshot now (the scheduled job); resolves with a line saying what the latest snapshot is. */
  snapshot(): Promise<string>;
  /** Whether writes are accepted now, without I/O (`epoch` grows when memory was rebuilt from disk). */
  storage(): StorageHealth;
  /** The PostgreSQL pool's connections now (pg.Pool's counts), for the metrics; undefined for the embedded store. */
  poolUse(): PoolUse | undefined;
  /** storage(), after trying to resume writes where that is safe (GET /readyz). */
  checkStorage(): Promise<StorageHealth>;
  close(): Promise<void>;
}
