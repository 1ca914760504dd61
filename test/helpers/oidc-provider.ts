// A real OpenID provider (panva's oidc-provider) on loopback for the single sign-on suites, and a small cookie-keeping
// HTTP client that walks its sign-in the way a browser would, one redirect at a time.
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import Provider, { type ProviderContext } from 'oidc-provider';
import { freePort } from './server.ts';

/** A person at the provider: their login name is the account id. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
}

/** How the suite changes the ID token the token endpoint answers with (a provider gone wrong, or an attacker). */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

/** A running provider. */
export interface RunningProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in, by login name; change it at will. */
  accounts: Map<string, ProviderAccount>;
  /**
   * From now on, re-sign every ID token the token endpoint gives after `tamper` changed its claims; with
   * `foreignKey`, sign with a key the provider does not publish (as after a key rotation). undefined stops it.
   */
  tamperIdTokens(tamper: IdTokenTamper | undefined, opts?: { foreignKey?: boolean }): void;
  stop(): Promise<void>;
}

/**
 * Starts a provider on a loopback port (a free one unless given) with one confidential client that may return to
 * `redirectUri`. Its issuer names `host`: `localhost` makes it another site than a Formstead at 127.0.0.1, as a
 * real provider is (browsers tell sites apart by name, not by port).
 */
export async function startProvider(
  redirectUri: string,
  opts: { port?: number; host?: '127.0.0.1' | 'localhost' } = {},
): Promise<RunningProvider> {
  const port = opts.port ?? (await freePort());
  const issuer = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const clientId = 'formstead';
  const clientSecret = 'a client secret of the single sign-on suite';
  const accounts = new Map<string, ProviderAccount>();
  const signing = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const foreign = await generateKeyPair('RS256', { extractable: true });
  let tamper: { fn: IdTokenTamper; foreignKey: boolean } | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a cookie key of the single sign-on suite'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // First-party client: no consent screen, as a company's provider would be set up for its own tools.
    async loadExistingGrant(ctx: ProviderContext) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!tamper || ctx.path !== '/token' || ctx.status !== 200 || !body?.id_token) return;
    const claims = tamper.fn(decodeJwt(body.id_token) as Record<string, unknown>);
    const { kid } = decodeProtectedHeader(body.id_token);
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(tamper.foreignKey ? foreign.privateKey : signing.privateKey);
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamperIdTokens(fn, opts = {}) {
      tamper = fn && { fn, foreignKey: opts.foreignKey ?? false };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie-keeping HTTP client that follows nothing by itself: each redirect is a step the suite sees. */
export class CookieClient {
  /** Cookies by origin, then name (paths are not told apart: extra cookies do not matter to these servers). */
  private readonly jar = new Map<string, Map<string, string>>();

  /** A request with this origin's cookies; the answer's Set-Cookie lines are kept. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const cookies = [...(this.jar.get(origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = new Headers(init.headers);
    if (cookies) headers.set('cookie', cookies);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.keep(origin, line);
    return res;
  }

  /** The value of a cookie kept for `origin`. */
  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  /** Sets or replaces a cookie by hand (a suite putting back an old one). */
  setCookie(origin: string, name: string, value: string) {
    if (!this.jar.has(origin)) this.jar.set(origin, new Map());
    this.jar.get(origin)!.set(name, value);
  }

  private keep(origin: string, line: string) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!this.jar.has(origin)) this.jar.set(origin, new Map());
    const gone = value === '' || attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a));
    if (gone) this.jar.get(origin)!.delete(name);
    else this.jar.get(origin)!.set(name, value);
  }
}

/**
 * Walks the provider's sign-in from `authorizeUrl` as `login` (its dev login form takes any password) and returns
 * the URL the provider sends the browser back to, without opening it.
 */
export async function signInAtProvider(client: CookieClient, authorizeUrl: string, login: string): Promise<string> {
  let url = authorizeUrl;
  const origin = new URL(authorizeUrl).origin;
  for (let step = 0; step < 10; step++) {
    if (!url.startsWith(origin)) return url;
    const res = await client.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !html.includes('name="prompt" value="login"'))
      throw new Error(`the provider answered ${res.status} at ${url}:\n${html.slice(0, 500)}`);
    const posted = await client.fetch(new URL(action, url).href, {
      method: 'POST',
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
    });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider sign-in did not end in 10 steps');
}
