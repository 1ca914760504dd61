// Reading the `Authorization: Bearer` key of a /v1 request (spec 5).
import type { IncomingMessage } from 'node:http';
import { unauthorized } from '../lib/api-error.ts';
import type { AccountPrincipal, AgentPrincipal } from '../core/principal.ts';
import type { Services } from '../core/services.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token, or undefined when the header is absent. A malformed header is a 401. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = BEARER.exec(header);
  if (!match) throw unauthorized(['authorization: expected "Bearer <key>"']);
  return match[1];
}

/**
 * The RFC 6750 challenge a key's 401 carries (shaped once, in server.ts): `error="invalid_token"`
 * when a key was sent and refused (unknown, revoked, its creator no longer an owner),
 * `error="invalid_request"` for a Bearer header that is not `Bearer <key>`, and plain `Bearer` when no
 * key was sent or another scheme was tried (RFC 6750 §3.1: no error code then).
 */
export function bearerChallenge(req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (header === undefined || !/^Bearer(?:\s|$)/i.test(header)) return 'Bearer';
  return BEARER.test(header) ? 'Bearer error="invalid_token"' : 'Bearer error="invalid_request"';
}

/** The caller's principal, or null when no key was sent (allowed only where the caller says so). */
export async function optionalKey(
  services: Services,
  req: IncomingMessage,
): Promise<AccountPrincipal | AgentPrincipal | null> {
  const token = bearerToken(req);
  return token === undefined ? null : services.keys.authenticate(token);
}

/** The caller's principal; 401 without a key. */
export async function requireKey(services: Services, req: IncomingMessage): Promise<AccountPrincipal | AgentPrincipal> {
  const principal = await optionalKey(services, req);
  if (!principal) throw unauthorized(['authorization: missing key']);
  return principal;
}
