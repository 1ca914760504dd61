// people.*: Find a person, owners only: search every form of the workspace for an email address,
// download what was found, erase it.
import { personEraseInput, personInput } from '../../../shared/api/admin.ts';
import { ownerProcedure, router } from '../trpc.ts';

/** Search, download and erase one person's answers. */
export const peopleRouter = router({
  /** The forms and answers holding the address, and the counts of all an erase would remove. */
  search: ownerProcedure
    .input(personInput)
    .query(({ ctx, input }) =>
      ctx.services.people.search(ctx.principal.workspaceId, input.email, `user ${ctx.principal.userId}`),
    ),

  /** The download: the answers with labels and file names, and a note of what else is held (JSON). */
  export: ownerProcedure
    .input(personInput)
    .query(({ ctx, input }) =>
      ctx.services.people.export(ctx.principal.workspaceId, input.email, `user ${ctx.principal.userId}`),
    ),

  /**
   * Erases the person's own answers (and those only mentioning the address when `mentions` is "erase"),
   * suspected-spam posts, files, held mail and delivery log lines; says what went and what was kept.
   */
  erase: ownerProcedure
    .input(personEraseInput)
    .mutation(({ ctx, input }) =>
      ctx.services.people.erase(ctx.principal.workspaceId, input.email, input.mentions, `user ${ctx.principal.userId}`),
    ),
});
