// Server-rendered setup and sign-in pages: the way in before the admin panel takes over.
import { audit } from '../audit.ts';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../lib/api-error.ts';
import { readFormFields } from '../../lib/form-body.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sessionCookie, sessionToken } from '../../core/session-cookie.ts';
import type { ServerResponse } from 'node:http';
import { escapeHtml, redirect, sendHtml } from '../respond.ts';
import { input, page, problems } from './layout.ts';
import { orWithPassword, ssoButton, type SsoStart } from './sso-button.ts';
import { assertSameOrigin } from '../../lib/same-origin.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { accountEmail } from '../../core/account-email.ts';

/** Reads a urlencoded form post into single string values. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const fields = await readFormFields(req);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/**
 * Only same-site paths are followed after sign-in, so `next` cannot send people elsewhere. The value
 * is resolved as a browser would (which drops tabs and newlines and reads `\\` as `/`), and kept only
 * when it stays on this origin; the answer is the normalised path, safe for a Location header.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return '/admin';
  try {
    const base = 'http://formstead.invalid';
    const url = new URL(next, base);
    return url.origin === base ? url.pathname + url.search + url.hash : '/admin';
  } catch {
    return '/admin';
  }
}

/** Where sign-in and setup send the browser: /admin/signed-in checks the cookie was kept, then goes on to `next`. */
export const signedInPath = (next: string) => `/admin/signed-in?next=${encodeURIComponent(safeNext(next))}`;

/**
 * With FORMSTEAD_PASSWORD_LOGIN=off, a form post that would take a password answers 403 with a page that says so
 * and offers single sign-on instead; true when it did.
 */
export function refusedPassword(s: Services, res: ServerResponse, start: SsoStart): boolean {
  if (s.config.passwordLogin) return false;
  sendHtml(
    res,
    403,
    page(
      'Password sign-in is off',
      '<h1>Password sign-in is off</h1><p>This server signs people in through single sign-on only.</p>' +
        ssoButton(s, start),
    ),
  );
  return true;
}

/** The owner setup page: single sign-on (when set up) and the email and password form (unless turned off). */
const setupForm = (s: Services, token: string, email = '', errors: string[] = []) =>
  page(
    'Set up Formstead',
    `<h1>Create the owner account</h1>${problems(errors)}` +
      (s.sso ? '<p>The address your sign-in provider gives becomes the owner account.</p>' : '') +
      ssoButton(s, { intent: 'setup', token }) +
      orWithPassword(s, 'Or create it with an email and password:') +
      (s.config.passwordLogin
        ? '<form method="post" action="/admin/setup">' +
          `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
          `${input('email', 'Email', 'email', email)}` +
          `${input('password', 'Password (at least 10 characters)', 'password')}` +
          '<button type="submit">Create account</button></form>'
        : ''),
  );

/** GET /admin/setup?token=…: the one-time owner setup form. */
export const setupPage =
  (s: Services) =>
  async ({ res, query }: RouteContext) => {
    const token = query.get('token') ?? '';
    if (!(await s.accounts.setupTokenValid(token)))
      return sendHtml(
        res,
        404,
        page(
          'Setup link used',
          '<h1>This setup link was used or is unknown</h1><p><a href="/admin/login">Sign in</a></p>',
        ),
      );
    sendHtml(res, 200, setupForm(s, token));
  };

/** POST /admin/setup: creates the owner and signs them in. */
export const setupSubmit =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const form = await readForm(req);
    if (refusedPassword(s, res, { intent: 'setup', token: form.token ?? '' })) return;
    try {
      const token = await s.accounts.setupOwner(form.token ?? '', form.email ?? '', form.password ?? '');
      res.setHeader('set-cookie', sessionCookie(token, s.config.publicUrl));
      redirect(res, 303, signedInPath('/admin'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        return sendHtml(res, 422, setupForm(s, form.token ?? '', form.email, err.details));
      throw err;
    }
  };

/** The sign-in page: single sign-on (when set up) and the email and password form (unless turned off). */
const loginForm = (s: Services, next: string, email = '', errors: string[] = []) =>
  page(
    'Sign in',
    `<h1>Sign in to Formstead</h1>${problems(errors)}${ssoButton(s, { intent: 'login', next })}` +
      orWithPassword(s, 'Or sign in with your email and password:') +
      (s.config.passwordLogin
        ? '<form method="post" action="/admin/login">' +
          `<input type="hidden" name="next" value="${escapeHtml(next)}">` +
          `${input('email', 'Email', 'email', email)}${input('password', 'Password', 'password')}` +
          '<button type="submit">Sign in</button></form>'
        : ''),
  );

/** GET /admin/login. */
export const loginPage =
  (s: Services) =>
  ({ res, query }: RouteContext) =>
    sendHtml(res, 200, loginForm(s, safeNext(query.get('next'))));

/** POST /admin/login: a session cookie and back to `next`. */
export const loginSubmit =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    await s.rateLimits.take([s.rateLimits.loginPerIp, clientIp(req, s.config.trustProxy)]);
    const form = await readForm(req);
    if (refusedPassword(s, res, { intent: 'login', next: safeNext(form.next) })) return;
    await s.rateLimits.take([s.rateLimits.loginPerEmail, accountEmail(form.email ?? '')]);
    try {
      const token = await s.accounts.login(form.email ?? '', form.password ?? '');
      await audit(s, req, (await s.accounts.principal(token)) ?? null, 'sign_in.succeeded');
      res.setHeader('set-cookie', sessionCookie(token, s.config.publicUrl));
      redirect(res, 303, signedInPath(form.next ?? ''));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        await s.audit.failedSignIn(form.email ?? '', clientIp(req, s.config.trustProxy));
        return sendHtml(
          res,
          401,
          loginForm(
            s,
            safeNext(form.next),
            form.email,
            err.details.map((d) => d.replace(/^credentials: /, '')),
          ),
        );
      }
      throw err;
    }
  };

/** POST /admin/logout. */
export const logout =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const token = sessionToken(req);
    if (token) await s.accounts.logout(token);
    res.setHeader('set-cookie', sessionCookie('', s.config.publicUrl));
    redirect(res, 303, '/admin/login');
  };
