// "Back to <host>" on the thank-you page after a plain HTML form post from another site (docs/api.md
// "HTML form posts"). The page the post came from rides in the thank-you page's query, signed with the
// instance secret: anyone can open /f/{id}/thanks, and an unsigned address would let them make our
// page show a link to any site in our name.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A back link longer than this is shortened to its site (the origin). */
const BACK_MAX = 1024;

/** Signs and reads the back link of a form's thank-you page. */
export class BackLinks {
  constructor(private readonly secret: string) {}

  /**
   * The query (`back=…&sig=…`, no `?`) for the page a post from another site came from: the Referer
   * when it is on the post's origin, else the origin alone.
   */
  query(formId: string, postOrigin: string, referer: string | undefined): string {
    let back = `${postOrigin}/`;
    try {
      const page = referer ? new URL(referer) : undefined;
      if (page && page.origin === postOrigin && page.href.length <= BACK_MAX) back = page.href;
    } catch {
      // A malformed Referer: the site alone.
    }
    return new URLSearchParams({ back, sig: this.sign(formId, back) }).toString();
  }

  /** The signed back link of a thank-you page's query, or undefined when absent, altered or not http(s). */
  read(formId: string, query: URLSearchParams): URL | undefined {
    const back = query.get('back');
    const sig = query.get('sig');
    if (!back || !sig) return undefined;
    const expected = Buffer.from(this.sign(formId, back));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const url = new URL(back);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(formId: string, back: string): string {
    return createHmac('sha256', this.secret).update(`back:${formId}:${back}`).digest('base64url').slice(0, 22);
  }
}
