// Single sign-on to the panel: who gets in with an address the provider verified (ARCHITECTURE.md "Who gets in").
// A member's address signs in; an invite link, the one-time setup link and the admin-link take the address
// through their own rules (MemberService, AccountService). Everyone else is refused with the address named.
import { ApiError } from '../../lib/api-error.ts';
import type { AccountService } from '../accounts.ts';
import type { MemberService } from '../members.ts';
import { FlowCookie, type SsoIntent } from './flow-cookie.ts';
import { OidcClient, SsoError } from './oidc-client.ts';

/** Why a verified-or-not address did not get in; the pages say each in words, naming the address. */
export type SsoRefusal =
  | 'unverified' // the provider has not verified the address
  | 'no_account' // no member has it and no invite came with it
  | 'link_used' // the invite, setup or admin-link link was used, expired or withdrawn meanwhile
  | 'not_allowed'; // the link's own rule said no (`problem` says which)

/** A sign-in that reached the provider and back but does not get in. */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly email: string,
    readonly intent: SsoIntent['kind'],
    readonly problem?: string,
  ) {
    super(`${reason}: ${email}`);
  }
}

/** The panel's single sign-on: the way out (start) and the way back (finish). */
export class SingleSignOn {
  private readonly client: OidcClient;
  private readonly cookie: FlowCookie;

  constructor(
    /** The button's text. */
    readonly name: string,
    settings: ConstructorParameters<typeof OidcClient>[0],
    publicUrl: string,
    secret: string,
    private readonly accounts: AccountService,
    private readonly members: MemberService,
    /** Where the reasons of failed sign-ins go (the pages never show them). */
    private readonly log: (line: string) => void,
  ) {
    this.client = new OidcClient(settings, `${publicUrl}/admin/oidc/callback`);
    this.cookie = new FlowCookie(secret, publicUrl);
  }

  /** The address to register at the provider. */
  get redirectUri(): string {
    return this.client.redirectUri;
  }

  /**
   * Where to send the browser for `intent`, with the flow cookie to set. A link that no longer works is refused
   * here, before the trip to the provider.
   */
  async start(intent: SsoIntent): Promise<{ location: string; setCookie: string }> {
    if (!(await this.linkStillWorks(intent))) throw new SsoRefused('link_used', '', intent.kind);
    const { flow, url } = await this.client.start(intent).catch((err) => this.logged(err));
    return { location: url, setCookie: this.cookie.setCookie(flow) };
  }

  /** The Set-Cookie value that ends the flow (sent with every answer of the way back: a flow is used once). */
  endFlow(): string {
    return this.cookie.setCookie(undefined);
  }

  /**
   * The way back: checks the provider's answer against this browser's flow cookie and lets the verified address
   * in. Returns the new session's token and where to go; throws SsoError or SsoRefused.
   */
  async finish(cookieHeader: string | undefined, query: URLSearchParams): Promise<{ session: string; next: string }> {
    const flow = this.cookie.read(cookieHeader);
    if (!flow)
      this.logged(new SsoError('expired', 'no valid flow cookie (missing, tampered or older than 10 minutes)'));
    const { email, emailVerified } = await this.client.finish(flow, query).catch((err) => this.logged(err));
    const intent = flow.intent;
    if (!emailVerified) throw new SsoRefused('unverified', email, intent.kind);
    try {
      switch (intent.kind) {
        case 'login': {
          const session = await this.accounts.signInVerified(email);
          if (!session) throw new SsoRefused('no_account', email, intent.kind);
          return { session, next: intent.next };
        }
        case 'invite': {
          const invite = await this.members.inviteByToken(intent.token);
          if (!invite) throw new SsoRefused('link_used', email, intent.kind);
          const session = await this.members.acceptWithVerifiedEmail(intent.token, email);
          return { session, next: `/admin?workspace=${encodeURIComponent(invite.workspaceId)}` };
        }
        case 'setup':
          return { session: await this.accounts.setupOwnerVerified(intent.token, email), next: '/admin' };
        case 'reset':
          return { session: await this.accounts.ownerByVerifiedEmail(intent.token, email), next: '/admin' };
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw new SsoRefused('link_used', email, intent.kind);
      if (err instanceof ApiError && err.status === 422)
        throw new SsoRefused('not_allowed', email, intent.kind, err.details[0]?.replace(/^\w+: /, ''));
      throw err;
    }
  }

  /** Logs why the provider's part failed, then throws it on. */
  private logged(err: unknown): never {
    if (err instanceof SsoError) this.log(`single sign-on: ${err.message}`);
    throw err;
  }

  private async linkStillWorks(intent: SsoIntent): Promise<boolean> {
    switch (intent.kind) {
      case 'login':
        return true;
      case 'invite':
        return (await this.members.inviteByToken(intent.token)) !== undefined;
      case 'setup':
        return this.accounts.setupTokenValid(intent.token);
      case 'reset':
        return this.accounts.resetLinkValid(intent.token);
    }
  }
}
