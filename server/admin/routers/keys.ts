// keys.*: the workspace's account keys (svc_live_), owners only; the full key is shown once.
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
});
