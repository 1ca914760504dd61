// spam.*: the Spam view of a form: suspected spam kept 30 days, "Not spam" and "Delete".
import { formIdInput, spamItemInput } from '../../../shared/api/admin.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';

/** Suspected spam: read (viewers), decide (editors). */
export const spamRouter = router({
  /** Newest first, with the answers as `Label: answer` lines (passwords masked) and the total held. */
  list: authedProcedure
    .input(formIdInput)
    .query(async ({ ctx, input }) =>
      ctx.services.spam.list(await ctx.services.forms.requireInScope(ctx.principal, input.formId)),
    ),

  /** Makes the post a normal submission: counted, delivered by webhook and mailed. */
  notSpam: editorProcedure
    .input(spamItemInput)
    .mutation(async ({ ctx, input }) =>
      ctx.services.spam.notSpam(await ctx.services.forms.requireInScope(ctx.principal, input.formId), input.id),
    ),

  /** Removes the post for good. */
  delete: editorProcedure.input(spamItemInput).mutation(async ({ ctx, input }) => {
    await ctx.services.spam.delete(await ctx.services.forms.requireInScope(ctx.principal, input.formId), input.id);
    return { ok: true };
  }),
});
