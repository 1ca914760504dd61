// Start-up work: the default workspace, the FORMSTEAD_OWNER_KEY owner, and a one-time setup link
// whenever no one could sign in to the panel with a password.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { newId, newToken } from './ids.ts';
import { hashSecret, type KeyService } from './keys.ts';
import type { Store, WorkspaceRecord } from './store/types.ts';

/** The meta key holding the hash of the pending one-time setup token. */
export const SETUP_TOKEN_META = 'setup_token_hash';

/**
 * The instance secret that signs cursors and render tokens: made once, kept in the store, so tokens
 * stay valid across restarts.
 */
export async function instanceSecret(store: Store): Promise<string> {
  const existing = await store.meta.get('instance_secret');
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  await store.meta.set('instance_secret', secret);
  return secret;
}

/** Makes sure the instance has a workspace and a way in for its owner; returns lines to print. */
export async function bootstrap(store: Store, keys: KeyService, config: Config): Promise<string[]> {
  const workspace = await ensureDefaultWorkspace(store);
  if (config.ownerKey) await ensureOwnerKey(store, keys, workspace, config.ownerKey);
  // An owner made by FORMSTEAD_OWNER_KEY has no password: with only such users, nobody can open the
  // panel, so the link is printed then too (a lost password is `formstead admin-link`'s job).
  if ((await store.users.members(workspace.id)).some((m) => m.user.passwordHash)) return [];
  // A fresh one-time link each start; only its hash is kept, so the log is the only copy.
  const token = newToken();
  await store.meta.set(SETUP_TOKEN_META, hashSecret(token));
  return [`Create the owner account (this link works once): ${config.publicUrl}/admin/setup?token=${token}`];
}

async function ensureDefaultWorkspace(store: Store): Promise<WorkspaceRecord> {
  const existing = await store.workspaces.first();
  if (existing) return existing;
  const ws = { id: newId(), name: 'Default workspace', createdAt: new Date().toISOString() };
  await store.workspaces.create(ws);
  return ws;
}

/** Creates (once) an owner user holding exactly this account key. */
async function ensureOwnerKey(store: Store, keys: KeyService, workspace: WorkspaceRecord, ownerKey: string) {
  const existing = await store.keys.byHash(hashSecret(ownerKey));
  if (existing && !existing.revokedAt) return;
  const email = 'owner@formstead.local';
  let user = await store.users.byEmail(email);
  if (!user) {
    user = { id: newId(), email, passwordHash: null, createdAt: new Date().toISOString() };
    await store.users.create(user, { workspaceId: workspace.id, role: 'owner' });
  }
  if (!existing) await keys.createAccountKey(workspace.id, user.id, 'FORMSTEAD_OWNER_KEY', ownerKey);
}
