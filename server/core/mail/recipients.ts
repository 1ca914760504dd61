// Who gets a workspace's notification mail: members who have mail on, plus an extra address.
import type { Store } from '../store/types.ts';

/** Addresses of the workspace's members with mail enabled, and `extra` when given; each once. */
export async function workspaceRecipients(store: Store, workspaceId: string, extra = ''): Promise<string[]> {
  const members = await store.users.members(workspaceId);
  const addresses = members.filter((m) => m.emailEnabled).map((m) => m.user.email);
  if (extra.trim()) addresses.push(extra.trim());
  const seen = new Set<string>();
  return addresses.filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
