// The admin session cookie: HttpOnly (scripts cannot read it), SameSite=Strict (other sites cannot
// make the browser send it, which is our CSRF defence), Secure when the public URL is https.
import type { IncomingMessage } from 'node:http';
import { SESSION_TTL_MS } from './accounts.ts';

export const SESSION_COOKIE = 'formstead_session';

/** The session token from the Cookie header, if any. */
export function sessionToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

/** Set-Cookie value that stores a session token (or clears it when token is empty). */
export function sessionCookie(token: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const age = token ? Math.floor(SESSION_TTL_MS / 1000) : 0;
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${age}${secure}`;
}
