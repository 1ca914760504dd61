// webhooks.*: the webhook view with its delivery log (spec 4.5), secret reveal and rotation, test send (4.6),
// redelivery of one submission.
import { formIdInput, webhookRedeliverInput, webhookViewInput } from '../../../shared/api/admin.ts';
import { canEdit } from '../../core/principal.ts';
import { forbidden } from '../../lib/api-error.ts';
import { authedProcedure, editorProcedure, router } from '../trpc.ts';

/** Webhooks: log, reveal, rotate, test, redeliver. */
export const webhooksRouter = router({
  /** URL, secret and the last 100 attempts; viewers read the log, only editors see the secret in full. */
  view: authedProcedure.input(webhookViewInput).query(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    if (input.reveal && !canEdit(ctx.principal.role))
      throw forbidden('forbidden', ['reveal: only owners and editors can see the secret']);
    return ctx.services.webhooks.view(form, input.reveal === true);
  }),

  /** POST .../webhook/rotate: a new secret, the old one signing beside it for 24 h; returns the new one in full. */
  rotateSecret: editorProcedure.input(formIdInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.settings.rotateSecret(form);
  }),

  /** Sends one signed test payload (not retried, not logged) and returns how it went. */
  test: editorProcedure.input(formIdInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.webhooks.testSend(form);
  }),

  /** POST .../webhook/redeliver: one new delivery of a submission, with the normal retries. */
  redeliver: editorProcedure.input(webhookRedeliverInput).mutation(async ({ ctx, input }) => {
    const form = await ctx.services.forms.requireInScope(ctx.principal, input.formId);
    return ctx.services.webhooks.redeliver(form, input.submissionId);
  }),
});
