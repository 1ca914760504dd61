// API keys: issuing, hashing at rest, and turning a bearer token into a principal.
import { createHash, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../lib/api-error.ts';
import { newId, newToken } from './ids.ts';
import type { AccountPrincipal, AgentPrincipal } from './principal.ts';
import type { Store } from './store/types.ts';

export const ACCOUNT_PREFIX = 'svc_live_';
export const AGENT_PREFIX = 'svc_agent_';

/** SHA-256 hex of a key or token: keys are long random strings, so a fast hash is enough at rest. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Key issuing and checking. */
export class KeyService {
  constructor(private readonly store: Store) {}

  /** Makes an account key for a workspace owner; the full key is returned once and never stored. */
  async createAccountKey(workspaceId: string, userId: string, name: string, fullKey = ACCOUNT_PREFIX + newToken()): Promise<{ id: string; key: string }> {
    const id = newId();
    await this.store.keys.create({
      id,
      kind: 'account',
      keyHash: hashSecret(fullKey),
      last4: fullKey.slice(-4),
      name,
      workspaceId,
      createdBy: userId,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    return { id, key: fullKey };
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
    if (!token.startsWith(ACCOUNT_PREFIX) && !token.startsWith(AGENT_PREFIX)) throw unauthorized(['authorization: not a Formstead key']);
    const hash = hashSecret(token);
    const key = await this.store.keys.byHash(hash);
    if (!key || !timingSafeEqual(Buffer.from(key.keyHash, 'hex'), Buffer.from(hash, 'hex'))) throw unauthorized(['authorization: invalid key']);
    if (key.revokedAt) throw unauthorized(['authorization: key revoked']);
    if (key.kind === 'agent') return { kind: 'agent', keyId: key.id };
    // An account key works only while its creator is an owner of the key's workspace.
    const role = key.createdBy && key.workspaceId ? await this.store.users.role(key.workspaceId, key.createdBy) : undefined;
    if (role !== 'owner') throw unauthorized(['authorization: key creator is no longer an owner']);
    return { kind: 'account', keyId: key.id, workspaceId: key.workspaceId!, userId: key.createdBy!, role: 'editor' };
  }
}
