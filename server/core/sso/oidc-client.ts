// OpenID Connect sign-in (authorization code with PKCE and nonce) through openid-client: the way out to the
// provider and the checks on the way back. openid-client checks the ID token's issuer, audience, nonce, expiry
// and, with non-repudiation checks on, its signature against the provider's published keys; the state and the
// PKCE verifier come from the signed flow cookie (flow-cookie.ts).
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { FLOW_TTL_MS, type SsoFlow, type SsoIntent } from './flow-cookie.ts';
import { accountEmail } from '../account-email.ts';

/** Why a sign-in through the provider did not give a verified email; the pages say each in words. */
export type SsoFailure =
  | 'unreachable' // the provider did not answer (or answered with a server error)
  | 'expired' // no flow cookie, a tampered or old one, or a state that is not this browser's
  | 'denied' // the provider answered with an error (the person cancelled, or the client is not allowed)
  | 'untrusted' // the provider's answer failed a check: code, PKCE, ID token issuer/audience/nonce/expiry/signature
  | 'no_email'; // the provider gave no email address

/** A sign-in that ended without a verified email; `detail` is for the log, never for the page. */
export class SsoError extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly detail: string,
    /** The provider's error code for a `denied` answer (e.g. access_denied), shown to the person. */
    readonly providerSays?: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** What the provider says of the person. */
export interface SsoIdentity {
  email: string;
  emailVerified: boolean;
}

/** How long a request to the provider may take before the sign-in says it is not reachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The panel's OpenID Connect client. */
export class OidcClient {
  private discovered?: Promise<oidc.Configuration>;

  constructor(
    private readonly settings: OidcConfig,
    /** `{public_url}/admin/oidc/callback`, registered at the provider. */
    readonly redirectUri: string,
  ) {}

  /** A new flow for `intent` and the provider's sign-in URL to send the browser to. */
  async start(intent: SsoIntent, now = Date.now()): Promise<{ flow: SsoFlow; url: string }> {
    const config = await this.configuration();
    const flow: SsoFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      intent,
      expiresAt: now + FLOW_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { flow, url: url.href };
  }

  /**
   * Checks the provider's answer (`query`: the callback's query string) against `flow`, trades the code for
   * tokens, checks the ID token, and returns the person's email and whether the provider verified it.
   */
  async finish(flow: SsoFlow, query: URLSearchParams): Promise<SsoIdentity> {
    if (query.get('state') !== flow.state) throw new SsoError('expired', 'state does not match the flow cookie');
    const config = await this.configuration();
    // The URL as the provider sent the browser to it (behind a proxy the request's own Host may differ).
    const current = new URL(`${this.redirectUri}?${query}`);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw failure(err);
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoError('untrusted', 'no ID token');
    let email = claims.email;
    let verified = claims.email_verified;
    // Providers that keep the ID token small (oidc-provider, some Keycloak setups) give the email at userinfo.
    if (typeof email !== 'string') {
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified;
      } catch (err) {
        throw failure(err);
      }
    }
    if (typeof email !== 'string' || !email.includes('@')) throw new SsoError('no_email', 'no email claim');
    // Only the boolean true counts: anything else (absent, false, "true") is not a verified address.
    return { email: accountEmail(email), emailVerified: verified === true };
  }

  /**
   * The provider's metadata, discovered once; a failed discovery is forgotten so the next sign-in tries again
   * (a provider that was down at start does not need a restart).
   */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const { issuer, clientId, clientSecret } = this.settings;
      const execute = [oidc.enableNonRepudiationChecks];
      // Plain http is let through config.ts only for a provider on this machine.
      if (issuer.startsWith('http:')) execute.push(oidc.allowInsecureRequests);
      this.discovered = oidc
        .discovery(
          new URL(issuer),
          clientId,
          { client_secret: clientSecret },
          clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
          { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
        )
        .catch((err) => {
          this.discovered = undefined;
          throw new SsoError('unreachable', `discovery at ${issuer} failed: ${describe(err)}`);
        });
    }
    return this.discovered;
  }
}

/** An openid-client error as one of our reasons. */
function failure(err: unknown): SsoError {
  if (err instanceof SsoError) return err;
  if (err instanceof oidc.AuthorizationResponseError) return new SsoError('denied', describe(err), err.error);
  if (err instanceof oidc.ResponseBodyError && err.status < 500) return new SsoError('untrusted', describe(err));
  if (err instanceof oidc.ResponseBodyError) return new SsoError('unreachable', describe(err));
  const code = (err as { code?: string }).code;
  // fetch's own failure (refused, reset, DNS) is a TypeError; timeouts and 5xx pages have these codes.
  const unreachable =
    err instanceof TypeError ||
    code === 'OAUTH_TIMEOUT' ||
    code === 'OAUTH_ABORT' ||
    (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && ((err as { cause?: Response }).cause?.status ?? 0) >= 500);
  return new SsoError(unreachable ? 'unreachable' : 'untrusted', describe(err));
}

/** An error and its cause in one line, for the log. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  const extra = err instanceof oidc.ResponseBodyError ? ` (${err.error}: ${err.error_description ?? ''})` : '';
  return `${err.message}${extra}${cause}`;
}
