// GET /admin/audit.jsonl: the workspace's audit log as JSON lines, oldest first, for its owners (the
// Workspace page's download link; instance owners add `none=1` for the entries of no workspace). Each
// line carries its prev_hash and hash, so a reader can check the chain (core/audit/audit-chain.ts).
import { AUDIT_PAGE_MAX } from '../core/audit/audit-log.ts';
import { auditEntryView } from '../core/audit/audit-view.ts';
import type { Services } from '../core/services.ts';
import { sessionToken } from '../core/session-cookie.ts';
import type { AuditEntry } from '../core/store/types.ts';
import { forbidden, unauthorized } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import { audit } from './audit.ts';
import { startDownload } from './exports.ts';

/** The download handler. */
export const adminAuditExport =
  (s: Services) =>
  async ({ req, res, query }: RouteContext) => {
    const principal = await s.accounts.principal(sessionToken(req), query.get('workspace') || undefined);
    if (!principal) throw unauthorized(['session: sign in again']);
    if (principal.role !== 'owner') throw forbidden('forbidden', ['role: only owners of the workspace can do this']);
    const none = query.get('none') === '1';
    if (none && !(await s.workspaces.isInstanceOwner(principal.userId)))
      throw forbidden('forbidden', ['none: only owners of the instance read entries of no workspace']);
    const workspaceId = none ? null : principal.workspaceId;
    // Recorded first, so the export holds its own entry: the file says when it was taken and by whom.
    await audit(s, req, principal, 'audit.exported', { workspaceId });
    // The log is bounded by FORMSTEAD_AUDIT_DAYS; it is read a page at a time, newest first, then written oldest first.
    const entries: AuditEntry[] = [];
    for (let before: number | undefined; ; ) {
      const page = await s.audit.page(workspaceId, { beforeSeq: before, limit: AUDIT_PAGE_MAX });
      entries.push(...page);
      if (page.length < AUDIT_PAGE_MAX) break;
      before = page[page.length - 1].seq;
    }
    startDownload(res, 'application/x-ndjson; charset=utf-8', `audit-${workspaceId ?? 'instance'}.jsonl`);
    res.end(
      entries
        .reverse()
        .map((e) => `${JSON.stringify(auditEntryView(e))}\n`)
        .join(''),
    );
  };
