// The thank-you link a browser posting without JavaScript is sent to (303) when the form's success
// message pipes answers (`{{key}}`, Wave 3 "Answers that flow"): the page must know whose answers to
// show. `?r=<submission id>.<expires>.<sig>`, the HMAC-SHA256 of "<form id>.<submission id>.<expires>"
// keyed with the instance secret. It works for THANKS_LINK_TTL_MS only: the link sits in the browser's
// history, and after a few minutes the page shows the message with nothing piped, as a link without
// `r` does. A submission id alone never opens anyone's answers.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a thank-you link shows the piped answers. */
export const THANKS_LINK_TTL_MS = 10 * 60_000;

const mac = (secret: string, formId: string, submissionId: string, expires: number) =>
  createHmac('sha256', `thanks:${secret}`).update(`${formId}.${submissionId}.${expires}`).digest('hex');

/** The `r` value of the thank-you link for one new submission. */
export function thanksToken(secret: string, formId: string, submissionId: string, nowMs = Date.now()): string {
  const expires = Math.floor((nowMs + THANKS_LINK_TTL_MS) / 1000);
  return `${submissionId}.${expires}.${mac(secret, formId, submissionId, expires)}`;
}

/** The submission id an `r` value stands for, when it is this form's, signed and unexpired. */
export function thanksSubmissionId(
  secret: string,
  formId: string,
  token: string | null,
  nowMs = Date.now(),
): string | undefined {
  const m = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!m) return undefined;
  const [, id, expires, sig] = m;
  if (Number(expires) * 1000 < nowMs) return undefined;
  const good = timingSafeEqual(Buffer.from(mac(secret, formId, id, Number(expires)), 'hex'), Buffer.from(sig, 'hex'));
  return good ? id : undefined;
}
