// SIGTERM and SIGINT: the server stops taking connections, answers the requests already in flight,
// writes a snapshot and exits 0 (issue: the server).
import http from 'node:http';
import net from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, contactDefinition, OWNER_KEY } from '../helpers/api.ts';
import { startServer } from '../helpers/server.ts';

const shutdown = suite('shutdown');

/** GET /healthz on a connection of its own (fetch could reuse an older kept-alive one). */
const healthOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject);
  });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  shutdown(`${signal} finishes a request in flight, snapshots and exits 0`, async () => {
    const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
    const form = (
      await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
    ).json;
    const body = JSON.stringify({ values: { name: 'Ada', email: 'ada@example.com' } });
    // Send half the body, signal the server, then the rest: the request was in flight at the signal.
    let req!: http.ClientRequest;
    let headWritten!: () => void;
    const written = new Promise<void>((resolve) => (headWritten = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req = http.request(
        `${server.url}/v1/f/${form.form_id}`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10), () => headWritten());
    });
    // Signal only once the server has read that request's start: a connection with nothing read yet is
    // idle, and a shutdown rightly closes it (a fixed 200 ms wait assumed the server got that far). A
    // request on a newer connection answered means the older one was accepted and read before it.
    await Promise.race([written, answer.then(() => {})]);
    assert.is(await healthOnNewConnection(server.url), 200);
    server.child.kill(signal);
    await new Promise((r) => setTimeout(r, 300));
    req.end(body.slice(10));
    const result = await answer;
    assert.is(result.status, 201, result.text);
    assert.is(await server.stop(), 0);
    const files = readdirSync(server.dataDir);
    assert.ok(existsSync(path.join(server.dataDir, 'formstead.db')), 'a snapshot was written');
    assert.not.ok(files.includes('lock'), 'the lock was released');
    const again = await startServer({ dataDir: server.dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
    const list = await call(again.url, 'GET', `/v1/forms/${form.form_id}/submissions`, { key: OWNER_KEY });
    assert.is(list.json.submissions.length, 1, 'the in-flight submission was kept');
    await again.stop();
  });
}

shutdown('SIGTERM: /readyz answers 503 at once while a request in flight still finishes', async () => {
  const server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const form = (
    await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition: contactDefinition() } })
  ).json;
  const body = JSON.stringify({ values: { name: 'Ada', email: 'ada@example.com' } });
  // Connection A: a submission in flight (half its body sent). Connection B: a readiness check whose
  // request has begun but not ended, so it is no idle connection the shutdown may close.
  const submission = net.connect(server.port, '127.0.0.1');
  let submitted = '';
  submission.on('data', (d) => (submitted += d));
  const submissionClosed = new Promise((resolve) => submission.on('close', resolve));
  submission.write(
    `POST /v1/f/${form.form_id} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  const check = net.connect(server.port, '127.0.0.1');
  let checked = '';
  check.on('data', (d) => (checked += d));
  const checkClosed = new Promise((resolve) => check.on('close', resolve));
  await new Promise<void>((resolve) =>
    check.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n', () => resolve()),
  );
  // Both older connections were accepted and read once a newer one is answered.
  assert.is(await healthOnNewConnection(server.url), 200);
  server.child.kill('SIGTERM');
  while (!server.output().includes('SIGTERM: finishing in-flight requests'))
    await new Promise((r) => setTimeout(r, 20));
  // write, not end: Node's server takes a half-closed connection for a client that left.
  check.write('\r\n');
  await checkClosed;
  assert.ok(checked.startsWith('HTTP/1.1 503'), checked);
  assert.match(checked, /"error":"shutting_down"/);
  submission.write(body.slice(10));
  await submissionClosed;
  assert.ok(submitted.startsWith('HTTP/1.1 201'), submitted);
  assert.is(await server.stop(), 0);
});

shutdown.run();
