import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { TLSSocket } from 'node:tls';
import {
  classifyNetworkError,
  classifyStatus,
  sendWebhook,
  type SendWebhookOptions,
  type SendWebhookResult,
} from '../../../server/lib/webhook-send.ts';
import { signatureHeader } from '../../../server/lib/webhook-signature.ts';
import { HUGE_BYTES, sendHuge, verifySignature, type HugeEnd } from '../../helpers/https-receiver.ts';
import { testCertificate } from '../../helpers/tls-cert.ts';

// A throwaway self-signed certificate for receiver.test and 127.0.0.1.
const { key: KEY, cert: CERT } = testCertificate(['DNS:receiver.test', 'IP:127.0.0.1']);

const SECRET = `whsec_${'ab'.repeat(32)}`;
const SUBMISSION_ID = '3f1c2a4e-9b7d-4c1e-8f2a-6d5e4c3b2a19';
const TEXTS = new Set([
  'address not allowed',
  'invalid url',
  'dns failed',
  'timeout',
  'tls error',
  'connection failed',
]);

/** What the receiver saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  servername: string | false | null;
}

interface Receiver {
  port: number;
  seen: Seen[];
  hugeEnded: Promise<HugeEnd>;
  close: () => Promise<void>;
}

/** Starts an HTTPS receiver on 127.0.0.1; its behaviour is chosen by the request path. */
async function startReceiver(): Promise<Receiver> {
  const seen: Seen[] = [];
  let hugeDone: (end: HugeEnd) => void = () => {};
  const hugeEnded = new Promise<HugeEnd>((resolve) => (hugeDone = resolve));
  const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        servername: (req.socket as TLSSocket).servername,
      });
      const status = /^\/status\/(\d{3})$/.exec(req.url ?? '');
      if (status) {
        const code = Number(status[1]);
        if (code >= 300 && code < 400) res.setHeader('location', '/status/200');
        res.writeHead(code).end('ok');
      } else if (req.url === '/verify') {
        const ok = verifySignature(
          req.headers['service-signature'] as string | undefined,
          body,
          SECRET,
          Math.floor(Date.now() / 1000),
        );
        res.writeHead(ok ? 204 : 401).end();
      } else if (req.url === '/stall') {
        // never answers
      } else if (req.url === '/huge') {
        sendHuge(res, hugeDone);
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    seen,
    hugeEnded,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers 10 MB in 16 KB writes, honouring backpressure, and reports how far it got. */

/** A fake resolver: receiver.test and wrong.test lead to 127.0.0.1, nothing else resolves. */
const resolve = async (host: string): Promise<string[]> => {
  if (host === 'receiver.test' || host === 'wrong.test') return ['127.0.0.1'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

/** The signed request of spec 6.2 for a body. */
function webhookHeaders(body: string, t = Math.floor(Date.now() / 1000)): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1',
    'Service-Signature': signatureHeader(SECRET, body, t),
    'Service-Submission-Id': SUBMISSION_ID,
  };
}

const BODY = JSON.stringify({
  type: 'submission.created',
  form_id: 'frm_1',
  submission_id: SUBMISSION_ID,
  form_version: 3,
  version: 3,
  values: { name: 'Zoë 🦊', note: 'line\nbreak' },
  created_at: '2026-11-21T10:00:00.123Z',
});

/** Sends to the receiver through receiver.test with allowPrivate, unless overridden. */
function send(port: number, pathname: string, extra: Partial<SendWebhookOptions> = {}): Promise<SendWebhookResult> {
  return sendWebhook({
    url: `https://receiver.test:${port}${pathname}`,
    body: BODY,
    headers: webhookHeaders(BODY),
    allowPrivate: true,
    timeoutMs: 5000,
    resolve,
    ca: CERT,
    ...extra,
  });
}

/** Checks the shape every result must have, whatever happened. */
function assertWellFormed(result: SendWebhookResult) {
  assert.ok(Number.isInteger(result.durationMs) && result.durationMs >= 0, 'durationMs');
  if (result.error !== undefined) assert.ok(TEXTS.has(result.error) || /^http \d{3}$/.test(result.error), result.error);
  assert.not.match(result.error ?? '', /127\.0\.0\.1|::1/);
}

type Ctx = { receiver: Receiver };

const statuses = suite<Ctx>('webhook-send: receiver statuses');
statuses.before(async (ctx) => {
  ctx.receiver = await startReceiver();
});
statuses.after(async (ctx) => ctx.receiver.close());

const statusTable: [number, SendWebhookResult['outcome']][] = [
  [200, 'delivered'],
  [201, 'delivered'],
  [202, 'delivered'],
  [204, 'delivered'],
  [301, 'cancel'],
  [302, 'cancel'],
  [307, 'cancel'],
  [308, 'cancel'],
  [400, 'cancel'],
  [401, 'cancel'],
  [403, 'cancel'],
  [404, 'cancel'],
  [410, 'cancel'],
  [422, 'cancel'],
  [408, 'retry'],
  [425, 'retry'],
  [429, 'retry'],
  [500, 'retry'],
  [502, 'retry'],
  [503, 'retry'],
  [504, 'retry'],
];

for (const [code, outcome] of statusTable) {
  statuses(`${code} → ${outcome}`, async ({ receiver }) => {
    const before = receiver.seen.length;
    const result = await send(receiver.port, `/status/${code}`);
    assertWellFormed(result);
    assert.is(result.statusCode, code);
    assert.is(result.outcome, outcome);
    assert.is(result.error, outcome === 'delivered' ? undefined : `http ${code}`);
    // Exactly one request, also for a 3xx whose Location points back at the receiver: never followed.
    assert.equal(
      receiver.seen.slice(before).map((s) => s.url),
      [`/status/${code}`],
    );
  });
}

const request = suite<Ctx>('webhook-send: the request the receiver gets');
request.before(async (ctx) => {
  ctx.receiver = await startReceiver();
});
request.after(async (ctx) => ctx.receiver.close());

request('carries the spec 6.2 headers, the exact body, SNI and Host of the name', async ({ receiver }) => {
  const result = await send(receiver.port, '/status/200');
  assert.is(result.outcome, 'delivered');
  const got = receiver.seen.at(-1)!;
  assert.is(got.method, 'POST');
  assert.is(got.headers['content-type'], 'application/json');
  assert.is(got.headers['user-agent'], 'Service-Webhooks/1');
  assert.is(got.headers['service-submission-id'], SUBMISSION_ID);
  assert.match(String(got.headers['service-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
  assert.is(got.headers['content-length'], String(Buffer.byteLength(BODY)));
  assert.is(got.headers.host, `receiver.test:${receiver.port}`);
  assert.is(got.servername, 'receiver.test');
  assert.is(got.body.toString('utf8'), BODY);
});

request(
  'the receiver verifies the signature as spec 6.4 says (raw bytes, 5 minutes, constant time)',
  async ({ receiver }) => {
    const result = await send(receiver.port, '/verify');
    assert.is(result.statusCode, 204);
    assert.is(result.outcome, 'delivered');
  },
);

request('a signature older than 5 minutes is refused by that receiver', async ({ receiver }) => {
  const old = Math.floor(Date.now() / 1000) - 5 * 60 - 5;
  const result = await send(receiver.port, '/verify', { headers: webhookHeaders(BODY, old) });
  assert.is(result.statusCode, 401);
  assert.is(result.outcome, 'cancel');
});

request('a body that differs from the signed one is refused by that receiver', async ({ receiver }) => {
  const result = await send(receiver.port, '/verify', { body: BODY.replace('Zoë', 'Zoe') });
  assert.is(result.statusCode, 401);
});

request('the test verifier accepts its own good input and refuses a swapped signature', () => {
  const now = Math.floor(Date.now() / 1000);
  const raw = Buffer.from(BODY);
  assert.ok(verifySignature(signatureHeader(SECRET, BODY, now), raw, SECRET, now));
  assert.not.ok(verifySignature(signatureHeader(`${SECRET}x`, BODY, now), raw, SECRET, now));
  assert.not.ok(verifySignature('t=1,v1=zz', raw, SECRET, now));
});

request('a Host header from the caller cannot replace the checked name', async ({ receiver }) => {
  await send(receiver.port, '/status/200', { headers: { ...webhookHeaders(BODY), Host: 'evil.example' } });
  assert.is(receiver.seen.at(-1)!.headers.host, `receiver.test:${receiver.port}`);
});

request('an IP literal URL is checked against the IP in the certificate and sends no SNI', async ({ receiver }) => {
  const result = await send(receiver.port, '/status/200', { url: `https://127.0.0.1:${receiver.port}/status/200` });
  assert.is(result.outcome, 'delivered');
  const got = receiver.seen.at(-1)!;
  assert.is(got.headers.host, `127.0.0.1:${receiver.port}`);
  assert.not.ok(got.servername);
});

request('the query string is sent, path and all', async ({ receiver }) => {
  await send(receiver.port, '/status/200?token=abc');
  assert.is(receiver.seen.at(-1)!.url, '/status/200?token=abc');
});

const size = suite<Ctx>('webhook-send: response size');
size.before(async (ctx) => {
  ctx.receiver = await startReceiver();
});
size.after(async (ctx) => ctx.receiver.close());

size(
  'a 10 MB answer is not read: the connection closes long before the receiver could send it',
  async ({ receiver }) => {
    const result = await send(receiver.port, '/huge');
    assert.is(result.statusCode, 200);
    assert.is(result.outcome, 'delivered');
    const end = await receiver.hugeEnded;
    assert.is(end.finished, false, 'the receiver finished sending 10 MB');
    // What the receiver could hand over is bounded by socket buffers, far below the 10 MB it had.
    assert.ok(end.written < HUGE_BYTES / 2, `receiver wrote ${end.written} bytes`);
  },
);

const failures = suite<Ctx & { stallServer: net.Server; plainServer: http.Server; dropServer: net.Server }>(
  'webhook-send: transport failures',
);
failures.before(async (ctx) => {
  ctx.receiver = await startReceiver();
  // Accepts TCP, reads and never answers: the TLS handshake stalls. (Reading lets it see the
  // client's close; an unread socket would stay open and keep the server from closing.)
  ctx.stallServer = net.createServer((socket) => socket.resume());
  // Speaks plain HTTP where TLS is expected: a handshake failure.
  ctx.plainServer = http.createServer((_req, res) => res.end('plain'));
  // Accepts and hangs up at once.
  ctx.dropServer = net.createServer((socket) => socket.destroy());
  for (const srv of [ctx.stallServer, ctx.plainServer, ctx.dropServer])
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
});
failures.after(async (ctx) => {
  await ctx.receiver.close();
  ctx.plainServer.closeAllConnections();
  for (const srv of [ctx.stallServer, ctx.plainServer, ctx.dropServer]) await new Promise((r) => srv.close(r));
});

const portOf = (srv: net.Server) => (srv.address() as net.AddressInfo).port;

failures('a receiver that never answers → timeout, status 0, retried', async ({ receiver }) => {
  const result = await send(receiver.port, '/stall', { timeoutMs: 400 });
  assertWellFormed(result);
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'timeout', 'retry']);
});

failures('a TLS handshake that never completes → timeout', async ({ stallServer }) => {
  const result = await send(portOf(stallServer), '/status/200', { timeoutMs: 400 });
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'timeout', 'retry']);
});

