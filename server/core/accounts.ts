// People: the one-time owner setup, sign-in with email and password, and sessions.
import { ApiError, invalid, unauthorized } from '../lib/api-error.ts';
import { SETUP_TOKEN_META } from './bootstrap.ts';
import { newId, newToken } from './ids.ts';
import { hashSecret } from './keys.ts';
import type { OwnerResetLinks } from './owner-reset.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import type { UserPrincipal } from './principal.ts';
import type { Store, UserRecord } from './store/types.ts';
import { accountEmail } from './account-email.ts';

/** Sessions last 7 days; the cookie carries the token, the store only its hash. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;
export const MIN_PASSWORD_LENGTH = 10;

/** Setup, sign-in and session checks. */
export class AccountService {
  private settingUp = false;
  private resetting = false;

  constructor(
    private readonly store: Store,
    private readonly resetLinks?: OwnerResetLinks,
    /** The password check of sign-in; a test passes one that counts its calls. */
    private readonly verify: typeof verifyPassword = verifyPassword,
  ) {}

  /** Whether a setup token is a pending one (using any of them ends them all). */
  async setupTokenValid(token: string): Promise<boolean> {
    const stored = await this.store.meta.get(SETUP_TOKEN_META);
    // Several hashes when several instances (or starts) printed a link: any works, once.
    return stored !== undefined && stored !== '' && stored.split(' ').includes(hashSecret(token));
  }

  /** Creates the owner from the one-time link and signs them in; the link stops working. */
  async setupOwner(token: string, email: string, password: string): Promise<string> {
    return this.setupWith(token, () => newUser(email, password));
  }

  /**
   * Creates the owner from the one-time link with an address the single sign-on provider verified (no password:
   * they sign in through the provider); the link stops working.
   */
  async setupOwnerVerified(token: string, email: string): Promise<string> {
    return this.setupWith(token, async () => verifiedUser(email));
  }

  /** The setup with the owner `makeUser` gives, one at a time. */
  private async setupWith(token: string, makeUser: () => Promise<UserRecord>): Promise<string> {
    // One setup at a time: two posts of the same link must not both pass the check while the first
    // is still hashing its password (the token is cleared only after that).
    const used = () => new ApiError(404, 'not_found', ['token: this setup link was used or is unknown']);
    if (this.settingUp) throw used();
    this.settingUp = true;
    try {
      // Across instances too (PostgreSQL): a post of the same link to another instance waits here and
      // then finds the token used.
      let session = '';
      await this.store.jobs.exclusive('owner-setup', async () => {
        session = await this.setupOnce(token, makeUser, used);
      });
      return session;
    } finally {
      this.settingUp = false;
    }
  }

  /** The setup itself, one at a time across instances (see setupWith). */
  private async setupOnce(token: string, makeUser: () => Promise<UserRecord>, used: () => ApiError): Promise<string> {
    if (!(await this.setupTokenValid(token))) throw used();
    const user = await makeUser();
    const workspace = (await this.store.workspaces.first())!;
    // The link is printed only while no one has a password; a password-less owner (made by
    // FORMSTEAD_OWNER_KEY) who picks their own address gets the password instead of a twin account.
    const existing = await this.store.users.byEmail(user.email);
    if (existing && (existing.passwordHash || (await this.store.users.role(workspace.id, existing.id)) !== 'owner')) {
      throw invalid(['email: already has an account; sign in instead']);
    }
    await this.store.meta.set(SETUP_TOKEN_META, '');
    if (existing) {
      if (user.passwordHash) await this.store.users.setPassword(existing.id, user.passwordHash);
      return this.startSession(existing.id);
    }
    await this.store.users.create(user, { workspaceId: workspace.id, role: 'owner' });
    return this.startSession(user.id);
  }

  /** Whether an admin-link token is the pending one. */
  async resetLinkValid(token: string): Promise<boolean> {
    return (await this.resetLinks?.valid(token)) ?? false;
  }

  /**
   * Sets a new password for an owner from the one-time `formstead admin-link` link, ends their other
   * sessions (whoever had the lost password is signed out) and signs them in; the link stops working.
   */
  async resetOwnerPassword(token: string, email: string, password: string): Promise<string> {
    const used = () => new ApiError(404, 'not_found', ['token: this link was used, has expired or is unknown']);
    if (this.resetting || !this.resetLinks) throw used();
    this.resetting = true;
    try {
      if (!(await this.resetLinks.valid(token))) throw used();
      const user = await this.store.users.byEmail(accountEmail(email));
      const owner = user && (await this.store.users.workspacesOf(user.id)).some((w) => w.role === 'owner');
      const problems = credentialProblems(email, password);
      if (!owner) problems.unshift('email: no owner account has this address');
      if (problems.length) throw invalid([...new Set(problems)]);
      if (!(await this.resetLinks.consume())) throw used();
      await this.store.users.setPassword(user!.id, await hashPassword(password));
      await this.store.sessions.deleteForUser(user!.id);
      return this.startSession(user!.id);
    } finally {
      this.resetting = false;
    }
  }

