// The admin channel's WebSocket endpoint, /admin/trpc: the upgrade is accepted only from the panel's
// own address or the public URL's origin with a live session, then tRPC serves the admin router on it.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import type { Services } from '../core/services.ts';
import { sessionToken } from '../core/session-cookie.ts';
import type { JobRegistry } from '../lib/cron.ts';
import { createAdminContext, originAllowed } from './context.ts';
import { appRouter } from './routers/_app.ts';

/** The path of the admin channel. */
export const ADMIN_SOCKET_PATH = '/admin/trpc';

/** Panel messages are small; anything bigger is not the panel. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/** Serves the admin router on `server`'s upgrades to /admin/trpc; `close` ends every socket (shutdown). */
export function attachAdminChannel(
  server: http.Server,
  services: Services,
  opts: { jobs?: JobRegistry; log: (line: string) => void },
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => createAdminContext(services, opts.jobs, req),
    // Pings find sockets whose browser went away without a close (sleep, lost network).
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        opts.log(`error: admin ${path ?? '(connection)'}: ${error.cause?.stack ?? error.message}`);
    },
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // A reset during the checks below must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    void accept(services, wss, req, socket, head).catch((err) => {
      opts.log(`error: admin upgrade: ${err instanceof Error ? err.message : String(err)}`);
      refuse(socket, 500, 'Internal Server Error');
    });
  });

  return {
    /** Asks panels to reconnect later and closes every socket, so the HTTP server can finish closing. */
    close() {
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/**
 * Checks BEFORE accepting: the path, the Origin (browsers send cookies with any page's WebSocket, so
 * this is the CSRF defence of the channel) and a live session. Anything else gets a plain HTTP error.
 */
async function accept(
  services: Services,
  wss: WebSocketServer,
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== ADMIN_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
  if (!originAllowed(req.headers.origin, req.headers.host, services.config.publicUrl))
    return refuse(socket, 403, 'Forbidden');
  if (!(await services.accounts.session(sessionToken(req)))) return refuse(socket, 403, 'Forbidden');
  if (socket.destroyed) return;
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}

function refuse(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ` +
      `${text.length}\r\n\r\n${text}`,
  );
}