failures('a host name that is not in the certificate → tls error, nothing sent', async ({ receiver }) => {
  const before = receiver.seen.length;
  const result = await send(receiver.port, '/status/200', { url: `https://wrong.test:${receiver.port}/status/200` });
  assertWellFormed(result);
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'tls error', 'retry']);
  assert.is(receiver.seen.length, before);
});

failures('a certificate from an untrusted CA → tls error', async ({ receiver }) => {
  const result = await send(receiver.port, '/status/200', { ca: undefined });
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'tls error', 'retry']);
});

failures('a plain HTTP server where TLS is expected → tls error', async ({ plainServer }) => {
  const result = await send(portOf(plainServer), '/status/200');
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'tls error', 'retry']);
});

failures('a receiver that hangs up at once → connection failed', async ({ dropServer }) => {
  const result = await send(portOf(dropServer), '/status/200');
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'connection failed', 'retry']);
});

failures('a closed port → connection failed', async () => {
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = portOf(closed);
  await new Promise((r) => closed.close(r));
  const result = await send(port, '/status/200');
  assertWellFormed(result);
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'connection failed', 'retry']);
});

failures('a name that does not resolve → dns failed, retried', async ({ receiver }) => {
  const result = await send(receiver.port, '/', { url: `https://nowhere.test:${receiver.port}/` });
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'dns failed', 'retry']);
});

