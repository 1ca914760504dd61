// The single sign-on flow's state between the way out to the provider and the way back: state, nonce, PKCE
// verifier and what the sign-in is for, in a short-lived cookie signed with the instance secret.
//
// A cookie rather than a store row: any instance of a PostgreSQL installation can take the way back, and an
// abandoned sign-in leaves nothing behind. Signed, so its content cannot be changed; HttpOnly, so page scripts
// cannot read the verifier. SameSite=Lax, not Strict like the session cookie: the way back is a top-level GET
// from the provider's site, and a Strict cookie is not sent on it (the flow would always fail). Lax still keeps
// it off cross-site subrequests and POSTs. Path=/admin/oidc, so no other request carries it.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a sign-in is for; the tokens are those of the link it started from, checked again on the way back. */
export type SsoIntent =
  | { kind: 'login'; next: string }
  | { kind: 'invite'; token: string }
  | { kind: 'setup'; token: string }
  | { kind: 'reset'; token: string };

/** One sign-in under way. */
export interface SsoFlow {
  state: string;
  nonce: string;
  verifier: string;
  intent: SsoIntent;
  /** When the way back stops being accepted (ms since the epoch). */
  expiresAt: number;
}

export const FLOW_COOKIE = 'formstead_oidc';
/** Ten minutes to sign in at the provider: long enough for a password manager and a second factor. */
export const FLOW_TTL_MS = 10 * 60_000;
/** The cookie stays well under the 4 KB browsers keep per cookie. */
const MAX_COOKIE_CHARS = 3000;

/** Makes and reads the signed flow cookie. */
export class FlowCookie {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  /** The Set-Cookie value that carries `flow` (or clears the cookie when `flow` is undefined). */
  setCookie(flow: SsoFlow | undefined): string {
    const secure = this.publicUrl.startsWith('https:') ? '; Secure' : '';
    if (!flow) return `${FLOW_COOKIE}=; HttpOnly; SameSite=Lax; Path=/admin/oidc; Max-Age=0${secure}`;
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    const value = `${payload}.${this.sign(payload)}`;
    if (value.length > MAX_COOKIE_CHARS) throw new Error('single sign-on state too large for a cookie');
    const age = Math.ceil(FLOW_TTL_MS / 1000);
    return `${FLOW_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=/admin/oidc; Max-Age=${age}${secure}`;
  }

  /** The flow in the Cookie header, when it is ours, intact and not expired. */
  read(cookieHeader: string | undefined, now = Date.now()): SsoFlow | undefined {
    const raw = (cookieHeader ?? '')
      .split(';')
      .map((p) => p.trim())
      .find((p) => p.startsWith(`${FLOW_COOKIE}=`))
      ?.slice(FLOW_COOKIE.length + 1);
    const match = raw && raw.length <= MAX_COOKIE_CHARS ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(raw) : null;
    if (!match) return undefined;
    if (!timingSafeEqual(Buffer.from(this.sign(match[1])), Buffer.from(match[2]))) return undefined;
    let flow: SsoFlow;
    try {
      flow = JSON.parse(Buffer.from(match[1], 'base64url').toString());
    } catch {
      return undefined;
    }
    return typeof flow.expiresAt === 'number' && flow.expiresAt > now ? flow : undefined;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`oidc-flow:${payload}`).digest('base64url');
  }
}
