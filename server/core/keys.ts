// API keys: issuing, hashing at rest, and turning a bearer token into a principal.
import { createHash, timingSafeEqual } from 'node:crypto';
import { conflict, invalid, notFound, unauthorized } from '../lib/api-error.ts';
import { newId, newToken } from './ids.ts';
import type { AccountPrincipal, AgentPrincipal } from './principal.ts';
import type { ApiKeyRecord, Store } from './store/types.ts';

export const ACCOUNT_PREFIX = 'svc_live_';
export const AGENT_PREFIX = 'svc_agent_';

/** ARCHITECTURE.md: at most 20 active account keys per workspace. */
export const MAX_ACCOUNT_KEYS = 20;

/** `last_used_at` is written at most once a minute per key, so busy keys do not cost a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** An account key as the admin panel lists it: never the key or its hash. */
export function keyView(k: ApiKeyRecord) {
  return { id: k.id, name: k.name, last4: k.last4, created_at: k.createdAt, last_used_at: k.lastUsedAt };
}

/** SHA-256 hex of a key or token: keys are long random strings, so a fast hash is enough at rest. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Key issuing and checking. */
export class KeyService {
  constructor(private readonly store: Store) {}

  /** Makes an account key for a workspace owner; the full key is returned once and never stored. */
  async createAccountKey(
    workspaceId: string,
    userId: string,
    name: string,
    fullKey = ACCOUNT_PREFIX + newToken(),
  ): Promise<{ id: string; key: string }> {
    const record = accountKeyRecord(workspaceId, userId, name, fullKey);
    await this.store.keys.create(record);
    return { id: record.id, key: fullKey };
  }

  /**
   * An owner's new account key from the admin panel: a name of 1 to 100 characters, and at most
   * MAX_ACCOUNT_KEYS active keys per workspace (409 key_limit beyond). The full key is returned once.
   */
  async issueAccountKey(workspaceId: string, userId: string, rawName: string) {
    const name = rawName.trim();
    if (name.length < 1 || name.length > 100) throw invalid(['name: must be 1 to 100 characters']);
    const key = ACCOUNT_PREFIX + newToken();
    const record = accountKeyRecord(workspaceId, userId, name, key);
    if (!(await this.store.keys.createIfUnder(record, MAX_ACCOUNT_KEYS))) {
      throw conflict('key_limit', [
        `keys: a workspace can have at most ${MAX_ACCOUNT_KEYS} active account keys; revoke one first`,
      ]);
    }
    return { ...keyView(record), key };
  }

  /** A workspace's active account keys, newest first. */
  async listAccountKeys(workspaceId: string) {
    return (await this.store.keys.listActiveAccountKeys(workspaceId)).map(keyView);
  }

  /** Revokes an account key of the workspace; it answers 401 from then on. */
  async revokeAccountKey(workspaceId: string, keyId: string) {
    const key = await this.store.keys.byId(keyId);
    if (key?.kind !== 'account' || key.workspaceId !== workspaceId || key.revokedAt) throw notFound('key');
    await this.store.keys.revoke(key.id, new Date().toISOString());
  }

  /**
   * The agent keys that still reach claimed forms of a workspace (security review 2026-11-26: a claim
   * leaves the publishing key able to read answers and publish versions), each with the forms it reaches.
   */
  async listAgentKeysReaching(workspaceId: string) {
    const byKey = new Map<string, { id: string; title: string }[]>();
    for (const form of await this.store.forms.listByWorkspace(workspaceId)) {
      if (!form.agentKeyId) continue;
      byKey.set(form.agentKeyId, [...(byKey.get(form.agentKeyId) ?? []), { id: form.id, title: form.title }]);
    }
    const keys = [];
    for (const [keyId, forms] of byKey) {
      const key = await this.store.keys.byId(keyId);
      if (key && key.kind === 'agent' && !key.revokedAt) keys.push({ ...keyView(key), forms });
    }
    return keys.sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  /**
   * Revokes an agent key that reaches a claimed form of the workspace: it answers 401 from the next
   * request on, for every form it published (its unclaimed ones can still be claimed by their links).
   */
  async revokeAgentKey(workspaceId: string, keyId: string) {
    const reaches = (await this.store.forms.listByWorkspace(workspaceId)).some((f) => f.agentKeyId === keyId);
    const key = await this.store.keys.byId(keyId);
    if (!reaches || !key || key.kind !== 'agent' || key.revokedAt) throw notFound('key');
    await this.store.keys.revoke(key.id, new Date().toISOString());
  }

  /** Makes an agent key (a keyless publish); it belongs to no workspace. */
  async createAgentKey(): Promise<{ id: string; key: string }> {
    const id = newId();
    const key = AGENT_PREFIX + newToken();
    await this.store.keys.create({
      id,
      kind: 'agent',
      keyHash: hashSecret(key),
      last4: key.slice(-4),
      name: 'agent',
      workspaceId: null,
      createdBy: null,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    return { id, key };
  }

  /**
   * Resolves a bearer token to its principal, or throws 401. The lookup is by hash, so timing reveals
   * nothing about the key; the final compare is constant-time anyway, as the architecture asks.
   */
  async authenticate(token: string): Promise<AccountPrincipal | AgentPrincipal> {
    if (!token.startsWith(ACCOUNT_PREFIX) && !token.startsWith(AGENT_PREFIX))
      throw unauthorized(['authorization: not a Formstead key']);
    const hash = hashSecret(token);
    const key = await this.store.keys.byHash(hash);
    if (!key || !timingSafeEqual(Buffer.from(key.keyHash, 'hex'), Buffer.from(hash, 'hex')))
      throw unauthorized(['authorization: invalid key']);
    if (key.revokedAt) throw unauthorized(['authorization: key revoked']);
    if (key.kind === 'agent') {
      await this.touch(key);
      return { kind: 'agent', keyId: key.id };
    }
    // An account key works only while its creator is an owner of the key's workspace.
    const role =
      key.createdBy && key.workspaceId ? await this.store.users.role(key.workspaceId, key.createdBy) : undefined;
    if (role !== 'owner') throw unauthorized(['authorization: key creator is no longer an owner']);
    await this.touch(key);
    return { kind: 'account', keyId: key.id, workspaceId: key.workspaceId!, userId: key.createdBy!, role: 'editor' };
  }

  /** Records that a key was used, to the minute (shown as "last used" in the admin panel). */
  private async touch(key: ApiKeyRecord) {
    const now = Date.now();
    if (key.lastUsedAt !== null && now - Date.parse(key.lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    await this.store.keys.touch(key.id, new Date(now).toISOString());
  }
}

/** The stored form of a new account key: its hash and last four characters, never the key. */
function accountKeyRecord(workspaceId: string, userId: string, name: string, key: string): ApiKeyRecord {
  return {
    id: newId(),
    kind: 'account',
    keyHash: hashSecret(key),
    last4: key.slice(-4),
    name,
    workspaceId,
    createdBy: userId,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
}
