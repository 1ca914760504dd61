// The audit log's records and queries (core/audit/): who did what, when and from where, chained.

/** Who acted: a member in the panel, an account or agent key, nobody signed in (a failed sign-in), or the server. */
export type AuditActorKind = 'user' | 'account_key' | 'agent_key' | 'anonymous' | 'system';

/** One entry as core/audit/ makes it, before the store numbers and chains it. */
export interface NewAuditEntry {
  /** The workspace it belongs to; null for what belongs to none (an agent key's forms, a failed sign-in). */
  workspaceId: string | null;
  at: string;
  actorKind: AuditActorKind;
  /** The user's or key's id; null for anonymous and system. */
  actorId: string | null;
  /** How people know the actor: an email, a key's name; null when there is none. */
  actorLabel: string | null;
  /** The address the request came from; null for the server's own jobs. */
  ip: string | null;
  /** What happened, e.g. `key.created` (core/audit/actions.ts). */
  action: string;
  /** What it happened to: a form, key, member or submission id; null when nothing in particular. */
  target: string | null;
  /** More about it as JSON text (never answer values, secrets or passwords). */
  detail: string;
}

/** A stored entry: numbered, and chained to the one before it in its workspace's log. */
export interface AuditEntry extends NewAuditEntry {
  seq: number;
  /** The hash of the entry before it in the same workspace's log ('' for the first). */
  prevHash: string;
  /** SHA-256 over this entry and prevHash (core/audit/audit-chain.ts). */
  hash: string;
}

/** The audit log's part of the store. */
export interface AuditQueries {
  /**
   * Appends an entry to its workspace's log: reads the last entry's hash and stores `chain(prevHash)` as the
   * new one's, atomically (two instances on one database never fork a log). Resolves with the stored entry.
   */
  append(entry: NewAuditEntry, chain: (prevHash: string) => string): Promise<AuditEntry>;
  /** A workspace's entries (null: those of no workspace), newest first, before `beforeSeq` when given. */
  page(workspaceId: string | null, opts: { beforeSeq?: number; limit: number }): Promise<AuditEntry[]>;
  /** Deletes entries older than `before` (ISO time); resolves with how many went. */
  sweep(before: string): Promise<number>;
}
