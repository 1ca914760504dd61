// What a plain HTML form post (Formspree-style, no JavaScript) may carry besides answers (docs/api.md
// "HTML form posts"): the reserved `_next`, `_subject`, `_replyto` and `_gotcha`. One place reads them
// and decides what they may do; answers named like no field are dropped by the submission service.
import { z } from 'zod';
import { isAcceptedScheme } from '../../shared/api/redirect-origins.ts';
import type { FormFields } from '../lib/multipart.ts';
import type { ResponseMailHeaders } from './mail/response-mail.ts';
import type { FormRecord } from './store/types.ts';
import { followsRedirect } from './unclaimed.ts';

/** The reserved names; never answers, never refused. */
export const RESERVED_FIELDS = ['_next', '_subject', '_replyto', '_gotcha'] as const;

/** A `_subject` longer than this is cut: refusing a person's answer over a mail subject would lose it. */
export const SUBJECT_MAX = 200;

/** `_next` longer than this is ignored (as long as a redirect_url may be). */
export const NEXT_MAX = 2048;

/** The reserved fields of a post, each as posted (a repeated name gives a list, which none of them accepts). */
export interface PostExtras {
  next?: string | string[];
  subject?: string | string[];
  replyTo?: string | string[];
  gotcha?: string | string[];
}

/** Splits a form post's fields into the answers and the reserved fields. */
export function takeReserved(fields: FormFields): { values: FormFields; extras: PostExtras } {
  const { _next: next, _subject: subject, _replyto: replyTo, _gotcha: gotcha, ...values } = fields;
  return { values, extras: { next, subject, replyTo, gotcha } };
}

/**
 * The honeypot value the anti-spam check gets: a filled `_gotcha` is a filled honeypot (kept as
 * suspected spam); an empty one is what every person sends, so it counts as no honeypot at all (the
 * check would otherwise ask for the render token only our own pages carry).
 */
export function gotchaHoneypot(gotcha: PostExtras['gotcha']): string | undefined {
  return ([] as string[]).concat(gotcha ?? []).find((v) => v !== '');
}

const address = z.email().max(254);

/**
 * What the response mail takes from a post: `_subject` as one line of at most SUBJECT_MAX characters,
 * `_replyto` when it is exactly one valid address (anything else is ignored, never refused).
 */
export function mailHeaders(extras: PostExtras): ResponseMailHeaders | undefined {
  const subject =
    typeof extras.subject === 'string'
      ? extras.subject
          .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
          .trim()
          .slice(0, SUBJECT_MAX)
      : '';
  const replyTo = typeof extras.replyTo === 'string' ? extras.replyTo.trim() : '';
  const headers: ResponseMailHeaders = {};
  if (subject) headers.subject = subject;
  if (replyTo && address.safeParse(replyTo).success) headers.replyTo = replyTo;
  return headers.subject || headers.replyTo ? headers : undefined;
}

/**
 * Where `_next` may send the person, or undefined to ignore it: an absolute https address (http only on
 * a loopback host) whose origin is the one the post came from or one of the form's redirect_origins.
 * Never an open redirect: a post can only send its sender back to its own site, or to a site the owner
 * listed. The post's origin comes from the browser (Origin, else Referer), which a page cannot forge;
 * a script can, but then it only redirects itself. Unclaimed forms ignore it, as they ignore redirect_url.
 */
export function nextAddress(form: FormRecord, next: PostExtras['next'], postOrigin: string | undefined) {
  if (!followsRedirect(form) || typeof next !== 'string' || next === '' || next.length > NEXT_MAX) return undefined;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return undefined;
  }
  if (!isAcceptedScheme(url) || url.username || url.password) return undefined;
  return url.origin === postOrigin || form.redirectOrigins.includes(url.origin) ? url.href : undefined;
}
