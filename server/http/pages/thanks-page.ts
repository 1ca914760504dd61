// GET /f/{id}/thanks: the success page a browser form post is sent to (303) when no redirect_url is set.
// It shows the renderer's own success screen (client/renderer/success), rendered here to HTML.
import { h } from 'preact';
import { Success } from '../../../client/renderer/success/success.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { sendHtml } from '../respond.ts';
import { hostedDocument, pageHeader } from './hosted-layout.ts';
import { viewOrNotFound } from './hosted-page.ts';
import { renderHtml } from './render-html.ts';

/** Shows the form's title, the success screen with its message, and "Submit another response" when allowed. */
export const thanksPage = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx, true);
  if (!view) return;
  // The view already drops redirect_url for unclaimed forms; spec 2.11: no "another" while a redirect is set.
  const success = h(Success, {
    message: view.success_message ?? undefined,
    allowAnother: view.allow_another_response && !view.redirect_url,
    anotherHref: `/f/${encodeURIComponent(view.form_id)}`,
  });
  const title = view.definition.title || 'Thank you';
  // Embeddable: a form posted without JavaScript inside the embed's iframe lands here.
  sendHtml(
    ctx.res,
    200,
    hostedDocument({
      title,
      body: pageHeader(title) + renderHtml(success),
      noindex: view.unclaimed,
      theme: view.theme,
    }),
    { embeddable: true },
  );
};
