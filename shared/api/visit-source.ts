// Where a visit came from: the referrer's host (never its path or query) and the utm_* values of the
// page address. The server reads them for the hosted page (its Referer header and query) and sends them
// with the page; the inline embed reads its host page's in the browser (client/hosted/page-source.ts).
// For the embed's iframe, embed.js passes the host page's values in the iframe's address (fs_ref and
// utm_*), since the iframe's own referrer is the host page itself.

/** The fields of an events body and of the Formstead-Visit hint that say where a visit came from. */
export interface VisitSource {
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

/** The utm_* parameters counted (others are not read). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The iframe address parameter carrying the host page's referrer host. */
export const EMBED_REFERRER_PARAM = 'fs_ref';

/** The host of `referrer`, unless it is empty, not http(s), or this site itself (moving within a site is no source). */
export function referrerHost(referrer: string, ownHost: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (!/^https?:$/.test(url.protocol) || url.host === ownHost) return undefined;
    return url.host;
  } catch {
    return undefined;
  }
}

/** The source of a page: its referrer's host and the utm_* values of `search` (each cut to 200 characters). */
export function visitSource(referrer: string | undefined, search: string): VisitSource {
  const params = new URLSearchParams(search);
  const source: VisitSource = {};
  if (referrer) source.referrer = referrer;
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim().slice(0, 200);
    if (value) source[key] = value;
  }
  return source;
}

/** The query an embed's iframe carries: the host page's referrer host and utm_* values (empty when none). */
export function embedQuery(source: VisitSource): string {
  const params = new URLSearchParams();
  if (source.referrer) params.set(EMBED_REFERRER_PARAM, source.referrer);
  for (const key of UTM_KEYS) if (source[key]) params.set(key, source[key] as string);
  const text = params.toString();
  return text ? `&${text}` : '';
}

/** Inside the embed's iframe (its address's `search`): the host page's source, as embed.js passed it. */
export function framedSource(search: string): VisitSource {
  const host = new URLSearchParams(search).get(EMBED_REFERRER_PARAM) ?? undefined;
  return visitSource(host && /^[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(host) ? host : undefined, search);
}
