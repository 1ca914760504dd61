// The panel's tRPC client: every call goes over one WebSocket to /admin/trpc. The browser sends the
// HttpOnly session cookie and the Origin with the upgrade by itself (same origin).
import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from '@trpc/client';
import type { AppRouter } from '../../server/admin/routers/_app.ts';
import { retryDelayMs, socketLost, socketOpened } from './connection.ts';

const WORKSPACE_KEY = 'formstead.workspace';

/** The workspace the panel acts in: `?workspace=` (kept for later visits), else the last one chosen. */
export function currentWorkspace(): string | null {
  const fromUrl = new URLSearchParams(location.search).get('workspace');
  if (fromUrl) localStorage.setItem(WORKSPACE_KEY, fromUrl);
  return fromUrl ?? localStorage.getItem(WORKSPACE_KEY);
}

/** Switches workspace: a new socket is needed, so the page reloads. */
export function switchWorkspace(id: string) {
  localStorage.setItem(WORKSPACE_KEY, id);
  location.assign('/admin');
}

/** Sends the browser to the sign-in page, back here afterwards. */
export function signInAgain() {
  location.assign(`/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}

const workspace = currentWorkspace();
const wsClient = createWSClient({
  url: () => {
    const query = workspace ? `?workspace=${encodeURIComponent(workspace)}` : '';
    return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/admin/trpc${query}`;
  },
  retryDelayMs,
  onOpen: socketOpened,
  // A refused upgrade looks like a dropped connection: connection.ts asks the server why.
  onClose: () => void socketLost({ stop: () => void wsClient.close(), signIn: signInAgain }),
});

/** The typed client. */
export const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });

/** A refusal as the panel shows it: the server's code text and its `<path>: <problem>` details. */
export interface AdminError {
  code: string;
  details: string[];
}

/** Reads any thrown thing as an AdminError; an expired session goes to sign-in. */
export function adminError(err: unknown): AdminError {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: string; details?: string[] } | undefined;
    // No answer from the server at all: the socket closed under the call.
    if (data === undefined) return { code: 'connection_failed', details: [] };
    if (data?.code === 'UNAUTHORIZED') signInAgain();
    return { code: err.message, details: data?.details ?? [] };
  }
  return { code: 'connection_failed', details: [err instanceof Error ? err.message : String(err)] };
}
