// Workspace members and invites (admin panel): owners invite with a link that carries a role, change
// roles and remove members; a workspace always keeps at least one owner.
import { conflict, notFound } from '../lib/api-error.ts';
import { newUser, verifiedUser, type AccountService } from './accounts.ts';
import { newId, newToken } from './ids.ts';
import { hashSecret } from './keys.ts';
import type { InviteRecord, MembershipOutcome, Role, Store } from './store/types.ts';

/** An invite link works once, for 7 days. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

const inviteView = (i: InviteRecord) => ({ id: i.id, role: i.role, created_at: i.createdAt, expires_at: i.expiresAt });

/** Members, roles and invites of workspaces. Callers have checked that the actor is an owner. */
export class MemberService {
  constructor(
    private readonly store: Store,
    private readonly accounts: AccountService,
    private readonly publicUrl: string,
  ) {}

  /** The workspace's members with their roles. */
  async list(workspaceId: string) {
    const members = await this.store.users.members(workspaceId);
    return members.map((m) => ({
      user_id: m.user.id,
      email: m.user.email,
      role: m.role,
      email_enabled: m.emailEnabled,
    }));
  }

  /** Makes an invite link for `role`; the link (its token) is shown once and only its hash is kept. */
  async invite(workspaceId: string, createdBy: string, role: Role) {
    const token = newToken();
    const now = Date.now();
    const invite: InviteRecord = {
      id: newId(),
      tokenHash: hashSecret(token),
      workspaceId,
      role,
      createdBy,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + INVITE_TTL_MS).toISOString(),
    };
    await this.store.invites.create(invite);
    return { ...inviteView(invite), url: `${this.publicUrl}/admin/invite/${token}` };
  }

  /** Pending invites (never their links). */
  async invites(workspaceId: string) {
    return (await this.store.invites.list(workspaceId, new Date().toISOString())).map(inviteView);
  }

  /** Withdraws a pending invite. */
  async revokeInvite(workspaceId: string, id: string) {
    if (!(await this.store.invites.delete(workspaceId, id))) throw notFound('invite');
  }

  /** What an invite link offers, while it is valid: the workspace's name and the role. */
  async inviteByToken(token: string) {
    const invite = await this.store.invites.byHash(hashSecret(token));
    if (!invite || invite.expiresAt <= new Date().toISOString()) return undefined;
    const workspace = await this.store.workspaces.byId(invite.workspaceId);
    return workspace && { workspaceId: workspace.id, workspaceName: workspace.name, role: invite.role };
  }

  /** Takes up an invite with a new account and signs it in; returns the session token. */
  async acceptWithNewAccount(token: string, email: string, password: string): Promise<string> {
    const user = await newUser(email, password);
    const outcome = await this.store.invites.acceptAsNewUser(hashSecret(token), user, user.createdAt);
    if (outcome === 'gone') throw notFound('invite');
    // Saying the email exists tells the inviter's guest only what the sign-in page would.
    if (outcome === 'email_taken')
      throw conflict('email_taken', [
        'email: an account with this email exists; sign in first, then open the link again',
      ]);
    return this.accounts.startSession(user.id);
  }

  /**
   * Takes up an invite with an address the single sign-on provider verified: the account with that address joins,
   * or a new password-less one is made; returns the session token.
   */
  async acceptWithVerifiedEmail(token: string, email: string): Promise<string> {
    const existing = await this.store.users.byEmail(email);
    if (!existing) {
      const user = verifiedUser(email);
      const outcome = await this.store.invites.acceptAsNewUser(hashSecret(token), user, user.createdAt);
      if (outcome === 'gone') throw notFound('invite');
      if (outcome !== 'email_taken') return this.accounts.startSession(user.id);
      // Made meanwhile (another sign-in with the same address): that account joins instead.
    }
    const user = existing ?? (await this.store.users.byEmail(email))!;
    await this.acceptAsUser(token, user.id);
    return this.accounts.startSession(user.id);
  }

  /** Takes up an invite as a signed-in user; an existing member keeps their role. */
  async acceptAsUser(token: string, userId: string) {
    const outcome = await this.store.invites.acceptAsUser(hashSecret(token), userId, new Date().toISOString());
    if (outcome === 'gone') throw notFound('invite');
    return outcome;
  }

  /** Changes a member's role. */
  async changeRole(workspaceId: string, userId: string, role: Role) {
    membershipResult(await this.store.users.setRole(workspaceId, userId, role));
  }

  /** Removes a member (their account stays; keys they created stop working, see KeyService). */
  async remove(workspaceId: string, userId: string) {
    membershipResult(await this.store.users.removeMember(workspaceId, userId));
  }
}

function membershipResult(outcome: MembershipOutcome) {
  if (outcome === 'not_member') throw notFound('member');
  if (outcome === 'last_owner')
    throw conflict('last_owner', ['role: a workspace needs at least one owner; make someone else owner first']);
}
