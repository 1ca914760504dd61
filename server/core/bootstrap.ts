// Start-up work: the default workspace, the FORMSTEAD_OWNER_KEY owner, and a one-time setup link
// whenever no one could sign in to the panel with a password.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { newId, newToken } from './ids.ts';
import { hashSecret, type KeyService } from './keys.ts';
import { OWNER_KEY_EMAIL } from './mail/recipients.ts';
import type { Store, UserRecord, WorkspaceRecord } from './store/types.ts';

/** The meta key holding the hash of the pending one-time setup token. */
export const SETUP_TOKEN_META = 'setup_token_hash';

/** How many starts' setup links stay valid at once (space-separated hashes under SETUP_TOKEN_META). */
const SETUP_TOKENS_KEPT = 10;

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
  // panel, so the link is printed then too (a lost password is `formstead admin-link`'s job). With single
  // sign-on, a member with a real address signs in through the provider, password or not.
  const canSignIn = (user: UserRecord) =>
    (config.passwordLogin && user.passwordHash !== null) ||
    (config.oidc !== undefined && user.email !== OWNER_KEY_EMAIL);
  if ((await store.users.members(workspace.id)).some((m) => canSignIn(m.user))) return [];
  // A fresh one-time link each start; only its hash is kept, so the log is the only copy. The hashes
  // of earlier starts stay (the last few): with several instances each prints a link, and any of them
  // works until one is used. Callers run this in store.jobs.exclusive, so the append cannot race.
  const token = newToken();
  const earlier = ((await store.meta.get(SETUP_TOKEN_META)) ?? '').split(' ').filter(Boolean);
  await store.meta.set(SETUP_TOKEN_META, [...earlier.slice(-(SETUP_TOKENS_KEPT - 1)), hashSecret(token)].join(' '));
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
  const email = OWNER_KEY_EMAIL;
  let user = await store.users.byEmail(email);
  if (!user) {
    user = { id: newId(), email, passwordHash: null, createdAt: new Date().toISOString() };
    await store.users.create(user, { workspaceId: workspace.id, role: 'owner' });
  }
  if (!existing) await keys.createAccountKey(workspace.id, user.id, 'FORMSTEAD_OWNER_KEY', ownerKey);
}
