// GET /v1/forms/{id}/webhook, POST .../webhook/test (spec 4.5, 4.6), .../webhook/redeliver and
// .../webhook/rotate (docs/webhooks.md): account keys only; agent keys get 403 owner_key_required, also
// after a claim.
import { audit } from './audit.ts';
import { redeliverBodySchema } from '../../shared/api/webhooks.ts';
import { zodProblems } from '../../shared/api/problems.ts';
import { badRequest, invalid } from '../lib/api-error.ts';
import { readJsonObject } from '../lib/http-body.ts';
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
    const reveal = parseReveal(query.get('reveal'));
    const view = await s.webhooks.view(form, reveal);
    if (reveal) await audit(s, req, principal, 'secret.revealed', { form });
    sendJson(res, 200, view);
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

/** Schedules one new delivery of a stored submission (202 with its delivery id). */
export const redeliverWebhook =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    const parsed = redeliverBodySchema.safeParse(await readJsonObject(req));
    if (!parsed.success) throw invalid(zodProblems(parsed.error));
    sendJson(res, 202, await s.webhooks.redeliver(form, parsed.data.submission_id));
  };

/** Replaces the signing secret; the old one keeps signing beside it for 24 h. Answers `{secret}` in full. */
export const rotateWebhookSecret =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    const rotated = await s.settings.rotateSecret(form);
    await audit(s, req, principal, 'secret.rotated', { form });
    sendJson(res, 200, rotated);
  };

/** `reveal` is a boolean query value: absent, `true` or `false`; anything else is a 400. */
function parseReveal(raw: string | null): boolean {
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  throw badRequest('invalid_query', ['reveal: must be true or false']);
}
