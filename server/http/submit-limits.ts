// Which rate limits an answer posted to POST /v1/f/{id} draws on (ARCHITECTURE.md "Running it as a
// service"): a stranger's the per-address and per-form buckets; an account key of the form's workspace
// (a trusted back end) its own per-key bucket only (core/rate-limits.ts SUBMIT_PER_ACCOUNT_KEY).
import type { IncomingMessage } from 'node:http';
import type { Limiter } from '../core/rate-limits.ts';
import type { Services } from '../core/services.ts';
import { bearerToken, optionalKey } from './auth.ts';

/**
 * The (limiter, key) pairs a post draws on. A key that is not valid is a 401, as on every /v1 route; a
 * valid key that cannot read the form (an agent key, another workspace's key) posts as a stranger does.
 * A post without a key (a respondent's) gets its pairs without a promise.
 */
export function submitLimits(
  s: Services,
  req: IncomingMessage,
  formId: string,
  ip: string,
): [Limiter, string][] | Promise<[Limiter, string][]> {
  if (bearerToken(req) === undefined) return strangerLimits(s, formId, ip);
  return withKey(s, req, formId, ip);
}

async function withKey(s: Services, req: IncomingMessage, formId: string, ip: string) {
  const principal = await optionalKey(s, req);
  if (principal?.kind === 'account' && (await s.forms.findInScope(principal, formId)))
    return [[s.rateLimits.submitPerKey, principal.keyId]] as [Limiter, string][];
  return strangerLimits(s, formId, ip);
}

/** A stranger's buckets: its address's and the form's. */
function strangerLimits(s: Services, formId: string, ip: string): [Limiter, string][] {
  return [
    [s.rateLimits.submitPerIp, ip],
    [s.rateLimits.submitPerForm, formId],
  ];
}
