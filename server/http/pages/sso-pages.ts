// POST /admin/oidc/start and GET /admin/oidc/callback: the way out to the single sign-on provider and the way back,
// with a page in plain words for every way it can end without a sign-in.
import { audit } from '../audit.ts';
import type { ServerResponse } from 'node:http';
import type { RouteContext } from '../../lib/router.ts';
import { assertSameOrigin } from '../../lib/same-origin.ts';
import type { Services } from '../../core/services.ts';
import { sessionCookie } from '../../core/session-cookie.ts';
import type { SsoIntent } from '../../core/sso/flow-cookie.ts';
import { SsoError } from '../../core/sso/oidc-client.ts';
import { SsoRefused } from '../../core/sso/single-sign-on.ts';
import { escapeHtml, redirect, sendHtml } from '../respond.ts';
import { readForm, safeNext, signedInPath } from './account-pages.ts';
import { page } from './layout.ts';

const notConfigured = (res: ServerResponse) =>
  sendHtml(
    res,
    404,
    page(
      'Single sign-on is not set up',
      '<h1>Single sign-on is not set up here</h1><p><a href="/admin/login">Sign in</a></p>',
    ),
  );

/** POST /admin/oidc/start: the flow cookie, then off to the provider. */
export const ssoStart =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    if (!s.sso) return notConfigured(res);
    const form = await readForm(req);
    const kind = form.intent;
    const intent: SsoIntent =
      kind === 'invite' || kind === 'setup' || kind === 'reset'
        ? { kind, token: form.token ?? '' }
        : { kind: 'login', next: safeNext(form.next) };
    try {
      const { location, setCookie } = await s.sso.start(intent);
      res.setHeader('set-cookie', setCookie);
      redirect(res, 303, location);
    } catch (err) {
      failed(s, res, err);
    }
  };

/**
 * GET /admin/oidc/callback: the provider's answer. A sign-in sets the same session cookie as a password sign-in,
 * and then the browser goes on from a page of ours rather than by a redirect: the way back started on the provider's
 * site, and a browser keeps a SameSite=Strict cookie out of every request of such a navigation, redirects included,
 * so /admin/signed-in would not see it. A navigation this page starts is same-site, and the cookie goes with it.
 */
export const ssoCallback =
  (s: Services) =>
  async ({ req, res, query }: RouteContext) => {
    if (!s.sso) return notConfigured(res);
    try {
      const { session, next } = await s.sso.finish(req.headers.cookie, query);
      await audit(s, req, (await s.accounts.principal(session)) ?? null, 'sign_in.succeeded', {
        detail: { via: 'sso' },
      });
      res.setHeader('set-cookie', [sessionCookie(session, s.config.publicUrl), s.sso.endFlow()]);
      const to = signedInPath(next);
      sendHtml(
        res,
        200,
        page('Signed in', `<h1>Signed in</h1><p><a href="${escapeHtml(to)}">Continue to the panel</a></p>`, {
          noindex: true,
          refreshTo: to,
        }),
      );
    } catch (err) {
      res.setHeader('set-cookie', s.sso.endFlow());
      failed(s, res, err);
    }
  };

/** The page for a sign-in that did not happen. */
function failed(s: Services, res: ServerResponse, err: unknown) {
  const retry = '<a href="/admin/login">sign in again</a>';
  const withPassword = s.config.passwordLogin
    ? '<p>You can also <a href="/admin/login">sign in with your email and password</a>.</p>'
    : '';
  if (err instanceof SsoRefused) {
    const who = `<strong>${escapeHtml(err.email)}</strong>`;
    switch (err.reason) {
      case 'no_account':
        return show(
          res,
          403,
          'No account here',
          `<p>No account here for ${who}. Ask an owner to invite you.</p>` +
            '<p><a href="/admin/login">Back to sign-in</a></p>',
        );
      case 'unverified':
        return show(
          res,
          403,
          'Email address not verified',
          `<p>Your sign-in provider has not verified ${who}, so it cannot be used here. Verify the address ` +
            `there, then ${retry}.</p>`,
        );
      case 'link_used':
        return show(
          res,
          404,
          'This link no longer works',
          `<p>It was used already, has expired or was withdrawn. ${linkAdvice(err.intent)}</p>`,
        );
      case 'not_allowed':
        return show(res, 403, 'Not signed in', `<p>${who}: ${escapeHtml(err.problem ?? 'not allowed here')}.</p>`);
    }
  }
  if (err instanceof SsoError) {
    switch (err.reason) {
      case 'unreachable':
        return show(
          res,
          502,
          'Single sign-on is not reachable right now',
          `<p>Formstead could not reach your sign-in provider. Try again in a minute.</p>${withPassword}`,
        );
      case 'expired':
        return show(
          res,
          400,
          'This sign-in did not finish',
          '<p>It took longer than 10 minutes, was started in another tab or window, or was already used. ' +
            `Please ${retry}.</p>`,
        );
      case 'denied':
        return show(
          res,
          403,
          'Your sign-in provider did not sign you in',
          `<p>It answered “${escapeHtml(err.providerSays ?? 'no')}”. You can ${retry}.</p>`,
        );
      case 'untrusted':
        return show(
          res,
          400,
          'This sign-in could not be checked',
          "<p>The answer from your sign-in provider did not pass Formstead's checks, so nobody was signed in. " +
            `Please ${retry}; if it happens again, the server's log says why.</p>`,
        );
      case 'no_email':
        return show(
          res,
          403,
          'No email address from your sign-in provider',
          '<p>Formstead signs people in by their email address, and the provider did not give one. ' +
            "Ask whoever runs the provider to allow the <code>email</code> scope for Formstead's client.</p>",
        );
    }
  }
  throw err;
}

function linkAdvice(kind: SsoIntent['kind']): string {
  if (kind === 'invite') return 'Ask for a new invite.';
  if (kind === 'reset') return 'Run <code>formstead admin-link</code> on the server for a new one.';
  if (kind === 'setup') return 'Restart the server for a new setup link, or <a href="/admin/login">sign in</a>.';
  return '<a href="/admin/login">Sign in</a>';
}

function show(res: ServerResponse, status: number, title: string, body: string) {
  sendHtml(res, status, page(title, `<h1>${escapeHtml(title)}</h1>${body}`, { noindex: true }));
}
