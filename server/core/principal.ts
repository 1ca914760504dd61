// Who is calling: the result of authenticating a request, passed to every service call.
import { forbidden } from '../lib/api-error.ts';
import type { Role } from './store/types.ts';

/** An account key acts as an editor of its workspace (spec 5). */
export interface AccountPrincipal {
  kind: 'account';
  keyId: string;
  workspaceId: string;
  userId: string;
  role: Role;
}

/** An agent key sees only the forms it created. */
export interface AgentPrincipal {
  kind: 'agent';
  keyId: string;
}

/** A signed-in admin panel user in one of their workspaces. */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  workspaceId: string;
  role: Role;
}

export type Principal = AccountPrincipal | AgentPrincipal | UserPrincipal;

/** Roles that may change settings and webhooks (ARCHITECTURE.md "Identity and keys"). */
export const canEdit = (role: Role) => role === 'owner' || role === 'editor';

/** An account key (or user) whose role may change settings; agent keys get 403 owner_key_required. */
export function requireEditor(principal: Principal): Exclude<Principal, AgentPrincipal> {
  if (principal.kind === 'agent')
    throw forbidden('owner_key_required', ['authorization: this needs an account key (svc_live_)']);
  if (!canEdit(principal.role)) throw forbidden('forbidden', ['authorization: your role cannot change this form']);
  return principal;
}
