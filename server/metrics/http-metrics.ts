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

/** One series pair (counter child and histogram child) per method, route and status. */
interface Series {
  requests: { inc(): void };
  duration: { observe(seconds: number): void };
}

/**
 * The labelled children by `method route status`: prom-client hashes a label object on every call, which
 * on the submission path cost more than the count itself; a child found once is incremented directly.
 * Bounded: routes are the table's patterns, methods the router's, statuses the few the server answers.
 */
const series = new Map<string, Series>();

/** Counts a finished request under its route pattern and status; `started` is performance.now() at arrival. */
export function observeRequest(method: string, route: string, status: number, started: number): void {
  const key = `${method} ${route} ${status}`;
  let s = series.get(key);
  if (s === undefined) {
    s = {
      requests: httpRequests.labels({ method, route, status: String(status) }),
      duration: httpDuration.labels({ method, route }),
    };
    series.set(key, s);
  }
  s.requests.inc();
  s.duration.observe((performance.now() - started) / 1000);
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