  /**
   * With the `formstead admin-link` link and an address the single sign-on provider verified: that address becomes
   * an owner of the first workspace (a new password-less account, or a member made owner) and is signed in. This is
   * the way back in when password sign-in is off and no owner's address works at the provider any more; whoever can
   * run admin-link on the server already controls the instance.
   */
  async ownerByVerifiedEmail(token: string, email: string): Promise<string> {
    const used = () => new ApiError(404, 'not_found', ['token: this link was used, has expired or is unknown']);
    if (this.resetting || !this.resetLinks) throw used();
    this.resetting = true;
    try {
      if (!(await this.resetLinks.valid(token))) throw used();
      const workspace = (await this.store.workspaces.first())!;
      const user = await this.store.users.byEmail(email);
      const role = user && (await this.store.users.role(workspace.id, user.id));
      if (user && !role)
        throw invalid([
          `email: ${email} has an account outside "${workspace.name}"; ask one of its owners to invite it`,
        ]);
      if (!(await this.resetLinks.consume())) throw used();
      if (!user) {
        const made = verifiedUser(email);
        await this.store.users.create(made, { workspaceId: workspace.id, role: 'owner' });
        return this.startSession(made.id);
      }
      if (role !== 'owner') await this.store.users.setRole(workspace.id, user.id, 'owner');
      return this.startSession(user.id);
    } finally {
      this.resetting = false;
    }
  }

  /**
   * Signs in a person whose address the single sign-on provider verified, when it is a member's; undefined when
   * no member has it.
   */
  async signInVerified(email: string): Promise<string | undefined> {
    const user = await this.store.users.byEmail(email);
    if (!user || (await this.store.users.workspacesOf(user.id)).length === 0) return undefined;
    return this.startSession(user.id);
  }

  /**
   * Signs in; the same answer for an unknown email and a wrong password, after the same work: an email
   * without a password (unknown, or a member who signs in otherwise) is checked against a dummy hash, so
   * the time of the answer does not tell which addresses have accounts either.
   */
  async login(email: string, password: string): Promise<string> {
    const user = await this.store.users.byEmail(accountEmail(email));
    const hash = user?.passwordHash;
    const matches = await this.verify(password, hash ?? (await dummyHash()));
    if (!user || !hash || !matches) throw unauthorized(['credentials: email or password is wrong']);
    return this.startSession(user.id);
  }

  /** Ends a session. */
  async logout(sessionToken: string) {
    await this.store.sessions.delete(hashSecret(sessionToken));
  }

  /** The signed-in user of a session cookie with their workspaces, or undefined. */
  async session(sessionToken: string | undefined) {
    if (!sessionToken) return undefined;
    const session = await this.store.sessions.get(hashSecret(sessionToken));
    if (!session || session.expiresAt <= new Date().toISOString()) return undefined;
    const user = await this.store.users.byId(session.userId);
    if (!user) return undefined;
    return { user, workspaces: await this.store.users.workspacesOf(user.id) };
  }

  /** The principal of a signed-in user acting in one of their workspaces (the first by default). */
  async principal(sessionToken: string | undefined, workspaceId?: string): Promise<UserPrincipal | undefined> {
    const s = await this.session(sessionToken);
    const membership = s?.workspaces.find((w) => workspaceId === undefined || w.workspace.id === workspaceId);
    return s && membership
      ? { kind: 'user', userId: s.user.id, workspaceId: membership.workspace.id, role: membership.role }
      : undefined;
  }

  /**
   * Changes a signed-in user's password after checking the current one; every other session of the
   * user ends (a stolen session does not survive the change), the one in use stays.
   */
  async changePassword(sessionToken: string, current: string, next: string) {
    const s = await this.session(sessionToken);
    if (!s) throw unauthorized(['session: sign in again']);
    const ok = s.user.passwordHash ? await verifyPassword(current, s.user.passwordHash) : false;
    if (!ok) throw invalid(['current_password: is wrong']);
    const problems = credentialProblems(s.user.email, next);
    if (problems.length) throw invalid(problems.map((p) => p.replace(/^password:/, 'new_password:')));
    await this.store.users.setPassword(s.user.id, await hashPassword(next));
    await this.store.sessions.deleteForUser(s.user.id, hashSecret(sessionToken));
  }

  /** Starts a session for a user and returns the cookie's token (the store keeps only its hash). */
  async startSession(userId: string): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await this.store.sessions.create(
      hashSecret(token),
      userId,
      new Date(now).toISOString(),
      new Date(now + SESSION_TTL_MS).toISOString(),
    );
    return token;
  }
}

/** A new user's record after checking the email and password rules (422 with every problem). */
export async function newUser(email: string, password: string): Promise<UserRecord> {
  const problems = credentialProblems(email, password);
  if (problems.length) throw invalid(problems);
  return {
    id: newId(),
    email: accountEmail(email),
    passwordHash: await hashPassword(password),
    createdAt: new Date().toISOString(),
  };
}

/** A new account for an address the single sign-on provider verified: it signs in there, so it has no password. */
export function verifiedUser(email: string): UserRecord {
  return { id: newId(), email: accountEmail(email), passwordHash: null, createdAt: new Date().toISOString() };
}

/** The rules for a new account's email and password, as `<path>: <problem>` lines. */
function credentialProblems(email: string, password: string): string[] {
  const problems: string[] = [];
  if (!/^[^\s@]+@[^\s@]+$/.test(email.trim()) || email.length > 254) problems.push('email: must be an email address');
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.push(`password: must be at least ${MIN_PASSWORD_LENGTH} characters`);
  return problems;
}
