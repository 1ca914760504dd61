// The respondent endpoint `POST /v1/f/{id}` and the public definition (ARCHITECTURE.md "Forms,
// versions, claims"): no key, CORS open, JSON or an HTML form post.
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from '../lib/api-error.ts';
import { isMultipart, parseFormBody } from '../lib/form-body.ts';
import { closeAfterAnswer, MAX_BODY_BYTES, parseJsonObject, readBody } from '../lib/http-body.ts';
import { readMultipart, type FormFields } from '../lib/multipart.ts';
import type { RouteContext } from '../lib/router.ts';
import { HONEYPOT_FIELD, RENDER_TOKEN_FIELD } from '../core/antispam.ts';
import { PARTIAL_SESSION_FIELD } from '../core/partials/partial-service.ts';
import { acceptLanguages, chooseLanguage } from '../../shared/definition/translations.ts';
import { message } from '../../shared/engine/i18n/index.ts';
import { allFields } from '../../shared/engine/index.ts';
import type { Services } from '../core/services.ts';
import { bodyHash, type SubmitInput, type SubmitResult } from '../core/submissions.ts';
import { readVisitHint, VISIT_HEADER } from '../core/stats/visit-hint.ts';
import { thanksToken } from '../core/thanks-links.ts';
import { followsRedirect } from '../core/unclaimed.ts';
import { gotchaHoneypot, mailHeaders, nextAddress, type PostExtras, takeReserved } from '../core/form-post.ts';
import { clientIp } from '../lib/client-ip.ts';
import { submitLimits } from './submit-limits.ts';
import { hostedDocument } from './pages/hosted-layout.ts';
import { escapeHtml, redirect, sendAsset, sendHtml, sendJsonText } from './respond.ts';

/** CORS for the public endpoints: any site may post answers or read a definition. */
export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': `content-type, idempotency-key, ${VISIT_HEADER}`,
  'access-control-max-age': '86400',
};

/**
 * CORS of an answer to a script's post (not a preflight): the origin is all a response needs; the methods,
 * headers and max-age are read from the preflight's answer only (Fetch standard, "CORS check").
 */
export const answerCors = { 'access-control-allow-origin': '*' };
/** The same, on a replay of an earlier post (its Idempotency-Key). */
export const replayedCors = { ...answerCors, 'idempotent-replayed': 'true' };

/** OPTIONS /v1/f/{id}: the CORS preflight answers 204. */
export const preflight =
  (_s: Services) =>
  ({ res }: RouteContext) => {
    res.writeHead(204, corsHeaders);
    res.end();
  };

/** POST /v1/f/{id}: load, check, evaluate, store, answer (201 JSON, or 303 for a browser form post). */
export const submit =
  (s: Services) =>
  async ({ req, res, params }: RouteContext) => {
    const browserPost = wantsHtml(req);
    try {
      const ip = clientIp(req, s.config.trustProxy);
      // A respondent's post (no key) with rate limits off reads nothing here: no promise, no await.
      const limits = submitLimits(s, req, params.id, ip);
      const taken = s.rateLimits.take(...(Array.isArray(limits) ? limits : await limits));
      if (taken) await taken;
      const received: string[] = [];
      let result: SubmitResult;
      let extras: PostExtras = {};
      try {
        // The body is awaited here rather than in an async readSubmission: two promises a post fewer.
        const input = isMultipart(req.headers['content-type'] ?? '')
          ? await readMultipartSubmission(s, req, params.id, received)
          : submissionFrom(req, params.id, await readBody(req));
        // Counted with the completion when it is stored (core/stats/counting.ts), never stored with it.
        input.visit = readVisitHint(req.headers[VISIT_HEADER]);
        extras = input.extras;
        result = await s.submissions.submit(input);
        // A replayed post (same Idempotency-Key) answers with the first one's files; these are spare.
        if (result.replayed && received.length) await s.files.delete(received).catch(() => {});
      } catch (err) {
        // Files of a refused post are removed now rather than left for the 24 h sweep.
        await s.files.delete(received).catch(() => {});
        throw err;
      }
      if (browserPost) return redirect(res, 303, await afterPost(s, req, result, extras));
      sendJsonText(
        res,
        result.status,
        result.json ?? JSON.stringify(result.body),
        result.replayed ? replayedCors : answerCors,
        'script',
      );
    } catch (err) {
      if (err instanceof ApiError) {
        // Embeddable: a post without JavaScript from inside the embed's iframe shows this page there.
        // A file too large still gets a page a person can read; the unread rest of the body is dropped with the
        // connection.
        if (browserPost && (err.status !== 413 || err.details.some((d) => d.startsWith('values')))) {
          const page = await refusalPage(s, err, params.id, req);
          const closes = err.headers.connection === 'close';
          if (closes) closeAfterAnswer(req, res);
          return sendHtml(res, err.status, page, {
            embeddable: true,
            headers: closes ? { connection: 'close' } : {},
          });
        }
        Object.assign(err.headers, corsHeaders);
      }
      throw err;
    }
  };

