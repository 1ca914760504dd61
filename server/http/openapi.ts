// GET /v1/openapi.json: the OpenAPI 3.1 document of every /v1 route (server/http/openapi/), no key, CORS open.
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { openApiDocument } from './openapi/document.ts';
import { sendAsset } from './respond.ts';

/** Serves the document, built on the first request (not at start: most instances are never asked). */
export const openApi = (s: Services) => {
  let body: string | undefined;
  return ({ res }: RouteContext) => {
    body ??= JSON.stringify(openApiDocument(s.config.publicUrl));
    sendAsset(res, body, 'application/json; charset=utf-8', 3600, { 'access-control-allow-origin': '*' });
  };
};
