// The single sign-on button of the sign-in, setup, admin-link and invite pages: a small form that posts what the
// sign-in is for to /admin/oidc/start (a POST, so another site cannot start one in a person's name).
import type { Services } from '../../core/services.ts';
import { escapeHtml } from '../respond.ts';

/** What a sign-in through the provider is for, as the start form's fields. */
export type SsoStart = { intent: 'login'; next: string } | { intent: 'invite' | 'setup' | 'reset'; token: string };

/** The button (empty when single sign-on is not configured). */
export function ssoButton(s: Services, start: SsoStart): string {
  if (!s.sso) return '';
  const fields = Object.entries(start)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return (
    `<form method="post" action="/admin/oidc/start" class="sso">${fields}` +
    `<button type="submit">${escapeHtml(s.sso.name)}</button></form>`
  );
}

/** The line between the button and a password form, when the page has both. */
export const orWithPassword = (s: Services, words: string) =>
  s.sso && s.config.passwordLogin ? `<p class="muted or">${escapeHtml(words)}</p>` : '';
