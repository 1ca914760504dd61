// The identity area of the Store: workspaces, their members and sessions, API keys and invitations.

/** A workspace member's role (ARCHITECTURE.md "Identity and keys"). */
export type Role = 'owner' | 'editor' | 'viewer';

/** A workspace (ARCHITECTURE.md "Identity and keys"); the first start makes the default one. */
export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: string;
}

/** A person who signs in; passwordHash is null while they have none (an owner made from FORMSTEAD_OWNER_KEY). */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  createdAt: string;
}

/** An account or agent key as stored: only a hash of the key and its last four characters. */
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

/** `store.workspaces`: workspaces and their monthly usage. */
export interface WorkspaceQueries {
  create(ws: WorkspaceRecord): Promise<void>;
  first(): Promise<WorkspaceRecord | undefined>;
  byId(id: string): Promise<WorkspaceRecord | undefined>;
  monthlyUsage(workspaceId: string, month: string): Promise<number>;
}

/** `store.users`: people and their roles per workspace. */
export interface UserQueries {
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
}

/** `store.sessions`: signed-in panel sessions, by a hash of their token. */
export interface SessionQueries {
  create(tokenHash: string, userId: string, createdAt: string, expiresAt: string): Promise<void>;
  get(tokenHash: string): Promise<{ userId: string; expiresAt: string } | undefined>;
  delete(tokenHash: string): Promise<void>;
  sweep(now: string): Promise<number>;
  /** Ends every session of a user except the one with `keepTokenHash` (password changed). */
  deleteForUser(userId: string, keepTokenHash?: string): Promise<number>;
}

/** `store.keys`: account and agent keys. */
export interface KeyQueries {
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
}

/** `store.invites`: invitations to a workspace and taking them up. */
export interface InviteQueries {
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
}
