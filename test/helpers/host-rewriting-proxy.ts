// A reverse proxy for tests of the panel behind proxies that get in its way: one that replaces the Host
// header with its target's (as nginx does without `proxy_set_header Host`), or one that passes no
// WebSocket upgrades (nginx without the Upgrade headers).
import http from 'node:http';
import net from 'node:net';

/** A running proxy: its URL and a way to stop it. */
export interface HostRewritingProxy {
  url: string;
  close: () => Promise<void>;
}

/**
 * Forwards requests and WebSocket upgrades to `target` (http://host:port) with Host set to the
 * target's; `rewriteHost: false` keeps the browser's Host, `upgrades: false` drops every upgrade.
 */
export async function startHostRewritingProxy(
  target: string,
  opts: { rewriteHost?: boolean; upgrades?: boolean } = {},
): Promise<HostRewritingProxy> {
  const to = new URL(target);
  const hostFor = (req: http.IncomingMessage) => (opts.rewriteHost === false ? req.headers.host : to.host);
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: hostFor(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req, socket, head) => {
    if (opts.upgrades === false) return void socket.destroy();
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: hostFor(req) }).map(
        ([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`,
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
