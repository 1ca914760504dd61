// Counting how a form does (ARCHITECTURE.md "Knowing how a form does"): the pages' events, posted
// without a key from any site like answers are, and the stats and the answers summary read with a key.
import { EVENTS_BODY_MAX_BYTES } from '../../shared/api/limits.ts';
import { ApiError } from '../lib/api-error.ts';
import { parseJsonObject, readBody } from '../lib/http-body.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { answersSummary } from '../core/stats/summary-view.ts';
import { requireKey } from './auth.ts';
import { clientIp } from '../lib/client-ip.ts';
import { sendJson } from './respond.ts';
import { corsHeaders } from './respondent.ts';

/**
 * POST /v1/f/{id}/events: rate limited per address and per form (buckets of their own), a body of at
 * most 2 KB (413 past it), 400 for a bad body, 404 for an unknown form; 204 once counted. Any
 * content type is read as JSON: navigator.sendBeacon posts text/plain, which needs no CORS preflight.
 */
export const postEvents =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    try {
      const ip = clientIp(req, s.config.trustProxy);
      await s.rateLimits.take([s.rateLimits.eventsPerIp, ip], [s.rateLimits.eventsPerForm, params.id]);
      const body = parseJsonObject(await readBody(req, EVENTS_BODY_MAX_BYTES));
      await s.counting.events(params.id, body);
      res.writeHead(204, corsHeaders);
      res.end();
    } catch (err) {
      // The page that sent it may be any site: it may read why it was refused.
      if (err instanceof ApiError) Object.assign(err.headers, corsHeaders);
      throw err;
    }
  };

/** GET /v1/forms/{id}/stats?from=&to=: how the form does, for agent and account keys in scope. */
export const getStats =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    sendJson(res, 200, await s.stats.report(form, query.get('from'), query.get('to')));
  };

/** GET /v1/forms/{id}/summary?from=&to=: the answers summary per question, for agent and account keys in scope. */
export const getSummary =
  (s: Services) =>
  async ({ req, res, params, query }: RouteContext) => {
    const principal = await requireKey(s, req);
    const form = await s.forms.requireInScope(principal, params.id);
    sendJson(res, 200, await answersSummary(s.summaries, form, query.get('from'), query.get('to')));
  };
