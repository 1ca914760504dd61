// GET/POST /f/{id}/report: anyone may report a form as abusive. The page carries a token bound to the
// form and the reporter's network, and refuses framing, so another site can neither forge reports
// through its visitors nor trick them into clicking (see core/reports.ts for what a report does).
import { readFormFields } from '../../lib/form-body.ts';
import type { RouteContext } from '../../lib/router.ts';
import type { Services } from '../../core/services.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { escapeHtml, sendHtml } from '../respond.ts';
import { hostedDocument } from './hosted-layout.ts';
import { viewOrNotFound } from './hosted-page.ts';

const heading = (text: string) => `<h1 class="fs-step-title">${text}</h1>`;

/** GET /f/{id}/report: what reporting means, and the button. */
export const reportPage = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx);
  if (!view) return;
  const id = escapeHtml(encodeURIComponent(view.form_id));
  const token = s.reports.token(view.form_id, clientIp(ctx.req, s.config.trustProxy));
  const body =
    heading('Report this form') +
    '<p>Report forms that ask for passwords or payment details, impersonate someone, spread malware or spam. ' +
    'The administrators of this Formstead server review reports.' +
    (view.unclaimed ? ' An unclaimed form reported from several places is paused at once.' : '') +
    '</p>' +
    `<form class="fs-form" method="post" action="/f/${id}/report"><input type="hidden" name="token" ` +
    `value="${escapeHtml(token)}">` +
    `<div class="fs-actions"><a class="fs-btn fs-btn-text" href="/f/${id}">Back to the form</a>` +
    '<span class="fs-actions-end"><button type="submit" class="fs-btn fs-btn-primary">Report this form</button>' +
    '</span></div></form>';
  sendHtml(ctx.res, 200, hostedDocument({ title: 'Report a form', body, noindex: true }));
};

/** POST /f/{id}/report: stores the report; the form may be paused by moderation as a result. */
export const reportSubmit = (s: Services) => async (ctx: RouteContext) => {
  const view = await viewOrNotFound(s, ctx);
  if (!view) return;
  const ip = clientIp(ctx.req, s.config.trustProxy);
  await s.rateLimits.take([s.rateLimits.submitPerIp, ip]);
  const fields = await readFormFields(ctx.req);
  if (!s.reports.validToken(view.form_id, ip, fields.token)) {
    const reportHref = `/f/${escapeHtml(encodeURIComponent(view.form_id))}/report`;
    const again = `<p><a href="${reportHref}">Open the report page again</a></p>`;
    return sendHtml(
      ctx.res,
      400,
      hostedDocument({
        title: 'Report not sent',
        body:
          `${heading('Report not sent')}<p>This report page is too old or was not opened from this network.</p>` +
          `${again}`,
        noindex: true,
      }),
    );
  }
  await s.reports.report(view.form_id, ip);
  sendHtml(
    ctx.res,
    200,
    hostedDocument({
      title: 'Report received',
      body:
        `${heading('Thank you')}<p role="status">Your report was received. ` +
        'The administrators of this Formstead server will look at it.</p>',
      noindex: true,
    }),
  );
};
