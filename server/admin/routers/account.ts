// account.*: who is signed in, and changing their password.
import { passwordChangeInput } from '../../../shared/api/admin.ts';
import { authedProcedure, router } from '../trpc.ts';

/** The signed-in user. */
export const accountRouter = router({
  /** The user, their role here, and whether they own the instance (moderation, outbox, jobs). */
  me: authedProcedure.query(async ({ ctx }) => {
    const { services, principal } = ctx;
    const session = await services.accounts.session(ctx.sessionToken);
    return {
      user_id: principal.userId,
      email: session?.user.email ?? '',
      role: principal.role,
      workspace_id: principal.workspaceId,
      instance_owner: await services.workspaces.isInstanceOwner(principal.userId),
    };
  }),

  /** Needs the current password; ends the user's other sessions. */
  changePassword: authedProcedure.input(passwordChangeInput).mutation(async ({ ctx, input }) => {
    await ctx.services.accounts.changePassword(ctx.sessionToken, input.current_password, input.new_password);
    return { ok: true };
  }),
});
