// Who gets a workspace's notification mail: members who have mail on, plus an extra address.
import type { Store } from '../store/types.ts';

/**
 * The address of the owner FORMSTEAD_OWNER_KEY makes (core/bootstrap.ts): a placeholder, so nobody
 * receives mail there or signs in with it. Mail never goes to it (.local is not a mail domain: a relay
 * would bounce it or, worse, hand it to whoever answers for that name).
 */
export const OWNER_KEY_EMAIL = 'owner@formstead.local';

/**
 * Addresses of the workspace's members with mail enabled, and `extra` when given; each once, never the
 * placeholder. Empty when nobody has a real address: the mailer then logs that the mail needs one.
 */
export async function workspaceRecipients(store: Store, workspaceId: string, extra = ''): Promise<string[]> {
  const members = await store.users.members(workspaceId);
  const addresses = members.filter((m) => m.emailEnabled && m.user.email !== OWNER_KEY_EMAIL).map((m) => m.user.email);
  if (extra.trim()) addresses.push(extra.trim());
  const seen = new Set<string>();
  return addresses.filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
