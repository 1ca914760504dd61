// workspace.*: the workspace the panel acts in, the user's other workspaces, usage, the instance's signing key,
// the mail outbox.
import { authedProcedure, instanceOwnerProcedure, router } from '../trpc.ts';

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

  /** The instance's public signing key (also GET /v1/signing-key, unauthenticated): it checks signed exports. */
  signingKey: authedProcedure.query(async ({ ctx }) => (await ctx.services.chain.signingKey()).public),

  /** Mail held because no SMTP server is configured (or sending failed); instance owners only. */
  outbox: instanceOwnerProcedure.query(({ ctx }) => ctx.services.workspaces.outbox()),
});
