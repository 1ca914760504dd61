// Opaque pagination cursors: a position signed with the instance secret, so a tampered cursor is
// recognised and refused instead of silently paging from somewhere else.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Makes and reads cursors that carry one non-negative integer position. */
export class SignedCursor {
  constructor(private readonly secret: string) {}

  /** Encodes a position for `scope` (e.g. the form id), so a cursor of one form fails on another. */
  encode(scope: string, position: number): string {
    const payload = Buffer.from(String(position)).toString('base64url');
    return `${payload}.${this.sign(scope, payload)}`;
  }

  /** The position, or undefined when the cursor was not made by us for this scope. */
  decode(scope: string, cursor: string): number | undefined {
    const match = /^([A-Za-z0-9_-]{1,24})\.([A-Za-z0-9_-]{22})$/.exec(cursor);
    if (!match) return undefined;
    const expected = Buffer.from(this.sign(scope, match[1]));
    if (!timingSafeEqual(expected, Buffer.from(match[2]))) return undefined;
    const text = Buffer.from(match[1], 'base64url').toString();
    return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  }

  private sign(scope: string, payload: string): string {
    return createHmac('sha256', this.secret)
      .update(`cursor:${scope}:${payload}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
