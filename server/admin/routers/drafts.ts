// drafts.*: the builder's drafts: new forms from templates, a form's unpublished changes, publishing
// them through the same service as POST /v1/forms, and throwing them away.
import {
  draftCreateInput,
  draftIdInput,
  draftSaveInput,
  draftSettingsInput,
  formIdInput,
} from '../../../shared/api/admin.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';

/** Drafts: list, create, get, forForm, save, settings, saveSettings, publish, discard. */
export const draftsRouter = router({
  /** The workspace's drafts of new forms, most recently saved first. */
  list: authedProcedure.query(({ ctx }) => ctx.services.drafts.list(ctx.principal)),

  /** A new form's draft from a template (`blank`, `contact`, ...); 422 for an unknown one. */
  create: editorProcedure
    .input(draftCreateInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.create(ctx.principal, input.template)),

  /** One draft with its problems; 404 outside the workspace. */
  get: authedProcedure
    .input(draftIdInput)
    .query(({ ctx, input }) => ctx.services.drafts.get(ctx.principal, input.draftId)),

  /** A form's draft (or null) and its published definition, pretty-printed. */
  forForm: authedProcedure
    .input(formIdInput)
    .query(({ ctx, input }) => ctx.services.drafts.forForm(ctx.principal, input.formId)),

  /** Saves text (valid or not) into a draft by id, or into a form's draft, made on first save. */
  save: editorProcedure
    .input(draftSaveInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.save(ctx.principal, input, input.text)),

  /** A new form's settings as its first publish would give them (settings.get's shape). */
  settings: authedProcedure
    .input(draftIdInput)
    .query(({ ctx, input }) => ctx.services.drafts.settings(ctx.principal, input.draftId)),

  /** Keeps a new form's settings (thank-you, closing, address) for its first publish; 422 changes nothing. */
  saveSettings: editorProcedure
    .input(draftSettingsInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.saveSettings(ctx.principal, input.draftId, input.patch)),

  /** Publishes a draft (422 with the problems, draft kept) and deletes it on success. */
  publish: editorProcedure
    .input(draftIdInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.publish(ctx.principal, input.draftId)),

  /** Throws a draft away. */
  discard: editorProcedure
    .input(draftIdInput)
    .mutation(({ ctx, input }) => ctx.services.drafts.discard(ctx.principal, input.draftId)),
});
