// A client that leaves mid-body is not the server's error: no answer, nothing in the log (anyone could
// otherwise fill the log with stack traces). Read from the real bundle's output.
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { publishFileForm } from '../helpers/files.ts';
import { startServer } from '../helpers/server.ts';

/** The start of a multipart post: a text part, then a file part cut off in its content. */
const multipartStart =
  '--b1\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n' +
  '--b1\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\nContent-Type: ' +
  'application/pdf\r\n\r\n%PDF-1.4 cut';
const multipart = 'multipart/form-data; boundary=b1';

/**
 * Sends a request's head with `Expect: 100-continue`, waits for the server's 100 Continue (so the
 * request has reached its handler), sends part of the body and closes the connection.
 */
async function leaveMidBody(
  port: number,
  path: string,
  contentType: string,
  part = '{"values": {"name": "Ad',
  headers = '',
): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  // The server drops a connection whose client left (no answer): a reset may reach us before we close.
  socket.on('error', () => {});
  await new Promise((r) => socket.once('connect', r));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ` +
      `5000\r\n${headers}Expect: 100-continue\r\n\r\n`,
  );
  const first = await new Promise<string>((resolve) => {
    socket.once('data', (d) => resolve(String(d)));
    socket.once('close', () => resolve('the connection closed (is the server still up?)'));
  });
  assert.match(first, /^HTTP\/1\.1 100 Continue/);
  socket.write(part);
  // Our end is sent, or the server's reset came first: either way we have left.
  await new Promise<void>((r) => {
    socket.once('error', () => r());
    socket.once('close', () => r());
    socket.end(() => r());
  });
  socket.destroy();
}

const aborts = suite('client aborts');

aborts('leaving mid-body on each kind of body-reading route logs nothing and answers nothing', async () => {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const { form_id } = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json;
  const before = server.output().length;
  await leaveMidBody(server.port, `/v1/f/${form_id}`, 'application/json');
  await leaveMidBody(server.port, '/v1/forms', 'application/json');
  await leaveMidBody(server.port, '/admin/login', 'application/x-www-form-urlencoded');
  await leaveMidBody(server.port, '/mcp', 'application/json');
  // Multipart bodies are read as streams (files): a post with a file, both kinds of upload, a sign-in.
  const withFile = await publishFileForm(server.url);
  // Several rounds: each leaves at another moment of the upload (a file part may still wait for its reader).
  for (let round = 0; round < 3; round++) {
    await leaveMidBody(server.port, `/v1/f/${withFile}`, multipart, multipartStart);
    await leaveMidBody(
      server.port,
      `/v1/f/${withFile}/uploads?field=cv`,
      'application/pdf',
      '%PDF-1.4 cut',
      'X-File-Name: a.pdf\r\n',
    );
    await leaveMidBody(server.port, `/v1/f/${withFile}/uploads?field=cv`, multipart, multipartStart);
  }
  await leaveMidBody(
    server.port,
    '/admin/login',
    multipart,
    '--b1\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@exa',
  );
  // The server still works, and its shutdown (many turns of the event loop after the aborts) flushes the log.
  assert.is(
    (
      await call(server.url, 'POST', `/v1/f/${form_id}`, {
        body: { values: { name: 'Ada', email: 'ada@example.com' } },
      })
    ).status,
    201,
  );
  assert.is(await server.stop(), 0);
  const log = server.output().slice(before);
  assert.not.match(log, /error/i, log);
  assert.not.match(log, /^\s+at /m, log);
});

aborts.run();
