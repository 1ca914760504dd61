// PATCH /v1/forms/{id}: update settings (spec 4.4). Account keys only; agent keys get owner_key_required.
import { audit } from './audit.ts';
import { readJsonObject } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { requireEditor } from '../core/principal.ts';
import { requireKey } from './auth.ts';
import { sendJson } from './respond.ts';
import { encryptionAuditDetail } from '../core/encryption/setting.ts';

/** Checks the key, the scope and the role, then hands the body to the settings service. */
export const updateSettings =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireEditor(principal);
    const body = await readJsonObject(req);
    const updated = await s.settings.update(form, body);
    const detail = { settings: Object.keys(body).sort(), ...encryptionAuditDetail(body, updated) };
    await audit(s, req, principal, 'settings.changed', { form, detail });
    sendJson(res, 200, updated);
  };
