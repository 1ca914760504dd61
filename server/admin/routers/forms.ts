// forms.*: the workspace's forms with their 30-day chart, one form's detail and versions, pause/resume,
// restoring a version into the draft, duplicating and deleting.
import { formIdInput, formStatusInput, formVersionInput } from '../../../shared/api/admin.ts';
import { cloudForm } from '../../core/form-view.ts';
import { settingsView } from '../../core/settings.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';

/** Days shown by the forms list's chart. */
export const CHART_DAYS = 30;

/** The tag that embeds a form on another site (client/embed/embed.ts reads data-form). */
const embedSnippet = (publicUrl: string, formId: string) =>
  `<script src="${publicUrl}/embed.js" data-form="${formId}"></script>`;

/** Forms: list, detail, versions, pause and resume, restore, duplicate, delete. */
export const formsRouter = router({
  /** The REST list (spec 4.2, usage notice included) plus submissions per day over the last 30 days. */
  list: authedProcedure.query(async ({ ctx }) => {
    const { services, principal } = ctx;
    const [listed, daily, drafted] = await Promise.all([
      services.forms.list(principal),
      services.reads.dailyCounts(principal.workspaceId, CHART_DAYS),
      services.drafts.formsWithDraft(principal),
    ]);
    const forms = (listed.forms as ReturnType<typeof cloudForm>[]).map((f) => ({
      ...f,
      has_draft: drafted.has(f.form_id),
      daily: daily.get(f.form_id) ?? new Array<number>(CHART_DAYS).fill(0),
      embed_snippet: embedSnippet(services.config.publicUrl, f.form_id),
    }));
    return {
      forms,
      chart_days: CHART_DAYS,
      notice: listed.notice as string | undefined,
      upgrade_url: listed.upgrade_url as string | undefined,
    };
  }),

  /** One form: the list item, its settings (secret masked), moderation state and embed snippet. */
  byId: authedProcedure.input(formIdInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const publicUrl = ctx.services.config.publicUrl;
    return {
      ...cloudForm(publicUrl, form),
      settings: settingsView(form),
      moderation_paused: form.moderationPaused,
      embed_snippet: embedSnippet(publicUrl, form.id),
    };
  }),

  /** Every version with its definition, newest first. */
  versions: authedProcedure.input(formIdInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return {
      versions: await ctx.services.forms.versions(form),
      schema_url: `${ctx.services.config.publicUrl}/v1/schema/form-definition.json`,
    };
  }),

  /** Pauses or resumes (spec 3.1); a moderation pause refuses with paused_by_moderation. */
  setStatus: editorProcedure.input(formStatusInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.settings.update(form, { status: input.status });
  }),

  /** An old version's definition into the form's draft (made or replaced); 404 for an unknown version. */
  restoreVersion: editorProcedure
    .input(formVersionInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.restoreVersion(ctx.principal, input.formId, input.version)),

  /** A copy in the same workspace: version 1, "(copy)" in its title, settings without the webhook. */
  duplicate: editorProcedure.input(formIdInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.forms.duplicate(form);
  }),

  /** Deletes the form with everything it holds, as DELETE /v1/forms/{id} does. */
  delete: editorProcedure.input(formIdInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    const { submissionsDeleted } = await ctx.services.deletion.deleteForm(form);
    return { ok: true as const, submissions_deleted: submissionsDeleted };
  }),
});
