// The baseline for durable writes (the limit a durable endpoint can reach here): node:http parses the
// same JSON body, appends it to a file and answers 201 only after an fdatasync that covers it. Bodies
// that arrive while a sync runs share the next one (group commit), as Formstead's journal does.
// Usage: node bare-durable-server.mjs PORT FILE. Without FILE it answers at once and writes nothing: the
// bare HTTP exchange alone (pg-ingest's baseline for what two processes sharing one core cost).
import fs from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const fd = file ? fs.openSync(file, 'a') : -1;
let waiting = [];
let syncing = false;

/** Writes every waiting body in one append, fdatasyncs once, then answers them all. */
function commit() {
  if (syncing || waiting.length === 0) return;
  syncing = true;
  const batch = waiting;
  waiting = [];
  fs.write(fd, Buffer.concat(batch.map((w) => w.line)), (writeErr) => {
    if (writeErr) throw writeErr;
    fs.fdatasync(fd, (syncErr) => {
      if (syncErr) throw syncErr;
      syncing = false;
      for (const w of batch) w.answer();
      commit();
    });
  });
}

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      // An empty request is the readiness probe.
      if (!body) return void res.writeHead(200).end();
      const out = JSON.stringify({ id: 'x', values: JSON.parse(body).values });
      const answer = () =>
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
      if (fd < 0) return answer();
      waiting.push({ line: Buffer.from(`${body}\n`), answer });
      commit();
    });
  })
  .listen(Number(port), '127.0.0.1');
