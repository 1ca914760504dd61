// GET /f/{id}/thanks: the success page a browser form post is sent to (303) when no redirect_url is set.
// It shows the renderer's own success screen (client/renderer/success), rendered here to HTML. With a
// signed `?r=` (core/thanks-links.ts) the success message pipes that submission's answers, as text; with `?e=`
// the chosen ending's message stands in for the success message.
import { h } from 'preact';
import { Success } from '../../../client/renderer/success/success.ts';
import { pipeText } from '../../../shared/engine/index.ts';
import { thanksSubmissionId } from '../../core/thanks-links.ts';
import { editPagePath } from '../../core/edits/edit-links.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { hostedDocument, pageHeader } from './hosted-layout.ts';
import { viewOrNotFound } from './hosted-page.ts';
import { renderHtml } from './render-html.ts';

/**
 * Shows the form's title, the success screen with its message, "Submit another response" when allowed,
 * and "Back to <host>" after a form post from another site.
 */
export const thanksPage = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx, true);
  if (!view) return;
  // `e` names the ending the answers led to (its message is public in the definition, so naming another one
  // shows nothing private); without it, or for an id the form has no more, the success message.
  const ending = view.definition.endings?.find((e) => e.id === ctx.query.get('e'));
  const message = ending?.message ?? view.success_message;
  // The view already drops redirect_url for unclaimed forms; spec 2.11: no "another" while a redirect is set.
  const edit = await editLink(s, view.form_id, ctx.query.get('edit'));
  const success = h(Success, {
    message: pipeText(view.definition, message, await pipedValues(s, view.form_id, ctx.query.get('r'))),
    allowAnother: view.allow_another_response && !view.redirect_url,
    anotherHref: `/f/${encodeURIComponent(view.form_id)}`,
    children: edit,
  });
  const title = view.definition.title || 'Thank you';
  // After a plain form post from another site: a way back there (signed, so no one can make it point elsewhere).
  const back = s.backLinks.read(view.form_id, ctx.query);
  const backLink = back
    ? `<p class="fs-back-link"><a href="${escapeHtml(back.href)}">Back to ${escapeHtml(back.host)}</a></p>`
    : '';
  // Embeddable: a form posted without JavaScript inside the embed's iframe lands here.
  sendHtml(
    ctx.res,
    200,
    hostedDocument({
      title,
      body: pageHeader(title) + renderHtml(success) + backLink,
      noindex: view.unclaimed || edit !== null,
      theme: view.theme,
    }),
    // A page carrying a private edit link is never stored by a cache.
    { embeddable: true, headers: edit ? { 'cache-control': 'no-store' } : {} },
  );
};

/**
 * The private edit link a page without JavaScript was sent here with (`?edit=<token>`, allow_edit_days), shown as
 * "Change your answer" while it works; nothing for a bad or expired one.
 */
async function editLink(s: Services, formId: string, token: string | null) {
  if (!token) return null;
  const open = await s.edits.links.open(formId, token).catch(() => undefined);
  if (!open) return null;
  const until = open.expiresAt.slice(0, 10);
  return h(
    'p',
    { class: 'fs-edit-link' },
    h('a', { href: editPagePath(formId, token) }, 'Change your answer'),
    ' ',
    h('span', null, `A private link that works until ${until}: keep it to yourself.`),
  );
}

/** The answers a signed thank-you link stands for; none for a missing, foreign or expired link or a spam post. */
async function pipedValues(s: Services, formId: string, token: string | null): Promise<Record<string, unknown>> {
  const id = thanksSubmissionId(s.secret, formId, token);
  if (id === undefined) return {};
  const { form } = await s.publicForms.load(formId);
  const submission = await s.reads.one(form, id).catch(() => undefined);
  return submission?.values ?? {};
}
