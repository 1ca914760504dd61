// settings.*: the form settings of spec 2.11, changed through the same service and rules as PATCH.
import { formIdInput, settingsUpdateInput } from '../../../shared/api/admin.ts';
import { settingsView } from '../../core/settings.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';

/** Settings: read (secret masked) and update. */
export const settingsRouter = router({
  /** The settings object with the secret masked. */
  get: authedProcedure
    .input(formIdInput)
    .query(async ({ ctx, input }) =>
      settingsView(await ctx.services.forms.requireInScope(ctx.principal, input.formId)),
    ),

  /** Spec 4.4: the patch is validated by the service (settingsPatchSchema), so messages match REST's 422. */
  update: editorProcedure.input(settingsUpdateInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.settings.update(form, input.patch);
  }),
});
