// GET /healthz (liveness: the process answers) and GET /readyz (readiness: the store takes writes).
import type { RouteContext } from '../lib/router.ts';
import { STORAGE_RETRY_AFTER_SECONDS } from '../lib/api-error.ts';
import type { Services } from '../core/services.ts';
import { sendJson } from './respond.ts';

/** A liveness answer for process supervisors and the tests: 200 while the server takes requests. */
export const health =
  (_s: Services) =>
  ({ res }: RouteContext) =>
    sendJson(res, 200, { ok: true });

/**
 * A readiness answer for load balancers and orchestrators: 503 from a shutdown signal on, and while
 * writes fail. After a full disk, each check tries to resume writes, so an instance taken out of rotation
 * (no writes reach it) comes back by itself once there is room (and once PostgreSQL is reachable again);
 * after a failed fsync it stays 503 until restarted.
 */
export const ready =
  (s: Services) =>
  async ({ res }: RouteContext) => {
    if (s.readiness.stopping)
      return sendJson(
        res,
        503,
        { error: 'shutting_down', details: ['server: is shutting down; requests already in flight finish'] },
        { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
      );
    const { state } = await s.storage.check();
    if (state === 'ok') return sendJson(res, 200, { ok: true });
    const problem =
      state === 'full'
        ? 'storage: the disk is full; writes resume once there is room'
        : state === 'unreachable'
          ? 'storage: the database cannot be reached; this instance is ready again once it is back'
          : 'storage: writes failed; restart the server';
    sendJson(
      res,
      503,
      { error: 'storage_unavailable', details: [problem] },
      { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
    );
  };
