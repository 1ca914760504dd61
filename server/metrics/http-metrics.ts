// Recording what the HTTP layer sees: each answered request (counter and latency by route pattern), a
// refused submission by its reason, a 429, a stored upload.
import {
  httpDuration,
  httpRequests,
  rateLimitRefusals,
  submissionsRefused,
  submissionsStored,
  uploadBytes,
  uploads,
} from './registry.ts';

/** The respondents' submission route (server/http/routes.ts): its refusals are counted by reason. */
const SUBMIT_ROUTE = '/v1/f/:id';

/** Counts a finished request under its route pattern and status; `started` is performance.now() at arrival. */
export function observeRequest(method: string, route: string, status: number, started: number): void {
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
}

/** Counts an error answer: a refused submission by its error code, any 429 of the rate limits by route. */
export function observeRefusal(method: string, route: string, code: string): void {
  if (method === 'POST' && route === SUBMIT_ROUTE) submissionsRefused.inc({ reason: code });
  if (code === 'rate_limited') rateLimitRefusals.inc({ route });
}

/** Counts a stored submission. */
export function observeStored(): void {
  submissionsStored.inc();
}

/** Counts a stored upload and its bytes. */
export function observeUpload(bytes: number): void {
  uploads.inc();
  uploadBytes.inc(bytes);
}
