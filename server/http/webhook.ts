// GET /v1/forms/{id}/webhook and POST /v1/forms/{id}/webhook/test (spec 4.5, 4.6): account keys only;
// agent keys get 403 owner_key_required, also after a claim.
import { badRequest } from '../lib/api-error.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { requireEditor } from '../core/principal.ts';
import { requireKey } from './auth.ts';
import { sendJson } from './respond.ts';

/** The webhook URL, the secret (in full only with reveal=true) and the delivery log. */
export const getWebhook =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    sendJson(res, 200, await s.webhooks.view(form, parseReveal(query.get('reveal'))));
  };

/** Sends one signed test payload and answers how it went; no body is read. */
export const testWebhook =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    sendJson(res, 200, await s.webhooks.testSend(form));
  };

/** `reveal` is a boolean query value: absent, `true` or `false`; anything else is a 400. */
function parseReveal(raw: string | null): boolean {
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  throw badRequest('invalid_query', ['reveal: must be true or false']);
}
