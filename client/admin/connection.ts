// The panel's connection to the server as a person should see it: live only while the socket is open;
// reconnecting (the first few tries) and offline (after that) look different; a socket the server
// refuses for the address the panel was opened at says which address works. After a reconnect,
// `generation` moves on so every view loads its data again (what happened meanwhile was not pushed).
import { useEffect, useState } from 'preact/hooks';

/** What the panel shows: `wrong_address` carries the address to open instead. */
export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting' }
  | { kind: 'offline'; hint?: string }
  | { kind: 'wrong_address'; panelUrl: string; message: string };

/** Failed tries shown as "Reconnecting…" before the panel says it is offline. */
const TRIES_BEFORE_OFFLINE = 3;

let state: ConnectionState = { kind: 'connecting' };
let failedTries = 0;
let everOpen = false;
let generation = 0;
const listeners = new Set<() => void>();

function set(next: ConnectionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Delay before reconnect try `attempt`: 0, then 0.5 s doubling to 8 s (a restarted server is found fast). */
export const retryDelayMs = (attempt: number) => (attempt === 0 ? 0 : Math.min(500 * 2 ** (attempt - 1), 8000));

/** The socket opened: live again, and after an outage every view reloads. */
export function socketOpened() {
  if (state.kind === 'wrong_address') return;
  failedTries = 0;
  if (everOpen) generation++;
  everOpen = true;
  set({ kind: 'live' });
}

/**
 * The socket closed or could not open. The server is asked why (a refused upgrade looks like any
 * other close): a wrong address stops the retries, a lost session goes to sign-in, anything else
 * keeps retrying with backoff.
 */
export async function socketLost(hooks: { stop: () => void; signIn: () => void }) {
  if (state.kind === 'wrong_address') return;
  failedTries++;
  // Never connected yet: still "Connecting…" for the first tries, then offline like a lost connection.
  if (failedTries > TRIES_BEFORE_OFFLINE || !navigator.onLine) set({ kind: 'offline' });
  else if (everOpen) set({ kind: 'reconnecting' });
  const res = await fetch('/admin/connection', { method: 'POST', redirect: 'manual' }).catch(() => undefined);
  if (!res) return;
  if (res.status === 401) return hooks.signIn();
  // The server answers and would accept the socket, yet it keeps failing: something in between
  // (typically a proxy without WebSocket upgrades) stops it. Say so rather than just "offline".
  if (res.ok && failedTries > TRIES_BEFORE_OFFLINE && state.kind === 'offline') {
    set({
      kind: 'offline',
      hint:
        'The server answers, but its live connection (a WebSocket to /admin/trpc) does not open. ' +
        'A proxy in front of Formstead may need to pass WebSocket upgrades.',
    });
    return;
  }
  if (res.status === 403) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; panel_url?: string };
    if (body.error === 'wrong_address' && body.panel_url) {
      hooks.stop();
      set({
        kind: 'wrong_address',
        panelUrl: body.panel_url,
        message: `The panel cannot connect from ${location.origin}.`,
      });
    }
  }
}

/** The current connection state and the reconnect generation, re-rendered on change. */
export function useConnection(): { state: ConnectionState; generation: number } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((t) => t + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return { state, generation };
}

/** The reconnect generation alone, for data hooks that reload after an outage. */
export function useGeneration(): number {
  return useConnection().generation;
}
