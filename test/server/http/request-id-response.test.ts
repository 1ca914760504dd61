// RequestIdResponse: every way a handler writes its head (writeHead with an object, an array or a status
// message, setHeader first, or no writeHead at all) answers with the request's X-Request-Id, and the
// handler's own headers are all there.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestIdResponse } from '../../../server/http/request-id-response.ts';

const shared = { 'content-type': 'text/plain', 'x-shared': 'yes' };
const ways: Record<string, (res: RequestIdResponse) => void> = {
  object: (res) => res.writeHead(201, shared).end('a'),
  array: (res) => res.writeHead(202, ['content-type', 'text/plain', 'x-shared', 'yes']).end('b'),
  message: (res) => res.writeHead(203, 'Fine', shared).end('c'),
  'set first': (res) => {
    res.setHeader('x-shared', 'yes');
    res.writeHead(204, { 'content-type': 'text/plain' }).end();
  },
  implicit: (res) => {
    res.statusCode = 205;
    res.setHeader('x-shared', 'yes');
    res.end();
  },
  'no headers': (res) => res.writeHead(206).end(),
};

const test = suite('RequestIdResponse');

test('each way of writing the head carries the id and the handler’s headers; the shared object is left alone', async () => {
  let n = 0;
  const server = http.createServer({ ServerResponse: RequestIdResponse }, (req, res) => {
    res.requestId = `id-${++n}`;
    ways[decodeURIComponent(req.url!.slice(1))](res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const [i, way] of Object.keys(ways).entries()) {
      const res = await fetch(`${base}/${encodeURIComponent(way)}`);
      await res.arrayBuffer();
      assert.is(res.status, 201 + i, way);
      assert.is(res.headers.get('x-request-id'), `id-${i + 1}`, way);
      if (way !== 'no headers') assert.is(res.headers.get('x-shared'), 'yes', way);
    }
    assert.equal(shared, { 'content-type': 'text/plain', 'x-shared': 'yes' });
  } finally {
    server.close();
  }
});

test.run();
