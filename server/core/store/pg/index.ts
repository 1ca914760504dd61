// Opens the PostgreSQL store: a connection pool, the schema migrated, behind the Store interface.
import type { Store } from '../types.ts';
import { ChainLinker, chainQueries } from './chain.ts';
import { tallyQueries } from './tallies.ts';
import { PgDatabase } from './db.ts';
import { draftQueries } from './drafts.ts';
import { editQueries } from './edits.ts';
import { fileQueries } from './files.ts';
import { imageQueries } from './images.ts';
import { partialQueries } from './partials.ts';
import { formQueries } from './forms.ts';
import { identityQueries } from './identity.ts';
import { inviteQueries } from './invites.ts';
import { auditQueries } from './audit.ts';
import { jobQueries } from './jobs.ts';
import { applyPgMigrations } from './migrate.ts';
import { pgMigrations } from './migrations/index.ts';
import { rateBucketQueries } from './rate-buckets.ts';
import { markServed } from './served-mark.ts';
import { outboxQueries, reportQueries } from './reports-outbox.ts';
import { spamQueries } from './spam.ts';
import { formStatsQueries } from './stats.ts';
import { submissionQueries } from './submissions.ts';
import { webhookQueries } from './webhooks.ts';

/** Options of the PostgreSQL store. */
export interface PgStoreOptions {
  /** Connections this instance may hold. */
  poolSize?: number;
  /**
   * Whether the hot statements (the submission write) are prepared once per connection. Off behind a
   * transaction-mode pooler, where the next statement may run on a connection that never prepared it.
   */
  prepare?: boolean;
}

/**
 * Opens the store on `connectionString` (postgres://…), applying pending migrations first. Every
 * write resolves once PostgreSQL committed it; durability is the server's (its WAL), not ours.
 */
export async function openPgStore(
  connectionString: string,
  log: (line: string) => void = () => {},
  options: PgStoreOptions = {},
): Promise<Store> {
  const db = new PgDatabase(connectionString, { max: options.poolSize, prepare: options.prepare, log });
  try {
    await applyPgMigrations(db, pgMigrations, log);
    await markServed(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const linker = new ChainLinker(db, log);
  return {
    ...identityQueries(db),
    forms: formQueries(db),
    ...submissionQueries(db, linker),
    webhooks: webhookQueries(db),
    files: fileQueries(db),
    images: imageQueries(db),
    partials: partialQueries(db),
    spam: spamQueries(db),
    outbox: outboxQueries(db),
    reports: reportQueries(db),
    invites: inviteQueries(db),
    drafts: draftQueries(db),
    jobs: jobQueries(db),
    audit: auditQueries(db),
    chain: chainQueries(db),
    edits: editQueries(db),
    tallies: tallyQueries(db),
    formStats: formStatsQueries(db),
    rateBuckets: rateBucketQueries(db),
    // Nothing to write: PostgreSQL makes every commit durable itself; backups are pg_dump's job.
    snapshot: async () => 'PostgreSQL: every commit is durable in the server (no snapshot to write)',
    storage: () => db.health(),
    poolUse: () => ({ total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount }),
    checkStorage: () => db.checkHealth(),
    close: () => db.close(),
  };
}
