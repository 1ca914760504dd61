// workspace.*: the workspace the panel acts in, the user's other workspaces, usage, the instance's signing key,
// the audit log, the mail outbox.
import { auditPageInput } from '../../../shared/api/admin.ts';
import { firstBreak } from '../../core/audit/audit-chain.ts';
import { auditEntryView } from '../../core/audit/audit-view.ts';
import { forbidden } from '../../lib/api-error.ts';
import { authedProcedure, instanceOwnerProcedure, ownerProcedure, router } from '../trpc.ts';

/** Workspace facts. */
export const workspaceRouter = router({
  /** The current workspace with the caller's role, their workspaces, and usage against the monthly quota. */
  current: authedProcedure.query(async ({ ctx }) => {
    const { services, principal } = ctx;
    const workspaces = await services.workspaces.of(principal.userId);
    return {
      workspace: workspaces.find((w) => w.id === principal.workspaceId)!,
      workspaces,
      usage: await services.workspaces.usage(principal.workspaceId),
    };
  }),

  /**
   * The audit log, newest first, a page at a time (owners; instance owners may read the entries of no
   * workspace, such as failed sign-ins, with `none`). `intact` says whether the page's links hold together.
   */
  audit: ownerProcedure.input(auditPageInput).query(async ({ ctx, input }) => {
    if (input.none && !(await ctx.services.workspaces.isInstanceOwner(ctx.principal.userId)))
      throw forbidden('forbidden', ['none: only owners of the instance read entries of no workspace']);
    const entries = await ctx.services.audit.page(input.none ? null : ctx.principal.workspaceId, {
      beforeSeq: input.before,
      limit: input.limit,
    });
    const broken = firstBreak([...entries].reverse());
    return { entries: entries.map(auditEntryView), intact: broken === undefined, broken_at: broken ?? null };
  }),
  /** The instance's public signing key (also GET /v1/signing-key, unauthenticated): it checks signed exports. */
  signingKey: authedProcedure.query(async ({ ctx }) => (await ctx.services.chain.signingKey()).public),

  /** Mail held because no SMTP server is configured (or sending failed); instance owners only. */
  outbox: instanceOwnerProcedure.query(({ ctx }) => ctx.services.workspaces.outbox()),
});
