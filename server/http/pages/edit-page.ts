// GET /f/{id}/edit/{token}: a respondent's answer opened through its private edit link (core/edits/), the hosted
// page filled with the stored values and posting to POST /v1/f/{id}/edit/{token}. A bad or expired link gets a
// page saying so (404 or 410), never the form.
import { ApiError } from '../../lib/api-error.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { hostedDocument } from './hosted-layout.ts';
import { sendHostedPage, viewOrNotFound } from './hosted-page.ts';

/** The edit page. */
export const editPage = (s: Services) => async (ctx: RouteContext) => {
  const embed = ctx.query.get('embed') === '1';
  let values: Record<string, unknown>;
  let notice: string;
  try {
    const open = await s.edits.links.open(ctx.params.id, ctx.params.token);
    values = open.submission.values;
    notice =
      `You are changing the answer you sent on ${open.submission.createdAt.slice(0, 10)}. Sending replaces it ` +
      `(the form's owner keeps the earlier version). This private link works until ${open.expiresAt.slice(0, 10)}.`;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const title = err.status === 410 ? 'This edit link has expired' : 'This edit link is not valid';
    const body =
      `<h1 class="fs-step-title">${escapeHtml(title)}</h1>` +
      `<p>${escapeHtml(err.details[0]?.replace(/^[\w.]+: /, '') ?? '')}</p>` +
      '<p>Your answer was kept as you sent it. Ask the form’s owner if something in it must change.</p>';
    return sendHtml(ctx.res, err.status, hostedDocument({ title, body, noindex: true, embed }), {
      embeddable: embed,
      headers: { 'cache-control': 'no-store' },
    });
  }
  const view = await viewOrNotFound(s, ctx, embed);
  if (!view) return;
  const action = `/v1/f/${encodeURIComponent(view.form_id)}/edit/${encodeURIComponent(ctx.params.token)}`;
  sendHostedPage(ctx, view, embed, { values, action, notice });
};
