// Handlers of /v1/forms: publish and list (spec 4.1, 4.2), read one, and delete (ARCHITECTURE.md
// "Forms made by people").
import { audit } from './audit.ts';
import { readJsonObject } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { optionalKey, requireKey } from './auth.ts';
import { clientIp } from '../lib/client-ip.ts';
import { requireFormDeleter } from '../core/deletion.ts';
import { sendJson, sendNoContent } from './respond.ts';

/** POST /v1/forms: publish a form or a new version; no key allowed. */
export const publishForm =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    const principal = await optionalKey(s, req);
    const admit = await s.rateLimits.publishAdmission(principal === null, clientIp(req, s.config.trustProxy));
    const body = await readJsonObject(req);
    const published = await s.forms.publish(principal, body, admit);
    const { form_id, version } = published as { form_id: string; version?: number };
    const owner = principal && 'workspaceId' in principal ? principal.workspaceId : null;
    await audit(s, req, principal, 'form.published', { workspaceId: owner, target: form_id, detail: { version } });
    sendJson(res, 201, published);
  };

/** GET /v1/forms: the caller's forms, newest first. */
export const listForms =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    const principal = await requireKey(s, req);
    sendJson(res, 200, await s.forms.list(principal));
  };

/** GET /v1/forms/{id}: any key whose scope holds the form (account keys of its workspace, its agent key). */
export const getForm =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    sendJson(res, 200, await s.forms.detail(form));
  };

/** DELETE /v1/forms/{id}: account keys any form of the workspace, agent keys their own unclaimed forms; 204. */
export const deleteForm =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    requireFormDeleter(principal, form);
    await s.deletion.deleteForm(form);
    await audit(s, req, principal, 'form.deleted', { form });
    sendNoContent(res);
  };
