// submissions.*: pages with text, tag and status filters and a total, the owner's marks (tags, note, status),
// one submission in detail, new submissions live, deleting (the CSV file is a plain HTTP download,
// server/http/admin-csv.ts, since a browser saves a file best from a link).
import {
  formIdInput,
  partialPageInput,
  submissionIdInput,
  submissionPageInput,
  submissionsDeleteInput,
  submissionsMarkInput,
} from '../../../shared/api/admin.ts';
import { PAGE_DEFAULT } from '../../core/submission-reads.ts';
import { parseSubmissionFilter } from '../../core/submission-marks.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';
import type { Services } from '../../core/services.ts';

/** Submissions: read, watch, delete. */
export const submissionsRouter = router({
  /**
   * A newest-first (or oldest-first) page (spec 4.3 paging), optionally only submissions containing
   * `filter`, holding `tag` or at `status`, with how many match in all and the value columns in the CSV's order,
   * labelled.
   */
  page: authedProcedure.input(submissionPageInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const given: Record<string, string | undefined> = { filter: input.filter, tag: input.tag, status: input.status };
    const filter = parseSubmissionFilter((name) => given[name], 'filter');
    const [page, fields, total] = await Promise.all([
      ctx.services.reads.page(form, input.limit ?? PAGE_DEFAULT, input.cursor ?? null, filter, input.order ?? 'newest'),
      ctx.services.reads.fields(form),
      // The total belongs to the first page; "Load more" does not count again.
      input.cursor ? undefined : ctx.services.reads.total(form, filter),
    ]);
    return { ...page, columns: fields.map((f) => f.key), fields, total };
  }),

  /**
   * A page of the form's partial answers (keep_partial), the latest first, optionally only those containing
   * `filter`; with whether the form keeps them, how many it holds and the labelled value columns.
   */
  partials: authedProcedure.input(partialPageInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const [page, fields, total] = await Promise.all([
      ctx.services.partials.page(form, PAGE_DEFAULT, input.cursor ?? null, { q: input.filter || undefined }),
      ctx.services.reads.fields(form),
      ctx.services.partials.count(form),
    ]);
    return { ...page, fields, total, keep: form.keepPartial };
  }),

  /** One submission with the form's fields (labels, option labels) and its webhook deliveries and logged attempts. */
  detail: authedProcedure.input(submissionIdInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const [detail, fields] = await Promise.all([
      ctx.services.reads.detail(form, input.submissionId),
      ctx.services.reads.fields(form),
    ]);
    return { ...detail, fields, webhook: form.webhookUrl !== '' };
  }),

  /** Each new submission of the form as it is stored, for as long as the subscription lasts. */
  onCreated: authedProcedure.input(formIdInput).subscription(async ({ ctx, input, signal }) => {
    // The scope is checked before the stream starts (so a refusal is an ordinary error); a form
    // cannot leave its workspace afterwards.
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return whileSignedIn(
      ctx.services,
      ctx.sessionToken,
      ctx.principal.workspaceId,
      await ctx.services.submissionEvents.watch(form.id, signal),
    );
  }),

  /** Changes the tags, note or status of 1 to 100 answers of the form (the REST PATCH's rules); how many changed. */
  mark: editorProcedure.input(submissionsMarkInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.marks.apply(form, input.ids, input.patch);
  }),

  /** Deletes 1 to 100 submissions of the form; ids it does not have are skipped and not counted. */
  delete: editorProcedure.input(submissionsDeleteInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const deleted = await ctx.services.deletion.deleteSubmissions(form, input.ids);
    return { deleted: deleted.length };
  }),
});

/**
 * Passes events on while the session is still signed in and a member of the workspace: signing out,
 * a password change or removal from the workspace ends the feed on a socket that stays open.
 */
async function* whileSignedIn<T>(
  services: Services,
  sessionToken: string,
  workspaceId: string,
  events: AsyncIterable<T>,
): AsyncGenerator<T> {
  for await (const event of events) {
    if (!(await services.accounts.principal(sessionToken, workspaceId))) return;
    yield event;
  }
}
