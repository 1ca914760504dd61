// How an audit entry is chained: SHA-256 over the hash of the entry before it in its workspace's log and
// this entry's fields, in a fixed order as JSON (so no field can change, move or go unnoticed). A log read
// back (the panel's export) is checked link by link with `firstBreak`.
import { createHash } from 'node:crypto';
import type { AuditEntry, NewAuditEntry } from '../store/types.ts';

/** The hash of `entry` chained to `prevHash`. */
export function chainHash(entry: NewAuditEntry, prevHash: string): string {
  const fields = [
    prevHash,
    entry.workspaceId,
    entry.at,
    entry.actorKind,
    entry.actorId,
    entry.actorLabel,
    entry.ip,
    entry.action,
    entry.target,
    entry.detail,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The seq of the first entry (oldest first) whose hash is not its own or does not follow the one before it,
 * or undefined when the log holds together. The oldest kept entry's prevHash is taken as given: entries older
 * than the log keeps (FORMSTEAD_AUDIT_DAYS) were swept.
 */
export function firstBreak(oldestFirst: readonly AuditEntry[]): number | undefined {
  let prev: string | undefined;
  for (const e of oldestFirst) {
    if ((prev !== undefined && e.prevHash !== prev) || chainHash(e, e.prevHash) !== e.hash) return e.seq;
    prev = e.hash;
  }
  return undefined;
}
