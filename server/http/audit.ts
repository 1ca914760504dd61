// A REST or page handler's audit entry (core/audit/): the caller's principal with the request's address. The
// form's workspace is the entry's when the call was about a form, so an agent key's work on a claimed
// form shows in that workspace's log.
import type { IncomingMessage } from 'node:http';
import type { AuditAction } from '../core/audit/actions.ts';
import type { AuditFacts } from '../core/audit/audit-log.ts';
import type { Principal } from '../core/principal.ts';
import type { Services } from '../core/services.ts';
import { clientIp } from '../lib/client-ip.ts';

/** Records one entry for this request. */
export function audit(
  s: Services,
  req: IncomingMessage,
  principal: Principal | null,
  action: AuditAction,
  facts: AuditFacts & { form?: { id: string; workspaceId: string | null } } = {},
): Promise<unknown> {
  const { form, ...rest } = facts;
  const workspaceId = rest.workspaceId !== undefined ? rest.workspaceId : form ? form.workspaceId : undefined;
  return s.audit.record({ principal, ip: clientIp(req, s.config.trustProxy) }, action, {
    ...rest,
    ...(workspaceId !== undefined && { workspaceId }),
    target: rest.target ?? form?.id ?? null,
  });
}
