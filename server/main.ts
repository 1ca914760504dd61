// Entry point of the one-file bundle: placeholder until the server issue lands.
import http from 'node:http';

const flag = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const port = Number(flag("--port") ?? process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not_found","details":[]}');
});
server.listen(port, host, () => console.log(`Formstead listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
