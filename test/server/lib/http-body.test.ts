import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../server/lib/api-error.ts';
import { MAX_BODY_BYTES, readBody } from '../../../server/lib/http-body.ts';

/** A server whose every request is read with readBody; each outcome (bytes or error) is recorded. */
async function bodyServer(limit?: number, delayMs = 0) {
  const outcomes: Array<{ bytes?: Buffer; error?: unknown }> = [];
  let settled: () => void = () => {};
  const server = http.createServer(async (req, res) => {
    // A handler may await other work (a key check, a store read) before it reads the body.
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    readBody(req, limit).then(
      (bytes) => {
        outcomes.push({ bytes });
        res.end(`${bytes.length}`);
        settled();
      },
      (error) => {
        outcomes.push({ error });
        res.writeHead(error instanceof ApiError ? error.status : 500, { connection: 'close' });
        res.end();
        settled();
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref(); // a failed test that never reaches close() must not keep the process alive
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    outcomes,
    /** Resolves at the next outcome (at once if one is already there past `seen`); fails after 5 s. */
    next: (seen: number) =>
      outcomes.length > seen
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error('readBody neither resolved nor rejected within 5 s')),
              5000,
            );
            settled = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Sends a chunked POST (no content-length) made of `parts`. */
function postChunked(port: number, parts: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/' }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    for (const p of parts) req.write(p);
    req.end();
  });
}

const body = suite('readBody: whole bodies, the size limit, clients that leave');

body('returns every byte of a body sent in several chunks', async () => {
  const s = await bodyServer();
  const parts = [Buffer.from('{"values":'), Buffer.alloc(3000, 0x61), Buffer.from('}')];
  assert.is(await postChunked(s.port, parts), 200);
  assert.equal(s.outcomes[0].bytes, Buffer.concat(parts));
  await s.close();
});

body('a body of exactly the limit is read; one byte more is a 413, also without content-length', async () => {
  const s = await bodyServer(1000);
  assert.is(await postChunked(s.port, [Buffer.alloc(600), Buffer.alloc(400)]), 200);
  assert.is(s.outcomes[0].bytes!.length, 1000);
  assert.is(await postChunked(s.port, [Buffer.alloc(600), Buffer.alloc(401)]), 413);
  assert.instance(s.outcomes[1].error, ApiError);
  assert.is((s.outcomes[1].error as ApiError).code, 'payload_too_large');
  await s.close();
});

body('a declared content-length over 64 KB is refused before any byte is read', async () => {
  const s = await bodyServer();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      { port: s.port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-length': MAX_BODY_BYTES + 1 } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', reject);
    req.write('x'); // the rest never comes: the answer must not wait for it
  });
  assert.is(status, 413);
  await s.close();
});

/** Sends a request head and the start of its 500-byte body, then drops the connection after `ms`. */
async function leaveMidBody(port: number, ms: number): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{"values":');
  await new Promise((r) => setTimeout(r, ms));
  socket.destroy();
}

body('a client that goes away mid-body rejects the read instead of leaving it pending', async () => {
  const s = await bodyServer();
  await leaveMidBody(s.port, 50);
  await s.next(0);
  assert.ok(s.outcomes[0].error instanceof Error, 'the read failed');
  assert.not.instance(s.outcomes[0].error, ApiError);
  await s.close();
});

body('a client that left before the handler started reading rejects the read too', async () => {
  const s = await bodyServer(undefined, 150);
  await leaveMidBody(s.port, 30);
  await s.next(0);
  assert.ok(s.outcomes[0].error instanceof Error, 'the read failed');
  await s.close();
});

body('a body read a second time is empty rather than a read that never ends', async () => {
  const seconds: Buffer[] = [];
  const server = http.createServer(async (req, res) => {
    await readBody(req);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the second read never settled')), 5000).unref(),
    );
    seconds.push(await Promise.race([readBody(req), timeout]).catch(() => Buffer.from('never settled')));
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  assert.is(await postChunked((server.address() as AddressInfo).port, [Buffer.from('{}')]), 200);
  assert.is(seconds[0].length, 0);
  await new Promise<void>((r) => server.close(() => r()));
});

body.run();
