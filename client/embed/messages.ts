// The messages the hosted page in the embed's iframe sends to the loader on the host page. Both sides
// check the exact shape: a message event can come from any window, so anything else is ignored.

/**
 * Resize the iframe to the form's height, navigate the host page after a successful submit, or close the
 * popup or slider the iframe is in (Escape pressed inside the form; the host page never sees that key).
 */
export type EmbedMessage =
  | { type: 'formstead:resize'; height: number }
  | { type: 'formstead:redirect'; url: string }
  | { type: 'formstead:close' };

/** The message if `data` is exactly one of ours (no extra keys, sane values), else undefined. */
export function readEmbedMessage(data: unknown): EmbedMessage | undefined {
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const m = data as Record<string, unknown>;
  if (m.type === 'formstead:close') return Object.keys(m).length === 1 ? { type: m.type } : undefined;
  if (Object.keys(m).length !== 2) return undefined;
  if (m.type === 'formstead:resize' && typeof m.height === 'number' && m.height >= 0 && m.height <= 100000)
    return { type: m.type, height: Math.ceil(m.height) };
  // Only http(s): a javascript: URL would run in the host page.
  if (m.type === 'formstead:redirect' && typeof m.url === 'string' && /^https?:\/\//i.test(m.url))
    return { type: m.type, url: m.url };
  return undefined;
}
