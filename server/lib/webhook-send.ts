// One webhook delivery attempt: check the URL again, POST once to the checked IP with the host name
// for TLS (over a kept-alive connection to that same IP when one is free), and classify the result
// per spec 3.3, 6.5 and 7.4. Retrying and logging belong to callers.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { performance } from 'node:perf_hooks';
import { checkWebhookUrl, defaultResolve, type CheckedWebhookUrl, type Resolve } from './webhook-url.ts';

/** What becomes of the delivery after this attempt. */
export type Outcome = 'delivered' | 'retry' | 'cancel';

/** Options of one attempt. */
export interface SendWebhookOptions {
  url: string;
  /** The exact bytes that were signed; sent unchanged. */
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  /** Budget for the whole attempt: DNS, connect, TLS and the response headers. */
  timeoutMs: number;
  resolve?: Resolve;
  /** Trusted CA certificates replacing Node's default list (tests and private CAs). */
  ca?: string | Buffer;
  /** Connection pool; webhookAgent (keep-alive) by default, false for a fresh connection closed after. */
  agent?: https.Agent | false;
}

/** The result of one attempt; statusCode is 0 when no response came, error holds a spec 7.4 text. */
export interface SendWebhookResult {
  statusCode: number;
  durationMs: number;
  error?: string;
  outcome: Outcome;
}

/** Most response body bytes read before the connection is dropped (spec 6.5). */
export const MAX_RESPONSE_BYTES = 1024;

type TransportError = 'timeout' | 'tls error' | 'connection failed';

/** OpenSSL certificate verification failures, as Node names them in `err.code`. */
const CERT_ERROR_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
]);

/** Outcome of a receiver's HTTP status: 2xx delivered; 408, 425, 429 and 5xx retried; other 3xx/4xx cancelled. */
export function classifyStatus(code: number): Outcome {
  if (code >= 200 && code <= 299) return 'delivered';
  if (code === 408 || code === 425 || code === 429) return 'retry';
  if (code >= 300 && code <= 499) return 'cancel';
  // 5xx, and codes outside the standard classes, are a receiver malfunction like a network error.
  return 'retry';
}

/** Maps a Node socket, TLS or HTTP error to a spec 7.4 text; the message (it may hold an address) is never used. */
export function classifyNetworkError(err: unknown): 'tls error' | 'connection failed' {
  const e = err as { code?: unknown; library?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (CERT_ERROR_CODES.has(code)) return 'tls error';
  // ERR_TLS_* (name mismatch, handshake timeout), ERR_SSL_* (protocol failures such as a plain HTTP
  // answer), EPROTO (an alert from the peer during the handshake), anything from OpenSSL's SSL library.
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code === 'EPROTO') return 'tls error';
  if (e?.library === 'SSL routines') return 'tls error';
  return 'connection failed';
}

/** Makes one delivery attempt (one request, no redirect) and classifies it; throws only on invalid header values. */
export async function sendWebhook(opts: SendWebhookOptions): Promise<SendWebhookResult> {
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  const elapsed = () => Math.round(performance.now() - started);

  // Re-checked on every attempt: the DNS answer may have changed since the URL was saved.
  const checked = await checkWebhookUrl(opts.url, {
    allowPrivate: opts.allowPrivate,
    resolve: withDeadline(opts.resolve ?? defaultResolve, deadline),
  });
  if (!checked.ok) {
    const outcome: Outcome = checked.error === 'dns failed' ? 'retry' : 'cancel';
    return { statusCode: 0, durationMs: elapsed(), error: checked.error, outcome };
  }

  const result = await postOnce(checked, opts, deadline);
  if ('error' in result) return { statusCode: 0, durationMs: elapsed(), error: result.error, outcome: 'retry' };
  const outcome = classifyStatus(result.statusCode);
  const error = outcome === 'delivered' ? undefined : `http ${result.statusCode}`;
  return { statusCode: result.statusCode, durationMs: elapsed(), ...(error ? { error } : {}), outcome };
}

/** A resolver that gives up (and so counts as "dns failed") when the attempt's time is spent. */
function withDeadline(resolve: Resolve, deadline: number): Resolve {
  return (host) =>
    new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error('resolve timed out')), Math.max(0, deadline - performance.now()));
      resolve(host).then(
        (addresses) => {
          clearTimeout(timer);
          ok(addresses);
        },
        (err: unknown) => {
          clearTimeout(timer);
          fail(err);
        },
      );
    });
}

/**
 * Connections kept open between attempts, per checked address, port and TLS name: opening a TLS
 * connection costs ~10x the request itself, and receivers get bursts. Reuse is safe because the pool
 * is keyed by the IP every attempt has just checked again (a socket to an address that is no longer
 * allowed is never picked) and by the SNI name the certificate was verified for. Idle sockets close
 * after 2 s, before most servers' keep-alive timeouts (Node's 5 s, nginx's 75 s) would cut them.
 */
