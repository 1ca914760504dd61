// Signing in to a running bundle's admin panel and talking to its tRPC channel from Node, for the
// end-to-end admin suites.
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../../server/admin/routers/_app.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

/** The owner's password in the e2e suites. */
export const OWNER_PASSWORD = 'correct horse battery';

/** Creates the owner through the one-time setup link the bundle printed; returns the session cookie. */
export async function setupOwner(server: RunningServer, email = 'owner@example.com'): Promise<string> {
  const link = /Create the owner account \(this link works once\): (\S+)/.exec(server.output())?.[1];
  if (!link) throw new Error(`no setup link in the output:\n${server.output()}`);
  const token = new URL(link).searchParams.get('token')!;
  const res = await fetch(`${server.url}/admin/setup`, {
    method: 'POST',
    body: new URLSearchParams({ token, email, password: OWNER_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`setup answered ${res.status}: ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0];
}

/**
 * A bundle on a free port that knows it as its public URL, with the owner set up: the server and the owner's session
 * cookie.
 */
export async function startWithOwner(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; cookie: string }> {
  const port = await freePort();
  const server = await startServer({ port, env: { FORMSTEAD_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
  return { server, cookie: await setupOwner(server) };
}

/** A tRPC client on the admin socket with this cookie and Origin; `close` ends the socket. */
export function adminClient(server: RunningServer, cookie: string, origin = new URL(server.url).origin) {
  // The browser adds Cookie and Origin to the upgrade by itself; from Node they are set by hand.
  class BrowserLikeSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin } });
    }
  }
  const ws = createWSClient({
    url: `${server.url.replace(/^http/, 'ws')}/admin/trpc`,
    WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 60_000,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws })] });
  return { client, close: () => ws.close() };
}

/** Tries the upgrade by hand and resolves with the HTTP status it got (101 when accepted). */
export function upgradeStatus(server: RunningServer, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${path}`, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.on('error', (err) => reject(err));
  });
}
