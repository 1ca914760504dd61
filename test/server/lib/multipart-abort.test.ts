// readMultipart when the client leaves while a file part waits for its reader (queued behind another
// file, or while onFile opens its temp file): the read ends with ClientGone, the reader that comes late
// gets the error, and nothing else happens. An unheard 'error' event on the waiting part used to end the
// whole process, so any client could stop the server by leaving at the right moment.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ClientGone } from '../../../server/lib/api-error.ts';
import { readMultipart } from '../../../server/lib/multipart.ts';

/** A promise with its resolve, for steps that wait on each other. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const abort = suite('multipart: the client leaves while a file part waits');

abort('the read rejects with ClientGone, the late reader gets an error, the process goes on', async () => {
  const fileSeen = signal();
  const reqClosed = signal();
  const proceed = signal();
  let read!: Promise<unknown>;
  let lateOutcome!: (outcome: unknown) => void;
  const late = new Promise<unknown>((r) => (lateOutcome = r));
  const server = http.createServer((req, res) => {
    req.on('close', () => reqClosed.resolve());
    read = readMultipart(req, {
      maxFieldBytes: 1024,
      onFile: async (file) => {
        fileSeen.resolve();
        // Not reading yet, as when the temp file is being opened.
        await proceed.promise;
        try {
          for await (const _chunk of file.stream);
          lateOutcome('read to the end');
        } catch (err) {
          lateOutcome(err);
        }
      },
    });
    read.catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; ` +
        `boundary=b1\r\nContent-Length: 5000\r\n\r\n` +
        '--b1\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\nContent-Type: ' +
        'application/pdf\r\n\r\n%PDF-1.4 cut',
    );
    await fileSeen.promise;
    socket.destroy();
    await reqClosed.promise;
    const outcome = await read.then(
      () => 'resolved',
      (err) => err,
    );
    assert.instance(outcome, ClientGone, 'the read ends as a client that left');
    proceed.resolve();
    assert.instance(await late, Error, 'the late reader learns the part was cut');
  } finally {
    await new Promise((r) => server.close(r));
  }
});

abort.run();
