// Recording one answered request: the counter and the latency histogram by route pattern, and a refused
// submission by its reason.
import { httpDuration, httpRequests, submissionsRefused, submissionsStored } from './registry.ts';

/** The respondents' submission route (server/http/routes.ts): its refusals are counted by reason. */
const SUBMIT_ROUTE = '/v1/f/:id';

/** Counts a finished request under its route pattern and status; `started` is performance.now() at arrival. */
export function observeRequest(method: string, route: string, status: number, started: number): void {
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
}

/** Counts a submission the server refused (any error answer of the submission route), by its error code. */
export function observeRefusal(method: string, route: string, code: string): void {
  if (method === 'POST' && route === SUBMIT_ROUTE) submissionsRefused.inc({ reason: code });
}

/** Counts a stored submission. */
export function observeStored(): void {
  submissionsStored.inc();
}
