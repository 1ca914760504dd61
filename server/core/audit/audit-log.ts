// The audit log (ARCHITECTURE.md Wave 4 "Private by design"): who (a member or a key), when, from where and
// what. Entries are chained per workspace (audit-chain.ts) and kept FORMSTEAD_AUDIT_DAYS (default 365).
// Values of answers, secrets and passwords never go in: `detail` holds ids, counts and setting names.
import { StorageError } from '../../lib/storage-error.ts';
import { accountEmail } from '../account-email.ts';
import type { Principal } from '../principal.ts';
import type { AuditEntry, AuditActorKind, Store } from '../store/types.ts';
import type { AuditAction } from './actions.ts';
import { chainHash } from './audit-chain.ts';

/** Who acted, and from where: a principal with the request's address, or nobody signed in. */
export interface AuditActor {
  principal: Principal | null;
  ip: string | null;
  /** For one not signed in: what they gave (the email of a failed sign-in). */
  label?: string;
}

/** What an entry is about. */
export interface AuditFacts {
  /** The workspace; by default the principal's (none for an agent key). */
  workspaceId?: string | null;
  target?: string | null;
  detail?: Record<string, unknown>;
}

/** Most entries one page of the Workspace page or the export reads at once. */
export const AUDIT_PAGE_MAX = 200;

/** Records and reads the audit log. */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly log: (line: string) => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Appends one entry (durably, before the caller answers). While the store takes no writes (a full disk),
   * reads still answer (ARCHITECTURE.md "Command line and operations"): their entry is then not kept, and a
   * log line says which; undefined in that case.
   */
  async record(actor: AuditActor, action: AuditAction, facts: AuditFacts = {}): Promise<AuditEntry | undefined> {
    const { principal } = actor;
    const entry = {
      workspaceId:
        facts.workspaceId !== undefined
          ? facts.workspaceId
          : principal && 'workspaceId' in principal
            ? principal.workspaceId
            : null,
      at: this.clock().toISOString(),
      actorKind: actorKind(principal),
      actorId: principal ? (principal.kind === 'user' ? principal.userId : principal.keyId) : null,
      actorLabel: await this.label(actor),
      ip: actor.ip,
      action,
      target: facts.target ?? null,
      detail: JSON.stringify(facts.detail ?? {}),
    };
    try {
      return await this.store.audit.append(entry, (prev) => chainHash(entry, prev));
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      this.log(`warning: audit entry not recorded, the store takes no writes: action=${action}`);
      return undefined;
    }
  }

  /**
   * A sign-in that failed: a member's address is named (their account was tried); any other typed text is
   * not kept, since it may be anyone's. Such entries belong to no workspace (the instance owners read them).
   */
  async failedSignIn(typed: string, ip: string): Promise<AuditEntry | undefined> {
    const user = await this.store.users.byEmail(accountEmail(typed));
    return this.record({ principal: null, ip, label: user?.email ?? 'an address of no member' }, 'sign_in.failed', {
      workspaceId: null,
      target: user?.id ?? null,
    });
  }

  /** A workspace's entries (null: those of no workspace), newest first. */
  page(workspaceId: string | null, opts: { beforeSeq?: number; limit?: number } = {}): Promise<AuditEntry[]> {
    return this.store.audit.page(workspaceId, {
      beforeSeq: opts.beforeSeq,
      limit: Math.min(Math.max(1, opts.limit ?? 50), AUDIT_PAGE_MAX),
    });
  }

  /** Deletes entries older than `days` days; resolves with how many went. */
  sweep(days: number): Promise<number> {
    return this.store.audit.sweep(new Date(this.clock().getTime() - days * 86_400_000).toISOString());
  }

  /** How people know the actor: a member's email, a key's name. */
  private async label({ principal, label }: AuditActor): Promise<string | null> {
    if (!principal) return label ?? null;
    if (principal.kind === 'user') return (await this.store.users.byId(principal.userId))?.email ?? null;
    return (await this.store.keys.byId(principal.keyId))?.name ?? null;
  }
}

function actorKind(principal: Principal | null): AuditActorKind {
  if (!principal) return 'anonymous';
  return principal.kind === 'user' ? 'user' : principal.kind === 'account' ? 'account_key' : 'agent_key';
}
