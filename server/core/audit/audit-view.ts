// The audit log as the panel and its export show it: the action's words beside its name, the detail as
// an object, and whether the page's entries hold together (audit-chain.ts).
import type { AuditEntry } from '../store/types.ts';
import { auditActions } from './actions.ts';

/** One entry for people and programs. */
export interface AuditEntryView {
  seq: number;
  /** null for the entries of no workspace; with the hashes, what a reader needs to check the chain. */
  workspace_id: string | null;
  at: string;
  actor: { kind: AuditEntry['actorKind']; id: string | null; label: string | null };
  ip: string | null;
  action: string;
  words: string;
  target: string | null;
  detail: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** An entry as the view shows it. */
export function auditEntryView(e: AuditEntry): AuditEntryView {
  return {
    seq: e.seq,
    workspace_id: e.workspaceId,
    at: e.at,
    actor: { kind: e.actorKind, id: e.actorId, label: e.actorLabel },
    ip: e.ip,
    action: e.action,
    words: Object.hasOwn(auditActions, e.action) ? auditActions[e.action as keyof typeof auditActions] : e.action,
    target: e.target,
    detail: JSON.parse(e.detail) as Record<string, unknown>,
    prev_hash: e.prevHash,
    hash: e.hash,
  };
}