failures('a resolver that never answers → dns failed once the attempt time is spent', async ({ receiver }) => {
  const result = await send(receiver.port, '/', { timeoutMs: 300, resolve: () => new Promise(() => {}) });
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'dns failed', 'retry']);
});

const guard = suite<Ctx>('webhook-send: address check on every attempt');
guard.before(async (ctx) => {
  ctx.receiver = await startReceiver();
});
guard.after(async (ctx) => ctx.receiver.close());

guard('without allowPrivate, 127.0.0.1 is refused and nothing reaches the receiver', async ({ receiver }) => {
  for (const url of [
    `https://127.0.0.1:${receiver.port}/status/200`,
    'https://127.0.0.1/status/200',
    `https://receiver.test:${receiver.port}/status/200`,
    'https://receiver.test/status/200',
  ]) {
    const result = await send(receiver.port, '', { url, allowPrivate: false });
    assertWellFormed(result);
    assert.equal([result.statusCode, result.error, result.outcome], [0, 'address not allowed', 'cancel'], url);
  }
  assert.is(receiver.seen.length, 0);
});

guard('an invalid url is cancelled without a request', async ({ receiver }) => {
  // http is allowed while developing (allowPrivate); another scheme never is.
  const result = await send(receiver.port, '', { url: `ftp://receiver.test:${receiver.port}/status/200` });
  assert.equal([result.statusCode, result.error, result.outcome], [0, 'invalid url', 'cancel']);
  assert.is(receiver.seen.length, 0);
});