/** GET /v1/f/{id}/definition: what renderers and embeds need, cached for 60 s; `?lang=` translates it. */
export const publicDefinition =
  (s: Services) =>
  async ({ res, params, query }: RouteContext) => {
    const view = await s.publicForms.view(params.id, query.get('lang') || undefined);
    sendAsset(res, JSON.stringify(view), 'application/json; charset=utf-8', 60, corsHeaders);
  };

/**
 * Where a browser's form post goes after success: its accepted `_next`, else the chosen ending's redirect_url,
 * else the form's (unclaimed forms ignore all three, so nobody can use them as an open redirector), else the
 * thank-you page: naming the chosen ending (`e`), with a signed, short-lived link to this submission when the
 * message pipes answers (thanks-links.ts), and a signed way back to the site the post came from when that is
 * not this server (back-link.ts).
 */
async function afterPost(s: Services, req: IncomingMessage, result: SubmitResult, extras: PostExtras) {
  const form = result.form;
  const origin = postOrigin(req);
  const next = nextAddress(form, extras.next, origin);
  if (next) return next;
  const ending = result.body.ending
    ? (await s.forms.definitions.get(form.id, form.version))?.endings?.find((e) => e.id === result.body.ending)
    : undefined;
  if (ending?.redirect_url && followsRedirect(form)) return ending.redirect_url;
  if (form.redirectUrl && followsRedirect(form)) return form.redirectUrl;
  const query: string[] = [];
  if (ending) query.push(`e=${encodeURIComponent(ending.id)}`);
  if ((ending?.message ?? form.successMessage).includes('{{'))
    query.push(`r=${thanksToken(s.secret, form.id, result.body.id)}`);
  // The private edit link (allow_edit_days) rides along to the thank-you page, which shows it while it works.
  const editToken = result.body.edit_url?.split('/').pop();
  if (editToken) query.push(`edit=${encodeURIComponent(editToken)}`);
  // Our own hosted page needs no way back to itself; it is ours when on the public address or on the
  // address this request came to (a server reached on 127.0.0.1 whose public address says localhost).
  const own = origin && (origin === new URL(s.config.publicUrl).origin || new URL(origin).host === req.headers.host);
  if (origin && !own) query.push(s.backLinks.query(form.id, origin, one(req.headers.referer)));
  return `/f/${form.id}/thanks${query.length ? `?${query.join('&')}` : ''}`;
}

/** The site a browser's post came from: its Origin header, else its Referer's origin (`null` counts as none). */
function postOrigin(req: IncomingMessage): string | undefined {
  for (const header of [one(req.headers.origin), one(req.headers.referer)]) {
    if (!header || header === 'null') continue;
    try {
      const origin = new URL(header).origin;
      if (origin !== 'null') return origin;
    } catch {
      // Not a URL: try the next header.
    }
  }
  return undefined;
}

const one = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/** A submission as read from the request, with a form post's reserved fields beside it. */
type ReadSubmission = SubmitInput & { extras: PostExtras };

/**
 * A form post's answers and reserved fields: `_hp`/`_rt` (our own pages' anti-spam), `_skippedSteps`,
 * and Formstead's Formspree-style `_next`, `_subject`, `_replyto` and `_gotcha` (form-post.ts).
 */
function formPostInput(
  fields: FormFields,
): Pick<ReadSubmission, 'skippedSteps' | 'honeypot' | 'renderToken' | 'mail' | 'extras'> & { values: FormFields } {
  const { [HONEYPOT_FIELD]: hp, [RENDER_TOKEN_FIELD]: renderToken, _skippedSteps, ...rest } = fields;
  const { values, extras } = takeReserved(rest);
  const skippedSteps = _skippedSteps === undefined ? undefined : ([] as string[]).concat(_skippedSteps);
  // A filled `_gotcha` is a filled honeypot: kept as suspected spam like one caught on our own pages.
  const honeypot = gotchaHoneypot(extras.gotcha) ?? hp;
  return { values, skippedSteps, honeypot, renderToken, mail: mailHeaders(extras), extras };
}

/** Reads JSON `{values, skippedSteps?}` or a form post into the submission service's input. */
export async function readSubmission(req: IncomingMessage, formId: string): Promise<ReadSubmission> {
  return submissionFrom(req, formId, await readBody(req));
}

/** The submission service's input from a JSON or form post's body `raw` (read already). */
function submissionFrom(req: IncomingMessage, formId: string, raw: Buffer): ReadSubmission {
  const contentType = req.headers['content-type'] ?? 'application/json';
  const idempotencyKey = readIdempotencyKey(req);
  // The hash is only compared for idempotent retries; skip the work on the common path.
  const hash = idempotencyKey === undefined ? '' : bodyHash(raw);
  if (/^application\/(?:[\w.+-]*\+)?json/i.test(contentType) || !/form/i.test(contentType)) {
    const body = parseJsonObject(raw);
    const {
      values,
      skippedSteps,
      encrypted,
      [HONEYPOT_FIELD]: honeypot,
      [RENDER_TOKEN_FIELD]: renderToken,
      [PARTIAL_SESSION_FIELD]: partialSession,
      ...rest
    } = body;
    const unknown = Object.keys(rest);
    if (unknown.length)
      throw new ApiError(
        422,
        'invalid_request',
        unknown.map((k) => `${k}: unknown field`),
      );
    return {
      formId,
      values,
      skippedSteps,
      formPost: false,
      honeypot,
      renderToken,
      partialSession,
      idempotencyKey,
      bodyHash: hash,
      extras: {},
      encrypted,
    };
  }
  return { formId, ...formPostInput(parseFormBody(contentType, raw)), formPost: true, idempotencyKey, bodyHash: hash };
}

