// oidc-provider ships no types: the little of it the single sign-on suites use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  /** Koa's context, as far as the suites read and change it. */
  export interface ProviderContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
    oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider };
  }

  /** A grant of scopes to a client (used to skip the consent screen). */
  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** An OpenID provider (a Koa application). */
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (fields: {
      clientId: string;
      accountId: string;
    }) => Grant;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
    listen(port: number, host: string, callback: () => void): Server;
  }
}
