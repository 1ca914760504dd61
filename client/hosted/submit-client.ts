// Posting a response to the respondent endpoint (POST /v1/f/{id}) as JSON, with the anti-spam fields
// and an Idempotency-Key, and turning every refusal into a SubmitError the renderer can show.
import { formatMessage, type MessageId, type MessageParams } from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
import { SubmitError } from '../renderer/submit-error.ts';
import type { SubmitContext } from '../renderer/types.ts';
import type { EncryptedPayload } from '../../shared/crypto/envelope-shape.ts';

/** The renderer's words in the page's language (useWords); English when none are given. */
export type Words = (id: MessageId, params?: MessageParams) => string;
const english: Words = (id, params) => formatMessage(en, en, id, params);

/** The server refuses posts under 2 s after render as bots; wait out the rest rather than lose a fast answer. */
const MIN_FILL_MS = 2100;

/** What the anti-spam check needs: the honeypot's current text and the render token of the page. */
export interface AntiSpamFields {
  honeypot(): string;
  renderToken: string;
  /** The partial answer this one replaces (keep_partial, partial-answers.ts), sent as `_session`. */
  session?(): string | undefined;
}

/** A v4 UUID; `crypto.randomUUID` only exists in secure contexts (a LAN address over http is not one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The words of the refusals a respondent can meet, by the error code of spec 7. */
const refusals: Record<string, MessageId> = {
  limit_reached: 'limitReached',
  paused: 'formPaused',
  expired: 'formExpired',
  not_found: 'formGone',
};

/** One post of a response body with its key; a network failure throws (a TypeError from fetch). */
export function postResponse(
  fetcher: typeof fetch,
  endpoint: string,
  key: string,
  body: string,
  visitHint?: string,
): Promise<Response> {
  return fetcher(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': key,
      // Counted with the completion, never stored with the answer (docs/api.md "Stats").
      ...(visitHint ? { 'formstead-visit': visitHint } : {}),
    },
    body,
  });
}

/** Whether the server's answer leaves the outcome open (5xx, 429): the same key may be sent again. */
export const outcomeUnknown = (res: Response) => res.status >= 500 || res.status === 429;

/** The SubmitError for a definitive refusal (4xx), in the person's words. */
export async function refusal(res: Response, t: Words = english): Promise<SubmitError> {
  const problem = (await res.json().catch(() => undefined)) as
    | { error?: string; details?: string[]; closed_message?: string }
    | undefined;
  // Closed while the person was answering: the owner's own words for it.
  if (problem?.error === 'closed' && problem.closed_message) return new SubmitError(problem.closed_message);
  if (res.status === 422) return new SubmitError(t('checkAnswers'), { problems: problem?.details ?? [] });
  const id = refusals[problem?.error ?? ''] ?? (res.status === 413 ? 'tooLong' : 'notSent');
  return new SubmitError(t(id));
}

/**
 * Sends a kept response once (offline-queue.ts): true when the server has it, false when it must wait
 * (no network, 5xx, 429); a refusal throws its SubmitError.
 */
export async function sendKeptOnce(
  kept: { endpoint: string; key: string; body: string; visit?: string },
  t: Words = english,
): Promise<boolean> {
  let res: Response;
  try {
    // The visit as measured when the person sent it offline: the completion keeps its source and time.
    res = await postResponse(fetch, kept.endpoint, kept.key, kept.body, kept.visit);
  } catch {
    return false;
  }
  if (outcomeUnknown(res)) return false;
  if (res.ok) return true;
  throw await refusal(res, t);
}

/** A response that could not leave the device: what client/hosted/offline-queue.ts keeps and sends later. */
export interface HeldResponse {
  key: string;
  body: string;
  /** The visit's Formstead-Visit header as it was at the submit (source, seconds), sent with the response later. */
  visit?: string;
}

/**
 * Returns an onSubmit for FormRenderer. A post whose outcome is unknown (network failure, 5xx, 429)
 * keeps its Idempotency-Key, so sending the same body again can be stored at most once; any other
 * answer, or a changed body, starts a new key. With `offline`, a response sent while the browser is
 * offline (before the post, or found so after it failed) goes to it instead, and the submit settles
 * as that promise does (when the response is finally sent, or refused).
 */
export function createSubmitter(
  endpoint: string,
  antiSpam: AntiSpamFields,
  opts: {
    fetch?: typeof fetch;
    minFillMs?: number;
    visitHint?: () => string;
    offline?: (held: HeldResponse) => Promise<void>;
    /** The words of its messages (the page's language). */
    words?: Words;
    /** An encrypted form's: the body holding only the answers' envelope, posted (or kept offline) instead. */
    encrypt?: (answers: EncryptedPayload, spam: { _hp: string; _rt: string }) => Promise<string>;
  } = {},
) {
  const t = opts.words ?? english;
  const fetcher = opts.fetch ?? ((input, init) => fetch(input, init));
  const readyAt = Date.now() + (opts.minFillMs ?? MIN_FILL_MS);
  let pending: { clear: string; body: string; key: string } | undefined;
  const offline = () => opts.offline && typeof navigator !== 'undefined' && navigator.onLine === false;
  // Resolves with the server's answer (undefined when kept offline): a form that allows edits reads its edit_url.
  return async (values: Record<string, unknown>, context: SubmitContext): Promise<Response | undefined> => {
    const skipped = context.skippedSteps.length ? { skippedSteps: context.skippedSteps } : {};
    const spam = { _hp: antiSpam.honeypot(), _rt: antiSpam.renderToken, _session: antiSpam.session?.() };
    const clear = JSON.stringify({ values, ...skipped, ...spam });
    // The same answers again keep their key and, encrypted, their envelope: a retry sends the same bytes.
    const same = pending?.clear === clear;
    const key = same ? pending!.key : newIdempotencyKey();
    // A browser that cannot encrypt (no WebCrypto off https) throws: the renderer says it was not sent.
    const body = same ? pending!.body : opts.encrypt ? await opts.encrypt({ values, ...skipped }, spam) : clear;
    pending = { clear, body, key };
    const wait = readyAt - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const visit = opts.visitHint?.();
    if (offline()) return opts.offline!({ key, body, visit }) as Promise<undefined>;
    let res: Response;
    try {
      res = await postResponse(fetcher, endpoint, key, body, visit);
    } catch {
      if (offline()) return opts.offline!({ key, body, visit }) as Promise<undefined>;
      throw new SubmitError(t('connectionFailed'), { retry: true });
    }
    if (outcomeUnknown(res)) {
      const after = res.headers.get('retry-after');
      const message =
        res.status === 429 ? (after ? t('tooManyFor', { seconds: after }) : t('tooMany')) : t('serverBusy');
      throw new SubmitError(message, { retry: true });
    }
    pending = undefined;
    if (res.ok) return res;
    throw await refusal(res, t);
  };
}
