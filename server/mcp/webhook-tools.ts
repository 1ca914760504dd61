// MCP tools over a form's webhook: its configuration with the delivery log, and a test send (spec 4.5,
// 4.6, 6.7). Account keys only, checked in the REST handlers' order: key, scope, role.
import * as z from 'zod';
import { requireEditor } from '../core/principal.ts';
import { checkArgs, defineTool, formIdArg, requireKey, type ToolContext } from './tool.ts';

const webhookInput = z.strictObject({
  form_id: formIdArg(),
  reveal_secret: z
    .boolean()
    .optional()
    .describe('true answers the signing secret in full (to verify signatures); otherwise it is masked as whsec_…last4'),
});
const testInput = z.strictObject({ form_id: formIdArg() });

/** The form of `form_id` once the caller may manage its webhook (the key was checked before the arguments). */
async function editableForm(ctx: ToolContext, formId: string) {
  const principal = requireKey(ctx);
  const form = await ctx.services.forms.requireInScope(principal, formId);
  requireEditor(principal);
  return form;
}

/** get_webhook: GET /v1/forms/{id}/webhook, `reveal` as reveal_secret. */
export const getWebhook = defineTool({
  name: 'get_webhook',
  description:
    "Show a form's webhook: url, secret (the HMAC key of the Service-Signature header; masked unless reveal_secret " +
    'is true) and deliveries, the last 100 delivery attempts newest first (submission_id, attempt, status_code, ' +
    'error, duration_ms, created_at). Call it to check that submissions reach the receiver or to see why they fail. ' +
    'Set the URL with update_form_settings. Needs an account key (svc_live_).',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: webhookInput,
  run: async (ctx, args) => {
    requireKey(ctx);
    const { form_id, reveal_secret } = checkArgs(webhookInput, args);
    return ctx.services.webhooks.view(await editableForm(ctx, form_id), reveal_secret === true);
  },
});

/** send_test_webhook: POST /v1/forms/{id}/webhook/test. */
export const sendTestWebhook = defineTool({
  name: 'send_test_webhook',
  description:
    "Send one signed test payload to the form's webhook_url now (submission_id 00000000-0000-0000-0000-000000000000, " +
    'the text test for every field) to check the receiver is wired. Returns ok, status_code, duration_ms and, when ' +
    'ok is false, error. Not retried and not logged. Needs an account key (svc_live_) and a webhook_url set with ' +
    'update_form_settings (422 otherwise).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: testInput,
  run: async (ctx, args) => {
    requireKey(ctx);
    const { form_id } = checkArgs(testInput, args);
    return ctx.services.webhooks.testSend(await editableForm(ctx, form_id));
  },
});
