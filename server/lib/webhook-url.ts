// The webhook URL rules of spec 6.3: https on port 443, no credentials, and a host that leads only to
// public addresses. Run on save and again before every delivery, because DNS answers change.
import dns from 'node:dns';
import net from 'node:net';
import { isMetadataAddress, isPublicAddress } from './ip-ranges.ts';

/** Why a webhook URL was refused; each is a spec 7.4 delivery error text. */
export type WebhookUrlError = 'invalid url' | 'address not allowed' | 'dns failed';

/** Looks a host name up and answers every IPv4 and IPv6 address it has. */
export type Resolve = (host: string) => Promise<string[]>;

/** An accepted URL: the name for TLS and the Host header, the port, and the addresses it may reach. */
export interface CheckedWebhookUrl {
  ok: true;
  url: URL;
  /** Host name without a trailing dot, or the bare IP (no brackets) of an IP literal. */
  host: string;
  port: number;
  /** Every address the host resolved to, all of them allowed; an IP literal gives itself. */
  addresses: string[];
}

/** The outcome of checkWebhookUrl. */
export type WebhookUrlCheck = CheckedWebhookUrl | { ok: false; error: WebhookUrlError };

/**
 * Options of checkWebhookUrl; allowPrivate (local development) relaxes the address and port rules and
 * allows http:// as well.
 */
export interface WebhookUrlOptions {
  allowPrivate: boolean;
  resolve: Resolve;
}

/** Longest webhook URL accepted, in characters (a common browser and proxy limit). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Cloud metadata host names: refused always, even with allowPrivate, as they hand out credentials. */
export const METADATA_HOSTS: readonly string[] = [
  'metadata', // GCP short name, and what many images resolve through search domains
  'metadata.google.internal', // GCP
  'metadata.goog', // GCP
  'instance-data', // AWS short name
  'instance-data.ec2.internal', // AWS
  'metadata.tencentyun.com', // Tencent Cloud
];

/**
 * Suffixes of names that only mean something on the local machine or network, refused without a
 * DNS question unless allowPrivate is set. Their answers would be refused anyway; not asking keeps
 * the check from depending on what a local resolver or mDNS says about them.
 */
export const LOCAL_SUFFIXES: readonly string[] = [
  'localhost', // RFC 6761: always loopback, whatever DNS says
  'local', // RFC 6762: multicast DNS on the local link
  'internal', // ICANN private-use TLD (2024); also every cloud's internal DNS (*.ec2.internal, *.c.<project>.internal)
  'home.arpa', // RFC 8375: home networks
];

const DEFAULT_PORT = 443;
const LABEL = /^[a-z0-9_-]{1,63}$/;

const refuse = (error: WebhookUrlError): WebhookUrlCheck => ({ ok: false, error });

/** Asks the operating system's resolver (as every other program on the host would) for all addresses. */
export const defaultResolve: Resolve = async (host) => {
  // verbatim keeps the resolver's order; all asks for A and AAAA alike, so none escapes the check.
  const answers = await dns.promises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

/** Checks a webhook URL against spec 6.3 and resolves its host; on success says where to connect. */
export async function checkWebhookUrl(raw: string, opts: WebhookUrlOptions): Promise<WebhookUrlCheck> {
  const url = parseStrict(raw, opts.allowPrivate);
  if (!url) return refuse('invalid url');

  const port = url.port === '' ? (url.protocol === 'http:' ? 80 : DEFAULT_PORT) : Number(url.port);
  // Port 0 cannot be connected to; any other port is a way to reach non-web services (spec 7.4).
  if (port === 0 || (port !== DEFAULT_PORT && !opts.allowPrivate)) return refuse('address not allowed');

  const literal = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(literal) !== 0) {
    // The WHATWG parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    if (!allowedAddress(literal, opts.allowPrivate)) return refuse('address not allowed');
    return { ok: true, url, host: literal, port, addresses: [literal] };
  }

  // A trailing dot makes the name absolute; it is kept for the DNS question (no search-domain
  // expansion) and dropped for name rules, TLS and the Host header.
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  if (!validHostName(host)) return refuse('invalid url');
  if (METADATA_HOSTS.includes(host)) return refuse('address not allowed');
  if (!opts.allowPrivate && isLocalName(host)) return refuse('address not allowed');

  let addresses: string[];
  try {
    addresses = [...new Set(await opts.resolve(url.hostname))];
  } catch {
    return refuse('dns failed');
  }
  if (addresses.length === 0) return refuse('dns failed');
  // One bad address refuses the whole name: the connection could go to any of them, and a name
  // that answers public and private alternately (DNS rebinding) must never pass.
  if (!addresses.every((a) => allowedAddress(a, opts.allowPrivate))) return refuse('address not allowed');
  return { ok: true, url, host, port, addresses };
}

/**
 * Parses with the WHATWG parser after refusing the spellings different parsers read differently; http:// is
 * taken only with `allowHttp` (FORMSTEAD_WEBHOOK_ALLOW_PRIVATE: a receiver on the developer's machine).
 */
function parseStrict(raw: string, allowHttp: boolean): URL | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_WEBHOOK_URL_LENGTH) return null;
  // The WHATWG parser silently drops tabs, newlines and edge spaces, and reads "\" as "/", where
  // other tools (and people) see something else: "https://a.com\@127.0.0.1" is a.com to us but
  // 127.0.0.1 to an RFC 3986 parser. A URL that means one thing everywhere is the only safe kind.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u0020\u007f\\]/.test(raw)) return null;
  // Exactly "https://" then the authority: no "https:host" or "https:///host" shortcuts.
  const scheme = /^(https?):\/\/[^/]/i.exec(raw)?.[1].toLowerCase();
  if (scheme !== 'https' && !(scheme === 'http' && allowHttp)) return null;
  // A fragment is never sent, so it can only disguise the host ("https://127.0.0.1#@example.com").
  if (raw.includes('#')) return null;
  // Any "@" before the path is userinfo, even an empty one; spec 6.3 allows no credentials.
  const authority = raw.slice(`${scheme}://`.length).split(/[/?]/, 1)[0];
  if (authority.includes('@')) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${scheme}:` || url.username !== '' || url.password !== '') return null;
  return url;
}

/** A DNS name of at most 253 characters in labels of 1 to 63 letters, digits, "-" or "_". */
function validHostName(host: string): boolean {
  return host.length > 0 && host.length <= 253 && host.split('.').every((label) => LABEL.test(label));
}

/** True for names that cannot be on the public internet: single labels and local-only suffixes. */
function isLocalName(host: string): boolean {
  // A single label ("intranet") is completed by the resolver's search domains: a local network name.
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** The address rule; with allowPrivate only metadata addresses stay refused. */
function allowedAddress(ip: string, allowPrivate: boolean): boolean {
  return allowPrivate ? !isMetadataAddress(ip) : isPublicAddress(ip);
}