guard('the resolver is asked again on each attempt (a name that turned private is refused)', async ({ receiver }) => {
  let answer = ['93.184.215.14'];
  const changing = async () => answer;
  const first = await sendWebhook({
    url: 'https://hook.example/x',
    body: BODY,
    headers: {},
    allowPrivate: false,
    timeoutMs: 300,
    resolve: changing,
  });
  answer = ['127.0.0.1'];
  const second = await sendWebhook({
    url: 'https://hook.example/x',
    body: BODY,
    headers: {},
    allowPrivate: false,
    timeoutMs: 300,
    resolve: changing,
  });
  assert.is.not(first.error, 'address not allowed');
  assert.is(second.error, 'address not allowed');
  assert.is(receiver.seen.length, 0);
});

const classify = suite('webhook-send: classification');

classify('classifyStatus follows spec 3.3 and 6.5 for every code class', () => {
  const table: [number, string][] = [
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [300, 'cancel'],
    [301, 'cancel'],
    [304, 'cancel'],
    [399, 'cancel'],
    [400, 'cancel'],
    [404, 'cancel'],
    [407, 'cancel'],
    [409, 'cancel'],
    [424, 'cancel'],
    [426, 'cancel'],
    [428, 'cancel'],
    [499, 'cancel'],
    [408, 'retry'],
    [425, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [501, 'retry'],
    [599, 'retry'],
    [100, 'retry'],
    [199, 'retry'],
    [600, 'retry'],
    [0, 'retry'],
  ];
  for (const [code, outcome] of table) assert.is(classifyStatus(code), outcome, String(code));
});

classify(
  'classifyNetworkError maps certificate and handshake codes to tls error, the rest to connection failed',
  () => {
    const table: [unknown, string][] = [
      [{ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, 'tls error'],
      [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'tls error'],
      [{ code: 'SELF_SIGNED_CERT_IN_CHAIN' }, 'tls error'],
      [{ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }, 'tls error'],
      [{ code: 'CERT_HAS_EXPIRED' }, 'tls error'],
      [{ code: 'CERT_NOT_YET_VALID' }, 'tls error'],
      [{ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }, 'tls error'],
      [{ code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE' }, 'tls error'],
      [{ code: 'ERR_TLS_HANDSHAKE_TIMEOUT' }, 'tls error'],
      [{ code: 'EPROTO' }, 'tls error'],
      [{ code: 'ERR_OSSL_X', library: 'SSL routines' }, 'tls error'],
      [{ code: 'ECONNREFUSED' }, 'connection failed'],
      [{ code: 'ECONNRESET' }, 'connection failed'],
      [{ code: 'EHOSTUNREACH' }, 'connection failed'],
      [{ code: 'HPE_HEADER_OVERFLOW' }, 'connection failed'],
      [new Error('no code'), 'connection failed'],
      ['a string', 'connection failed'],
      [null, 'connection failed'],
    ];
    for (const [err, text] of table) assert.is(classifyNetworkError(err), text, JSON.stringify(err));
  },
);

statuses.run();
request.run();
size.run();
failures.run();
guard.run();
classify.run();
