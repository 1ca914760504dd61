// The store interface: every read and write of Formstead's data goes through it, so another backend
// (PostgreSQL for instances that outgrow one machine) can implement the same contract.

/** A workspace member's role (ARCHITECTURE.md "Identity and keys"). */
export type Role = 'owner' | 'editor' | 'viewer';

export interface WorkspaceRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  createdAt: string;
}

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

/** Per-form settings of spec 2.11 as stored (secret in full). */
export interface FormSettingsRecord {
  successMessage: string;
  redirectUrl: string;
  allowAnotherResponse: boolean;
  notifyMode: 'milestones' | 'off';
  notifyEmailTo: string;
  webhookUrl: string;
  webhookSecret: string;
}

export interface FormRecord extends FormSettingsRecord {
  id: string;
  workspaceId: string | null;
  agentKeyId: string | null;
  title: string;
  status: 'active' | 'paused';
  moderationPaused: boolean;
  version: number;
  createdAt: string;
  expiresAt: string | null;
  claimTokenHash: string | null;
  submissionCount: number;
}

export interface FormVersionRecord {
  formId: string;
  version: number;
  definition: string;
  createdAt: string;
}

export interface SubmissionRecord {
  seq: number;
  id: string;
  formId: string;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  hiddenChars: boolean;
}

/** A stored idempotent answer (ARCHITECTURE.md: kept per form for 24 h with a hash of the body). */
export interface IdempotencyRecord {
  formId: string;
  key: string;
  bodyHash: string;
  status: number;
  response: string;
  createdAt: string;
}

/** What a new submission writes in one durable transaction. */
export interface NewSubmission {
  id: string;
  formId: string;
  workspaceId: string | null;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  hiddenChars: boolean;
  idempotency?: Omit<IdempotencyRecord, 'formId' | 'createdAt'>;
  /** Refuse (store nothing) when the form already holds this many submissions. */
  formCap?: number;
  /** Refuse (store nothing) when the workspace already used this many submissions this month. */
  monthlyQuota?: number;
}

/** How an insert ended: checked inside the write, so concurrent requests cannot overshoot a limit. */
export type InsertOutcome = { kind: 'stored' } | { kind: 'replay'; record: IdempotencyRecord } | { kind: 'form_cap' } | { kind: 'monthly_quota' };

/** The whole store contract. Reads may be served from memory; every write resolves once durable. */
export interface Store {
  meta: {
    get(key: string): Promise<string | undefined>;
    set(key: string, value: string): Promise<void>;
  };
  workspaces: {
    create(ws: WorkspaceRecord): Promise<void>;
    first(): Promise<WorkspaceRecord | undefined>;
    byId(id: string): Promise<WorkspaceRecord | undefined>;
    monthlyUsage(workspaceId: string, month: string): Promise<number>;
  };
  users: {
    create(user: UserRecord, membership: { workspaceId: string; role: Role }): Promise<void>;
    byId(id: string): Promise<UserRecord | undefined>;
    byEmail(email: string): Promise<UserRecord | undefined>;
    setPassword(userId: string, passwordHash: string): Promise<void>;
    role(workspaceId: string, userId: string): Promise<Role | undefined>;
    workspacesOf(userId: string): Promise<{ workspace: WorkspaceRecord; role: Role }[]>;
    members(workspaceId: string): Promise<{ user: UserRecord; role: Role; emailEnabled: boolean }[]>;
  };
  sessions: {
    create(tokenHash: string, userId: string, createdAt: string, expiresAt: string): Promise<void>;
    get(tokenHash: string): Promise<{ userId: string; expiresAt: string } | undefined>;
    delete(tokenHash: string): Promise<void>;
    sweep(now: string): Promise<number>;
  };
  keys: {
    create(key: ApiKeyRecord): Promise<void>;
    byHash(hash: string): Promise<ApiKeyRecord | undefined>;
    touch(id: string, at: string): Promise<void>;
    revoke(id: string, at: string): Promise<void>;
    countActiveAccountKeys(workspaceId: string): Promise<number>;
  };
  forms: {
    create(form: FormRecord, definition: string): Promise<void>;
    addVersion(formId: string, version: number, definition: string, title: string, settings: Partial<FormSettingsRecord>, at: string): Promise<void>;
    byId(id: string): Promise<FormRecord | undefined>;
    byClaimTokenHash(hash: string): Promise<FormRecord | undefined>;
    version(formId: string, version: number): Promise<FormVersionRecord | undefined>;
    versions(formId: string): Promise<FormVersionRecord[]>;
    listByWorkspace(workspaceId: string): Promise<FormRecord[]>;
    listByAgentKey(agentKeyId: string): Promise<FormRecord[]>;
    countUnclaimedByAgentKey(agentKeyId: string): Promise<number>;
    claim(formId: string, workspaceId: string): Promise<boolean>;
    update(formId: string, patch: Partial<Pick<FormRecord, 'status' | 'moderationPaused'> & FormSettingsRecord>): Promise<void>;
    expiredUnclaimed(now: string): Promise<string[]>;
    delete(formId: string): Promise<void>;
  };
  submissions: {
    /**
     * Stores a submission and its idempotency record in one durable write. Stores nothing when the
     * idempotency key is already taken (a concurrent request won) or a limit is reached.
     */
    insert(sub: NewSubmission): Promise<InsertOutcome>;
    /** Newest first, strictly before `beforeSeq` when given. */
    page(formId: string, limit: number, beforeSeq?: number): Promise<SubmissionRecord[]>;
    /** Every submission of a form, oldest first, read in pages so memory stays flat. */
    iterate(formId: string, pageSize?: number): AsyncIterable<SubmissionRecord>;
  };
  idempotency: {
    get(formId: string, key: string): Promise<IdempotencyRecord | undefined>;
    sweep(olderThan: string): Promise<number>;
  };
  /** Writes a snapshot now (used on clean shutdown and by the scheduled job). */
  snapshot(): Promise<void>;
  close(): Promise<void>;
}
