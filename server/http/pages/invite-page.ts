// GET/POST /admin/invite/{token}: taking up a workspace invite, either by creating an account (the
// role comes from the invite) or, signed in, by joining with the account one has.
import { ApiError } from '../../lib/api-error.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sessionCookie, sessionToken } from '../../core/session-cookie.ts';
import { escapeHtml, redirect, sendHtml } from '../respond.ts';
import { readForm, refusedPassword, signedInPath } from './account-pages.ts';
import { input, page, problems } from './layout.ts';
import { orWithPassword, ssoButton } from './sso-button.ts';
import { assertSameOrigin } from '../../lib/same-origin.ts';

const gone = () =>
  page(
    'Invite not valid',
    '<h1>This invite link is not valid</h1><p>It was used already, has expired or was withdrawn. ' +
      'Ask for a new one.</p>',
    { noindex: true },
  );

type Invite = NonNullable<Awaited<ReturnType<Services['members']['inviteByToken']>>>;

function invitePageHtml(
  s: Services,
  token: string,
  invite: Invite,
  signedInAs: string | undefined,
  email = '',
  errors: string[] = [],
) {
  const here = `/admin/invite/${encodeURIComponent(token)}`;
  const head =
    `<h1>Join “${escapeHtml(invite.workspaceName)}”</h1><p>You are invited as ` +
    `<strong>${escapeHtml(invite.role)}</strong>.</p>${problems(errors)}`;
  if (signedInAs) {
    return page(
      'Join a workspace',
      `${head}<form method="post" action="${here}"><input type="hidden" name="action" value="join">` +
        `<p class="muted">Signed in as ${escapeHtml(signedInAs)}.</p>` +
        '<button type="submit">Join workspace</button></form>',
      { noindex: true },
    );
  }
  const passwordForm = s.config.passwordLogin
    ? `<form method="post" action="${here}">` +
      `${input('email', 'Email', 'email', email)}` +
      `${input('password', 'Password (at least 10 characters)', 'password')}` +
      '<button type="submit">Create account and join</button></form><p class="muted">Have an account? ' +
      `<a href="/admin/login?next=${encodeURIComponent(here)}">Sign in</a>, then open this link again.</p>`
    : '';
  return page(
    'Join a workspace',
    head +
      (s.sso ? '<p>Join with the address your sign-in provider gives (your account if it has one).</p>' : '') +
      ssoButton(s, { intent: 'invite', token }) +
      orWithPassword(s, 'Or create an account with an email and password:') +
      passwordForm,
    { noindex: true },
  );
}

/** Shows the invite: a join button when signed in, else a sign-up form. */
export const invitePage =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const invite = await s.members.inviteByToken(params.token);
    if (!invite) return sendHtml(res, 404, gone());
    const session = await s.accounts.session(sessionToken(req));
    sendHtml(res, 200, invitePageHtml(s, params.token, invite, session?.user.email));
  };

/** Joins (signed in) or creates the account and signs it in; then opens the panel in that workspace. */
export const inviteSubmit =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    assertSameOrigin(req, s.config.publicUrl);
    const invite = await s.members.inviteByToken(params.token);
    if (!invite) return sendHtml(res, 404, gone());
    const form = await readForm(req);
    const session = await s.accounts.session(sessionToken(req));
    const next = `/admin?workspace=${encodeURIComponent(invite.workspaceId)}`;
    if (form.action === 'join' && session) {
      await s.members.acceptAsUser(params.token, session.user.id);
      return redirect(res, 303, next);
    }
    if (refusedPassword(s, res, { intent: 'invite', token: params.token })) return;
    try {
      const token = await s.members.acceptWithNewAccount(params.token, form.email ?? '', form.password ?? '');
      res.setHeader('set-cookie', sessionCookie(token, s.config.publicUrl));
      redirect(res, 303, signedInPath(next));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 422 || err.status === 409)) {
        return sendHtml(
          res,
          err.status,
          invitePageHtml(
            s,
            params.token,
            invite,
            session?.user.email,
            form.email,
            err.details.map((d) => d.replace(/^\w+: /, '')),
          ),
        );
      }
      throw err;
    }
  };
