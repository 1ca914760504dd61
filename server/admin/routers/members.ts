// members.*: members, roles and invite links of the workspace, owners only.
import { idInput, inviteCreateInput, roleChangeInput } from '../../../shared/api/admin.ts';
import { ownerProcedure, router } from '../trpc.ts';

/** Members and invites. */
export const membersRouter = router({
  /** Members with their roles. */
  list: ownerProcedure.query(({ ctx }) => ctx.services.members.list(ctx.principal.workspaceId)),

  /** Pending invites (their links were shown once, when made). */
  invites: ownerProcedure.query(({ ctx }) => ctx.services.members.invites(ctx.principal.workspaceId)),

  /** A new invite link for a role, valid once for 7 days. */
  invite: ownerProcedure
    .input(inviteCreateInput)
    .mutation(({ ctx, input }) =>
      ctx.services.members.invite(ctx.principal.workspaceId, ctx.principal.userId, input.role),
    ),

  /** Withdraws an invite. */
  revokeInvite: ownerProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.services.members.revokeInvite(ctx.principal.workspaceId, input.id);
    return { ok: true };
  }),

  /** Changes a member's role; the last owner cannot be demoted. */
  changeRole: ownerProcedure.input(roleChangeInput).mutation(async ({ ctx, input }) => {
    await ctx.services.members.changeRole(ctx.principal.workspaceId, input.userId, input.role);
    return { ok: true };
  }),

  /** Removes a member; the last owner cannot be removed. */
  remove: ownerProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await ctx.services.members.remove(ctx.principal.workspaceId, input.id);
    return { ok: true };
  }),
});
