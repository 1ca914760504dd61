// moderation.*: abuse reports per form and the moderation pause, for the instance's owners.
import { moderationInput } from '../../../shared/api/admin.ts';
import { instanceOwnerProcedure, router } from '../trpc.ts';

/** Moderation: the overview, pause and lift. */
export const moderationRouter = router({
  /** Forms reported in the last 7 days and forms paused by moderation, across the instance. */
  list: instanceOwnerProcedure.query(({ ctx }) => ctx.services.moderation.overview()),

  /** Pauses by moderation (`paused: true`) or lifts the pause and reactivates the form. */
  set: instanceOwnerProcedure.input(moderationInput).mutation(async ({ ctx, input }) => {
    await (input.paused ? ctx.services.moderation.pause(input.formId) : ctx.services.moderation.lift(input.formId));
    return { ok: true };
  }),
});
