// keys.*: the workspace's account keys (svc_live_), owners only; the full key is shown once. Also the
// agent keys (svc_agent_) that still reach forms the workspace claimed, so an owner can cut them off.
import { idInput, keyCreateInput } from '../../../shared/api/admin.ts';
import { ownerProcedure, router } from '../trpc.ts';

/** Account keys: list, create, revoke. */
export const keysRouter = router({
  /** Active keys with their last 4 characters and when they were last used. */
  list: ownerProcedure.query(({ ctx }) => ctx.services.keys.listAccountKeys(ctx.principal.workspaceId)),

  /** A new key in the caller's name (it works while they are an owner); at most 20 active per workspace. */
  create: ownerProcedure
    .input(keyCreateInput)
    .mutation(({ ctx, input }) =>
      ctx.services.keys.issueAccountKey(ctx.principal.workspaceId, ctx.principal.userId, input.name),
    ),

  /** Revokes a key: it answers 401 from the next request on. */
  revoke: ownerProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.services.keys.revokeAccountKey(ctx.principal.workspaceId, input.id);
    return { ok: true };
  }),

  /** Agent keys that published forms this workspace has claimed and still reach them. */
  agentKeys: ownerProcedure.query(({ ctx }) => ctx.services.keys.listAgentKeysReaching(ctx.principal.workspaceId)),

  /** Revokes such an agent key: it answers 401 from the next request on. */
  revokeAgent: ownerProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.services.keys.revokeAgentKey(ctx.principal.workspaceId, input.id);
    return { ok: true };
  }),
});
