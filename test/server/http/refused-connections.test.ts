// Refused requests over raw sockets, against the real bundle (security review "Who gets in", findings
// 6 and 7): a chunked body past 64 KB gets its 413 rather than a reset, and a client answered 429 is
// cut off however slowly it keeps sending.
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../../helpers/api.ts';
import { startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let formId = '';

/** What a raw socket received until the server closed it (or `giveUpMs` passed), and whether it closed. */
interface Exchange {
  text: string;
  closedByServer: boolean;
  /** The server's FIN came before any reset: the whole answer was delivered. */
  graceful: boolean;
}

/**
 * Sends `head`, then `nextPart()` every `everyMs` until the server closes the connection or `giveUpMs`
 * passes; collects everything received. Write errors (the server closed first) end the sending only.
 */
function exchange(
  head: string,
  nextPart: () => Buffer,
  everyMs: number,
  giveUpMs: number,
  upFront: Buffer[] = [],
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closedByServer: boolean, graceful: boolean) => {
      if (done) return;
      done = true;
      clearInterval(sender);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ text, closedByServer, graceful });
    };
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('end', () => finish(true, true));
    socket.on('close', () => finish(true, false));
    socket.on('error', () => finish(true, false));
    socket.write(head);
    for (const part of upFront) socket.write(part);
    const sender = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(nextPart());
    }, everyMs);
    const giveUp = setTimeout(() => finish(false, false), giveUpMs);
  });
}

const chunk = (bytes: number) => Buffer.from(`${bytes.toString(16)}\r\n${'a'.repeat(bytes)}\r\n`);

const refused = suite('refused connections');
refused.before(async () => {
  server = await startServer({
    env: { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_RATE_LIMIT: 'on', FORMSTEAD_TRUST_PROXY: '1' },
  });
  formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } }))
    .json.form_id;
});
refused.after(async () => {
  await server.stop();
});

refused('a chunked body past 64 KB is answered 413 in the spec shape, then the connection closes', async () => {
  const head =
    `POST /v1/f/${formId} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    'X-Forwarded-For: 203.0.113.60\r\nTransfer-Encoding: chunked\r\n\r\n';
  // 4 MB sent at once, then more every few milliseconds: the client is still sending when the server
  // refuses. Several rounds, because a reset loses the answer only some of the time.
  for (let round = 0; round < 8; round++) {
    const upFront = Array.from({ length: 256 }, () => chunk(16 * 1024));
    const got = await exchange(head, () => chunk(16 * 1024), 2, 10_000, upFront);
    assert.ok(got.graceful, `round ${round}: closed without a reset (got ${JSON.stringify(got.text.slice(0, 40))})`);
    assert.ok(got.text.startsWith('HTTP/1.1 413'), got.text.slice(0, 200));
    assert.match(got.text, /connection: close/i);
    const body = JSON.parse(got.text.slice(got.text.indexOf('\r\n\r\n') + 4));
    assert.equal(body, { error: 'payload_too_large', details: ['body: larger than 65536 bytes'] });
  }
});

refused('a client answered 429 gets Connection: close and is cut off while it still trickles', async () => {
  const ip = '203.0.113.61';
  // Use up the address's submissions (burst 20) with ordinary posts.
  let status = 201;
  for (let i = 0; i < 40 && status !== 429; i++) {
    status = (
      await call(server.url, 'POST', `/v1/f/${formId}`, {
        body: { values: { name: 'Ada', email: 'ada@example.com' } },
        headers: { 'x-forwarded-for': ip },
      })
    ).status;
  }
  assert.is(status, 429, 'the address is limited');
  const head =
    `POST /v1/f/${formId} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    `X-Forwarded-For: ${ip}\r\nContent-Length: 100000\r\n\r\n`;
  // One byte every 100 ms, for up to 20 s: before the fix the connection stayed open all that time.
  const got = await exchange(head, () => Buffer.from('a'), 100, 20_000);
  assert.ok(got.text.startsWith('HTTP/1.1 429'), got.text.slice(0, 200));
  assert.match(got.text, /connection: close/i);
  assert.match(got.text, /retry-after: \d+/i);
  assert.ok(got.closedByServer, 'the server closed the connection while the client trickled');
});

refused.run();
