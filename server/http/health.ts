// GET /healthz: answers 200 while the server takes requests.
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import { sendJson } from './respond.ts';

/** A liveness answer for load balancers and the tests. */
export const health = (_s: Services) => ({ res }: RouteContext) => sendJson(res, 200, { ok: true });