/**
 * A multipart form post (the hosted page without JavaScript): text parts under the 64 KB limit, each
 * file streamed to disk as an upload whose id becomes the field's value, exactly as the renderer's
 * JSON post would carry it. `received` collects the stored ids so a refused post can remove them.
 */
export async function readMultipartSubmission(
  s: Services,
  req: IncomingMessage,
  formId: string,
  received: string[],
): Promise<ReadSubmission> {
  const idempotencyKey = readIdempotencyKey(req);
  let room = s.config.submissionFilesMaxBytes;
  const described: string[] = [];
  let keys: Set<string> | undefined;
  const fields: FormFields = await readMultipart(req, {
    maxFieldBytes: MAX_BODY_BYTES,
    onFile: async (file) => {
      // A file input named like no field is ignored, as any other input of a form post is.
      keys ??= await fieldKeys(s, formId);
      if (!keys.has(file.field)) {
        file.stream.resume();
        return undefined;
      }
      const target = await s.files.target(formId, file.field);
      const max = Math.min(s.config.uploadMaxBytes, room);
      const stored = await s.files.receive(target, file.stream, file.filename, file.type, max);
      room -= stored.size;
      received.push(stored.id);
      described.push(`${file.field}:${stored.name}:${stored.size}`);
      return stored.id;
    },
  });
  const input = formPostInput(fields);
  const values = input.values;
  // Upload ids are new on every post, so the idempotency hash covers the text and the files' names and sizes.
  const hash =
    idempotencyKey === undefined
      ? ''
      : bodyHash(
          JSON.stringify([
            Object.entries(values).filter(([k]) => !described.some((d) => d.startsWith(`${k}:`))),
            described,
          ]),
        );
  return { formId, ...input, formPost: true, idempotencyKey, bodyHash: hash };
}

/** The field keys of a form's current version (a form that cannot be read has none). */
async function fieldKeys(s: Services, formId: string): Promise<Set<string>> {
  return new Set((await fieldLabels(s, formId)).keys());
}

/** ARCHITECTURE.md: an Idempotency-Key is 1 to 128 characters. */
function readIdempotencyKey(req: IncomingMessage): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (Array.isArray(key) || key.length < 1 || key.length > 128)
    throw badRequest('invalid_idempotency_key', ['idempotency-key: must be 1 to 128 characters']);
  return key;
}

/** Whether the request is a browser's form post that wants a page back (no JavaScript). */
export function wantsHtml(req: IncomingMessage): boolean {
  return /text\/html/i.test(req.headers.accept ?? '') && /form/i.test(req.headers['content-type'] ?? '');
}

/** Field key → label of the form's current version; empty when the form cannot be read. */
async function fieldLabels(s: Services, formId: string): Promise<Map<string, string>> {
  try {
    const { definition } = await s.publicForms.load(formId);
    return new Map(allFields(definition).map((f) => [f.key, f.label]));
  } catch {
    return new Map();
  }
}

/** The language the form's page was shown in: the browser's first the form offers, else its own. */
async function pageLang(s: Services, formId: string, req: IncomingMessage): Promise<string | undefined> {
  try {
    const { definition } = await s.publicForms.load(formId);
    return chooseLanguage(definition, null, acceptLanguages(req.headers['accept-language']));
  } catch {
    return undefined;
  }
}

/** The page a browser posting without JavaScript gets for a refusal: what was wrong, by the fields' labels. */
export async function refusalPage(s: Services, err: ApiError, formId: string, req: IncomingMessage) {
  return problemPage(err, formId, await fieldLabels(s, formId), await pageLang(s, formId, req));
}

/** A plain page listing what was wrong, for browsers posting without JavaScript; its heading in `lang`. */
function problemPage(err: ApiError, formId: string, labels: Map<string, string>, lang: string | undefined): string {
  // `values.<key>: <message>` reads as `<label>: <message>` for a person; other details stay as they are.
  const readable = (d: string) => d.replace(/^values\.([^:]+):/, (_, key: string) => `${labels.get(key) ?? key}:`);
  const items = err.details.map((d) => `<li>${escapeHtml(readable(d))}</li>`).join('');
  const heading = escapeHtml(message(lang, 'checkAnswers'));
  const body =
    `<h1 class="fs-step-title">${heading}</h1><div class="fs-alert" role="alert">` +
    `<ul>${items}</ul></div><p>Use your browser's Back button to correct them; your answers are kept there. Or ` +
    `<a href="/f/${encodeURIComponent(formId)}">start the form again</a>.</p>`;
  return hostedDocument({ title: message(lang, 'checkAnswers'), body, noindex: true, lang });
}
