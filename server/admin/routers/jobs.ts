// jobs.*: the scheduled jobs with their last outcome, and running one now (STYLE.md "Migrations and
// jobs as registries"); instance owners only.
import { jobRunInput } from '../../../shared/api/admin.ts';
import { notFound } from '../../lib/api-error.ts';
import { instanceOwnerProcedure, router } from '../trpc.ts';

/** Jobs: list and run now. */
export const jobsRouter = router({
  /** Every job with its schedule and last run. */
  list: instanceOwnerProcedure.query(({ ctx }) => ctx.jobs?.list() ?? []),

  /** Runs a job now (not while it is already running) and returns its status. */
  run: instanceOwnerProcedure.input(jobRunInput).mutation(async ({ ctx, input }) => {
    if (!ctx.jobs?.list().some((j) => j.name === input.name)) throw notFound('job');
    return ctx.jobs.runNow(input.name);
  }),
});
