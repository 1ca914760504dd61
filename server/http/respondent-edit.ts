// POST /v1/f/{id}/edit/{token}: a respondent's edit of their answer through its private link (ARCHITECTURE.md
// Wave 4), as JSON (the hosted page's script, 200 `{id, values, ending, revision}`) or a browser's form post (303
// to the thank-you page). Rate limited like a submit; refusals in spec 7's shape, or a page for a browser.
import { ApiError } from '../lib/api-error.ts';
import { isMultipart } from '../lib/form-body.ts';
import { clientIp } from '../lib/client-ip.ts';
import type { RouteContext } from '../lib/router.ts';
import type { Services } from '../core/services.ts';
import {
  answerCors,
  corsHeaders,
  readMultipartSubmission,
  readSubmission,
  refusalPage,
  replayedCors,
  wantsHtml,
} from './respondent.ts';
import { redirect, sendHtml, sendJsonText } from './respond.ts';
import { submitLimits } from './submit-limits.ts';

/** The edit endpoint. */
export const submitEdit =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const browserPost = wantsHtml(req);
    try {
      await s.rateLimits.take(...(await submitLimits(s, req, params.id, clientIp(req, s.config.trustProxy))));
      const received: string[] = [];
      try {
        // A page without JavaScript posts multipart when the form has file fields: an edit keeps the stored
        // files, so whatever was sent along is removed at once.
        const input = isMultipart(req.headers['content-type'] ?? '')
          ? await readMultipartSubmission(s, req, params.id, received)
          : await readSubmission(req, params.id);
        const result = await s.edits.edit({ ...input, token: params.token });
        if (browserPost) {
          const query = [`edit=${encodeURIComponent(params.token)}`, 'edited=1'];
          if (result.body.ending) query.push(`e=${encodeURIComponent(result.body.ending)}`);
          return redirect(res, 303, `/f/${encodeURIComponent(result.form.id)}/thanks?${query.join('&')}`);
        }
        // A script's answer, as the respondent's 201 (respond.ts, jsonHeaders): no page or preflight headers.
        sendJsonText(
          res,
          result.status,
          JSON.stringify(result.body),
          result.replayed ? replayedCors : answerCors,
          'script',
        );
      } finally {
        if (received.length) await s.files.delete(received).catch(() => {});
      }
    } catch (err) {
      if (err instanceof ApiError) {
        if (browserPost)
          return sendHtml(res, err.status, await refusalPage(s, err, params.id, req), { embeddable: true });
        Object.assign(err.headers, corsHeaders);
      }
      throw err;
    }
  };
