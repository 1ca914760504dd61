// Reading the `Authorization: Bearer` key of a /v1 request (spec 5).
import type { IncomingMessage } from 'node:http';
import { unauthorized } from '../lib/api-error.ts';
import type { AccountPrincipal, AgentPrincipal } from '../core/principal.ts';
import type { Services } from '../core/services.ts';

/** The bearer token, or undefined when the header is absent. A malformed header is a 401. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(['authorization: expected "Bearer <key>"']);
  return match[1];
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
