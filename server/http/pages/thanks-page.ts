// GET /f/{id}/thanks: the success page a browser form post is sent to (303) when no redirect_url is set.
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { hostedDocument, pageHeader } from './hosted-layout.ts';
import { viewOrNotFound } from './hosted-page.ts';

/** The success screen the renderer draws (client/renderer/success), as HTML: icon, heading, message, another. */
const icon =
  '<svg class="fs-success-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" stroke-width="3"/>' +
  '<path d="M14 24.5l7 7 13-14" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Shows the form's title, the success screen with its message, and "Submit another response" when allowed. */
export const thanksPage = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx, true);
  if (!view) return;
  const message = view.success_message || 'Your response was sent.';
  // The view already drops redirect_url for unclaimed forms; spec 2.11: no "another" while a redirect is set.
  const another =
    view.allow_another_response && !view.redirect_url
      ? `<a class="fs-btn fs-btn-secondary" href="/f/${escapeHtml(encodeURIComponent(view.form_id))}">Submit another response</a>`
      : '';
  const title = view.definition.title || 'Thank you';
  const body =
    pageHeader(title) +
    `<div class="fs-success" role="status">${icon}<h2 class="fs-success-title">Thank you!</h2><p class="fs-success-message">${escapeHtml(message)}</p>${another}</div>`;
  // Embeddable: a form posted without JavaScript inside the embed's iframe lands here.
  sendHtml(ctx.res, 200, hostedDocument({ title, body, noindex: view.unclaimed, theme: view.theme }), { embeddable: true });
};
