// A real HTTPS webhook receiver on 127.0.0.1 for end-to-end suites. Its certificate is made fresh with
// the openssl CLI; pass `caFile` as NODE_EXTRA_CA_CERTS to the bundle so it trusts it. The path chooses
// the answer: /status/NNN/..., /stall/..., /huge/..., /redirect/..., /switch/<name>/... (settable, and
// can be slowed down or held).
import { createHmac, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import type http from 'node:http';
import type net from 'node:net';
import { testCertificate } from './tls-cert.ts';

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body bytes, exactly as sent. */
  raw: Buffer;
  json: any;
  /** Signature check of spec 6.4 against the secret registered for the path; undefined when none is. */
  verified: boolean | undefined;
  /** Date.now() when the whole body was in. */
  at: number;
  /** The status the receiver answered; undefined when it stalled (or is still waiting to answer). */
  status?: number;
  /** Date.now() when it answered. */
  answeredAt?: number;
  /** The sender's port: tells which process sent it (its sockets in /proc). */
  remotePort: number;
}

/** How a 10 MB answer ended: bytes handed to the socket, and whether all of them went. */
export interface HugeEnd {
  written: number;
  finished: boolean;
}

/** A running receiver. */
export interface HttpsReceiver {
  port: number;
  /** PEM file of the self-signed certificate (for NODE_EXTRA_CA_CERTS). */
  caFile: string;
  received: Received[];
  hugeEnds: HugeEnd[];
  /** Webhook secret per path, used to verify each request's signature. */
  secrets: Map<string, string>;
  /** Status answered by /switch/<name>/... (503 until set). */
  switches: Map<string, number>;
  /**
   * Milliseconds a /switch/<name>/... request waits before it is answered (none until set); the status is read then.
   */
  delays: Map<string, number>;
  /**
   * Holds /switch/<name>/... requests unanswered until the returned release is called; they then answer the switch's
   * status.
   */
  hold(name: string): () => void;
  url(pathname: string): string;
  /** Requests to one path, oldest first. */
  to(pathname: string): Received[];
  /**
   * Polls until `check` is true; throws naming `what` if it is not within `limitMs` (a liveness bound, not a timing
   * assertion).
   */
  waitFor(check: () => boolean, what: string, limitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Size of the answer sendHuge starts: far past the 1 KB a webhook attempt may read. */
export const HUGE_BYTES = 10 * 1024 * 1024;

/**
 * The receiver's check of Service-Signature, written from spec 6.4 alone: `t=<unix seconds>,v1=<hex>`
 * (one v1= per secret during a rotation),
 * hex = HMAC-SHA256 over "<t>.<raw body>" keyed with the whole secret; refuse when t is more than
 * 5 minutes from now; compare in constant time.
 */
export function verifySignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  // One v1= per signing secret (two during a rotation's 24 h overlap): any one that matches passes.
  const match = /^t=(\d+)((?:,v1=[0-9a-f]{64})+)$/.exec(header ?? '');
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > 5 * 60) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return match[2]
    .split(',v1=')
    .slice(1)
    .some((hex) => timingSafeEqual(Buffer.from(hex, 'hex'), expected));
}

/**
 * Starts the receiver with a throwaway certificate for 127.0.0.1 and localhost. `keepAliveMs` is how
 * long it keeps an idle connection (1 s unless set). It says so in a `Keep-Alive: timeout=N` header,
 * and Node's client agent drops a connection whose hint is 1 s, so by default every request comes on a
 * new connection; a benchmark that should see connections reused, as real receivers allow, sets 5 s
 * (Node's own default).
 */
export async function startHttpsReceiver(opts: { keepAliveMs?: number } = {}): Promise<HttpsReceiver> {
  const { key, cert, caFile } = testCertificate(['IP:127.0.0.1', 'DNS:localhost']);

  const received: Received[] = [];
  const hugeEnds: HugeEnd[] = [];
  const secrets = new Map<string, string>();
  const switches = new Map<string, number>();
  const delays = new Map<string, number>();
  const holds = new Map<string, Promise<void>>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const pathname = req.url ?? '/';
      const secret = secrets.get(pathname);
      let json: any;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = undefined;
      }
      const verified =
        secret === undefined
          ? undefined
          : verifySignature(req.headers['service-signature'] as string | undefined, raw, secret);
      const entry: Received = {
        path: pathname,
        headers: req.headers,
        raw,
        json,
        verified,
        at: Date.now(),
        remotePort: req.socket.remotePort ?? 0,
      };
      received.push(entry);
      const reply = () => {
        entry.status = answer(pathname, res);
        if (entry.status !== undefined) entry.answeredAt = Date.now();
      };
      const wait = switchWait(pathname);
      if (wait) void wait.then(reply);
      else reply();
    });
  });

  /** What a /switch/<name>/... request waits for before its answer (a delay, then a hold), or undefined for none. */
  function switchWait(pathname: string): Promise<void> | undefined {
    const [, kind, name] = pathname.split('/');
    if (kind !== 'switch') return undefined;
    const delay = delays.get(name) ?? 0;
    if (delay === 0 && !holds.has(name)) return undefined;
    // The hold is looked up after the delay: a request delayed past a release is not held by it.
    return new Promise<void>((r) => setTimeout(r, delay)).then(() => holds.get(name));
  }
  server.keepAliveTimeout = opts.keepAliveMs ?? 1000;

  /** Answers by path; returns the status sent. */
  function answer(pathname: string, res: http.ServerResponse): number | undefined {
    const [, kind, arg] = pathname.split('/');
    const status =
      kind === 'status'
        ? Number(arg)
        : kind === 'switch'
          ? (switches.get(arg) ?? 503)
          : kind === 'redirect'
            ? 302
            : kind === 'huge'
              ? 200
              : kind === 'stall'
                ? undefined
                : 404;
    if (status === undefined) return undefined; // stalls: never answers; the sender's timeout ends it
    if (kind === 'huge') sendHuge(res, (end) => hugeEnds.push(end));
    else if (kind === 'redirect') res.writeHead(302, { location: '/status/200/redirected' }).end();
    else res.writeHead(status).end('ok');
    return status;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    caFile,
    received,
    hugeEnds,
    secrets,
    switches,
    delays,
    hold: (name) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      holds.set(name, held);
      return () => {
        if (holds.get(name) === held) holds.delete(name);
        release();
      };
    },
    url: (pathname) => `https://127.0.0.1:${port}${pathname}`,
    to: (pathname) => received.filter((r) => r.path === pathname),
    waitFor: async (check, what, limitMs = 20_000) => {
      const deadline = Date.now() + limitMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`receiver: gave up waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers 10 MB in 16 KB writes, honouring backpressure, and reports how far it got. */
/** Starts a 10 MB answer and reports how much was written when the connection ended. */
export function sendHuge(res: http.ServerResponse, done: (end: HugeEnd) => void) {
  const chunk = Buffer.alloc(16 * 1024, 0x78);
  let written = 0;
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(HUGE_BYTES) });
  res.on('close', () => done({ written, finished: res.writableFinished }));
  res.on('error', () => {});
  const pump = () => {
    while (written < HUGE_BYTES && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}
