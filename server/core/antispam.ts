// Anti-spam without third parties (ARCHITECTURE.md): a honeypot field and a render token signed when
// the page was served. A caught bot is answered like a success, so it learns nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Form field names the hosted page and embed send next to the values. */
export const HONEYPOT_FIELD = '_hp';
export const RENDER_TOKEN_FIELD = '_rt';

/** Humans take longer than this between seeing a form and sending it. */
export const MIN_FILL_MS = 2000;

/** What the anti-spam fields of a post say. */
export type SpamVerdict = 'human' | 'bot' | 'unchecked';

/** Which check caught a post: a filled honeypot, a missing or bad render token, or a post under MIN_FILL_MS. */
export type SpamReason = 'honeypot' | 'token' | 'too_fast';

/** Signs and checks render tokens with the instance secret. */
export class AntiSpam {
  constructor(private readonly secret: string) {}

  /** A token `<ms>.<signature>` binding a form to the moment its page was rendered. */
  renderToken(formId: string, at = Date.now()): string {
    return `${at}.${this.sign(formId, at)}`;
  }

  /**
   * A post with neither field (an API client, a script) is not checked; one that has either must have
   * an empty honeypot and a valid token older than MIN_FILL_MS.
   */
  verdict(formId: string, honeypot: unknown, token: unknown, now = Date.now()): SpamVerdict {
    if (honeypot === undefined && token === undefined) return 'unchecked';
    return this.reason(formId, honeypot, token, { timed: true, now }) ? 'bot' : 'human';
  }

  /**
   * Why a post is suspected spam, or undefined. `timed: false` skips the 2-second rule: a browser's
   * own form post (no JavaScript) cannot be held back until the time has passed, the way the
   * renderer holds a fast answer, so a quick person there would be lost; the honeypot and the
   * signed token still apply to it.
   */
  reason(
    formId: string,
    honeypot: unknown,
    token: unknown,
    o: { timed: boolean; now?: number },
  ): SpamReason | undefined {
    if (honeypot === undefined && token === undefined) return undefined;
    if (honeypot !== undefined && honeypot !== '') return 'honeypot';
    if (typeof token !== 'string') return 'token';
    const match = /^(\d{1,15})\.([0-9a-f]{32})$/.exec(token);
    if (!match) return 'token';
    const at = Number(match[1]);
    const expected = Buffer.from(this.sign(formId, at));
    if (!timingSafeEqual(expected, Buffer.from(match[2]))) return 'token';
    return o.timed && (o.now ?? Date.now()) - at < MIN_FILL_MS ? 'too_fast' : undefined;
  }

  private sign(formId: string, at: number): string {
    return createHmac('sha256', this.secret).update(`render:${formId}:${at}`).digest('hex').slice(0, 32);
  }
}
