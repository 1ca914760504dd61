// The page behind `formstead admin-link`: an owner who lost their password sets a new one.
import { ApiError } from '../../lib/api-error.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sessionCookie } from '../../core/session-cookie.ts';
import { escapeHtml, redirect, sendHtml } from '../respond.ts';
import { assertSameOrigin } from '../../lib/same-origin.ts';
import { readForm, refusedPassword, signedInPath } from './account-pages.ts';
import { input, page, problems } from './layout.ts';
import { ssoButton } from './sso-button.ts';

const resetForm = (token: string, email = '', errors: string[] = []) =>
  page(
    'Set a new password',
    `<h1>Set a new password</h1><p>For an owner of this Formstead. This link works once.</p>${problems(errors)}` +
      `<form method="post" action="/admin/reset"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `${input('email', 'Owner email', 'email', email)}` +
      `${input('password', 'New password (at least 10 characters)', 'password')}` +
      '<button type="submit">Set password and sign in</button></form>',
  );

/**
 * With password sign-in off there is no password to set: the link lets the address the provider verifies in as an
 * owner (AccountService.ownerByVerifiedEmail).
 */
const ssoResetPage = (s: Services, token: string) =>
  page(
    'Sign in as an owner',
    '<h1>Sign in as an owner</h1><p>This server signs people in through single sign-on only. Sign in with the ' +
      'address that should own this Formstead: it becomes an owner (a new account if it has none). ' +
      `This link works once.</p>${ssoButton(s, { intent: 'reset', token })}`,
  );

/** Problems named by the form's labels rather than field keys (people read this page, not programs). */
const inWords = (details: string[]) =>
  details.map((d) => d.replace(/^email: /, 'Owner email: ').replace(/^password: /, 'New password: '));

const usedPage = () =>
  page(
    'Link used',
    '<h1>This link was used, has expired or is unknown</h1><p>Run <code>formstead admin-link</code> on the server ' +
      'for a new one, or <a href="/admin/login">sign in</a>.</p>',
  );

/** GET /admin/reset?token=…: the new-password form. */
export const resetPage =
  (s: Services) =>
  async ({ res, query }: RouteContext) => {
    const token = query.get('token') ?? '';
    if (!(await s.accounts.resetLinkValid(token))) return sendHtml(res, 404, usedPage());
    sendHtml(res, 200, s.config.passwordLogin ? resetForm(token) : ssoResetPage(s, token));
  };

/** POST /admin/reset: sets the password, signs the owner in, and the link stops working. */
export const resetSubmit =
  (s: Services) =>
  async ({ req, res }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const form = await readForm(req);
    if (refusedPassword(s, res, { intent: 'reset', token: form.token ?? '' })) return;
    try {
      const session = await s.accounts.resetOwnerPassword(form.token ?? '', form.email ?? '', form.password ?? '');
      res.setHeader('set-cookie', sessionCookie(session, s.config.publicUrl));
      redirect(res, 303, signedInPath('/admin'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        return sendHtml(res, 422, resetForm(form.token ?? '', form.email, inWords(err.details)));
      if (err instanceof ApiError && err.status === 404) return sendHtml(res, 404, usedPage());
      throw err;
    }
  };
