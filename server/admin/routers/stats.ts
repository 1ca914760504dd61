// stats.*: how a form does (the overview's funnel, steps, sources and daily chart) and the summary per
// question over its stored answers. Every role that sees the form sees its stats.
import { formIdInput, formStatsInput } from '../../../shared/api/admin.ts';
import { authedProcedure, router } from '../trpc.ts';

/** Stats and per-question summaries of one form. */
export const statsRouter = router({
  /** The same report as GET /v1/forms/{id}/stats, this instance's unwritten counts included. */
  byForm: authedProcedure.input(formStatsInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.stats.report(form, input.from, input.to);
  }),

  /** Per question of the current definition: options chosen, min/median/max of numbers, latest texts. */
  questions: authedProcedure.input(formIdInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.summaries.summarize(form);
  }),
});
