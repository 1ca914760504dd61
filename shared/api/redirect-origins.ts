// The sites a form post may send people back to (`redirect_origins` and the reserved `_next` of an HTML
// form post, docs/api.md): one rule for the setting, the panel and the server's check of `_next`.

/** At most this many origins in `redirect_origins`. */
export const REDIRECT_ORIGINS_MAX = 10;

/** Host names that are the visitor's own machine: the only ones allowed over plain http (local development). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a parsed URL may be a place people are sent back to: https, or http on a loopback host
 * (a site being built on the developer's own machine, which no one else can be sent to).
 */
export function isAcceptedScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

/**
 * `https://host[:port]` as written by a person, normalised (lower case, punycode, default port left
 * out), or the problem with it in plain words.
 */
export function parseOrigin(value: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { problem: 'must be a site address like https://example.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: 'must be a site address like https://example.com' };
  if (!isAcceptedScheme(url))
    return { problem: 'must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])' };
  if (url.username || url.password) return { problem: 'must not contain a user name or password' };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value))
    return { problem: `must be the site alone, without a path: ${url.origin}` };
  return { origin: url.origin };
}
