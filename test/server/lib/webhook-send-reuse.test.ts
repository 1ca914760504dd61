// Connection reuse of sendWebhook: attempts to the same checked address and name share a kept-alive
// TLS connection; other names, long answers and fresh agents do not; a pooled connection the receiver
// closed meanwhile costs one transparent retry over a fresh connection, not a failed attempt.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';
import { sendWebhook, type SendWebhookOptions } from '../../../server/lib/webhook-send.ts';
import { testCertificate } from '../../helpers/tls-cert.ts';

const { key: KEY, cert: CERT } = testCertificate(['DNS:a.test', 'DNS:b.test', 'IP:127.0.0.1']);
const resolve = async () => ['127.0.0.1'];

/** An HTTPS receiver that counts TLS connections and answers by path. */
async function receiver() {
  let connections = 0;
  const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
    req.resume();
    req.on('end', () =>
      req.url === '/long' ? res.writeHead(200).end('x'.repeat(64 * 1024)) : res.writeHead(204).end(),
    );
  });
  server.on('secureConnection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const send = (url: string, extra: Partial<SendWebhookOptions> = {}) =>
  sendWebhook({
    url,
    body: '{"a":1}',
    headers: { 'Content-Type': 'application/json' },
    allowPrivate: true,
    timeoutMs: 5000,
    resolve,
    ca: CERT,
    ...extra,
  });

const reuse = suite('webhook-send: connection reuse');

reuse('attempts to the same name and address share one connection; another name gets its own', async () => {
  const r = await receiver();
  try {
    for (let i = 0; i < 5; i++) assert.is((await send(`https://a.test:${r.port}/ok`)).outcome, 'delivered');
    assert.is(r.connections(), 1, 'one TLS connection for five attempts');
    // b.test resolves to the same address, but its certificate check was never made on that connection.
    assert.is((await send(`https://b.test:${r.port}/ok`)).outcome, 'delivered');
    assert.is(r.connections(), 2);
    assert.is((await send(`https://127.0.0.1:${r.port}/ok`)).outcome, 'delivered');
    assert.is(r.connections(), 3, 'an IP literal URL (no SNI) does not share the named connections');
  } finally {
    await r.close();
  }
});

reuse('an answer over 1 KB drops its connection; agent: false never keeps one', async () => {
  const r = await receiver();
  try {
    assert.is((await send(`https://a.test:${r.port}/long`)).statusCode, 200);
    assert.is((await send(`https://a.test:${r.port}/long`)).statusCode, 200);
    assert.is(r.connections(), 2, 'the unread rest of an answer is never left on a reused connection');
    await send(`https://a.test:${r.port}/ok`, { agent: false });
    await send(`https://a.test:${r.port}/ok`, { agent: false });
    assert.is(r.connections(), 4);
  } finally {
    await r.close();
  }
});

reuse('a pooled connection the receiver closed without answering is retried once on a fresh one', async () => {
  // Answers the first request on each connection and keeps it open; a second request on the same
  // connection is dropped unanswered, like a server whose keep-alive timeout just expired.
  let connections = 0;
  let requests = 0;
  const server = tls.createServer({ key: KEY, cert: CERT }, (socket) => {
    connections++;
    let seen = 0;
    socket.on('data', (chunk) => {
      const posts = chunk.toString('latin1').split('POST ').length - 1;
      if (posts === 0) return;
      requests += posts;
      seen += posts;
      if (seen === 1) socket.write('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n');
      else socket.destroy();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  try {
    assert.is((await send(`https://a.test:${port}/first`)).outcome, 'delivered');
    const second = await send(`https://a.test:${port}/second`);
    assert.equal([second.outcome, second.statusCode, second.error], ['delivered', 204, undefined]);
    assert.is(connections, 2);
    assert.is(requests, 3, 'the lost request was sent again on the fresh connection');
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

reuse.run();
