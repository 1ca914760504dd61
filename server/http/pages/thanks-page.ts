// GET /f/{id}/thanks: the success page a browser form post is sent to (303) when no redirect_url is set.
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { hostedDocument } from './hosted-layout.ts';
import { viewOrNotFound } from './hosted-page.ts';

/** Shows the form's success message, and "Submit another response" when the form allows it. */
export const thanksPage = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx, true);
  if (!view) return;
  const message = view.success_message || 'Thank you. Your response was sent.';
  // The view already drops redirect_url for unclaimed forms; spec 2.11: no "another" while a redirect is set.
  const another =
    view.allow_another_response && !view.redirect_url
      ? `<a class="fs-btn fs-btn-secondary" href="/f/${escapeHtml(encodeURIComponent(view.form_id))}">Submit another response</a>`
      : '';
  const body = `<div class="fs-success" role="status"><p class="fs-success-message">${escapeHtml(message)}</p>${another}</div>`;
  // Embeddable: a form posted without JavaScript inside the embed's iframe lands here.
  sendHtml(ctx.res, 200, hostedDocument({ title: view.definition.title || 'Thank you', body, noindex: view.unclaimed }), { embeddable: true });
};