export const webhookAgent = new https.Agent({ keepAlive: true, timeout: 2000, maxFreeSockets: 64, scheduling: 'lifo' });

/** The same for http:// receivers, which only FORMSTEAD_WEBHOOK_ALLOW_PRIVATE allows (local development). */
const plainAgent = new http.Agent({ keepAlive: true, timeout: 2000, maxFreeSockets: 64, scheduling: 'lifo' });

/** POSTs the body to the first checked address; answers the status or a transport error text. */
async function postOnce(
  target: CheckedWebhookUrl,
  opts: SendWebhookOptions,
  deadline: number,
): Promise<{ statusCode: number } | { error: TransportError }> {
  const agent = opts.agent ?? webhookAgent;
  const first = await request(target, opts, agent, deadline);
  // A pooled socket the receiver closed while idle fails before any answer: that says nothing about
  // the receiver, so the same attempt goes once more over a fresh connection.
  if ('stale' in first)
    return request(target, opts, false, deadline).then((r) =>
      'stale' in r ? { error: 'connection failed' as const } : r,
    );
  return first;
}

type RequestResult = { statusCode: number } | { error: TransportError } | { stale: true };

/** One request over `agent` (false: a fresh connection), within the attempt's deadline. */
function request(
  target: CheckedWebhookUrl,
  opts: SendWebhookOptions,
  agent: https.Agent | false,
  deadline: number,
): Promise<RequestResult> {
  const isIpLiteral = net.isIP(target.host) !== 0;
  const hostHeader =
    (net.isIP(target.host) === 6 ? `[${target.host}]` : target.host) +
    (target.port === (target.url.protocol === 'http:' ? 80 : 443) ? '' : `:${target.port}`);
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** `reusable`: the answer was read to its end, so the connection may serve the next attempt. */
    const finish = (result: RequestResult, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      // Otherwise drop the connection whatever the receiver still sends: no unread megabytes.
      if (!reusable) req.destroy();
    };
    const plain = target.url.protocol === 'http:';
    const options: https.RequestOptions = {
      // Connect to the address that was checked, never to a fresh DNS answer (DNS rebinding):
      // with an IP as host, Node does no lookup of its own.
      host: target.addresses[0],
      port: target.port,
      method: 'POST',
      path: target.url.pathname + target.url.search,
      // SNI carries the name; an IP literal sends none (RFC 6066 forbids IPs in SNI).
      servername: isIpLiteral ? '' : target.host,
      // Node checks the certificate against servername (which https derives from the Host header),
      // or against the connect address when servername is empty. Naming the URL's host here keeps
      // the check on the name the owner typed, whatever the headers or connect address say.
      checkServerIdentity: (_name: string, cert: tls.PeerCertificate) => tls.checkServerIdentity(target.host, cert),
      rejectUnauthorized: true,
      ...(opts.ca !== undefined ? { ca: opts.ca } : {}),
      agent,
      headers: {
        ...withoutHopHeaders(opts.headers),
        host: hostHeader,
        'content-length': String(Buffer.byteLength(opts.body)),
        connection: agent === false ? 'close' : 'keep-alive',
      },
    };
    // http:// (allowed only for local development): the same request without TLS, over its own pool.
    const req = plain
      ? http.request({ ...options, agent: agent === false ? false : plainAgent })
      : https.request(options);
    // One budget for connect, handshake and response headers; once the status is known, a body
    // that stalls no longer matters.
    timer = setTimeout(
      () => finish(statusCode === undefined ? { error: 'timeout' } : { statusCode }),
      Math.max(0, deadline - performance.now()),
    );
    req.on('error', (err) => {
      if (statusCode === undefined && req.reusedSocket && isStaleSocketError(err)) return finish({ stale: true });
      finish({ error: classifyNetworkError(err) });
    });
    // A connection that ends with neither an error nor a full answer (an unhandled 101 upgrade,
    // say) is settled at once instead of waiting for the timer.
    req.on('close', () => finish(statusCode === undefined ? { error: 'connection failed' } : { statusCode }));
    req.on('response', (res) => {
      statusCode = res.statusCode ?? 0;
      const status = statusCode;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) finish({ statusCode: status });
      });
      res.on('end', () => finish({ statusCode: status }, true));
      res.on('error', () => finish({ statusCode: status }));
      res.on('aborted', () => finish({ statusCode: status }));
    });
    req.end(opts.body);
  });
}

/** The peer closed a kept-alive connection just as we reused it. */
function isStaleSocketError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/** Caller headers minus the ones this module owns (Host, Content-Length, Connection), whatever their case. */
function withoutHopHeaders(headers: Record<string, string>): Record<string, string> {
  const owned = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive']);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !owned.has(name.toLowerCase())));
}
