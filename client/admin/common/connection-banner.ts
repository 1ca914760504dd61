// The connection as the panel shows it: a banner while the socket is down (reconnecting, then offline),
// and a small indicator that says "Live" only while the socket is open.
import { html } from '../../renderer/html.ts';
import { useConnection, type ConnectionState } from '../connection.ts';

/** A banner at the top of every page while the socket is not open; nothing while it is. */
export function ConnectionBanner() {
  const { state } = useConnection();
  if (state.kind === 'reconnecting')
    return html`<div class="banner banner-warn" role="status" data-connection="reconnecting">Reconnecting…</div>`;
  if (state.kind === 'offline')
    return html`<div class="banner banner-bad" role="status" data-connection="offline">
      Offline: changes are not saved. The panel keeps trying to reconnect.
      ${state.hint && html`<div class="banner-hint">${state.hint}</div>`}</div>`;
  return null;
}

const labels: Record<ConnectionState['kind'], string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  wrong_address: 'Not connected',
};

/** "Live" with a dot while open; otherwise what the connection is doing, in another colour. */
export function LiveIndicator() {
  const { state } = useConnection();
  return html`<span class=${`live live-${state.kind}`} data-connection=${state.kind} aria-live="polite">${
    labels[state.kind]
  }</span>`;
}

/** The whole page when the panel cannot work at this address: which address to open instead. */
export function WrongAddress({ state }: { state: Extract<ConnectionState, { kind: 'wrong_address' }> }) {
  return html`<main class="page"><h1>Open the panel at its own address</h1>
    <div class="card"><p>${state.message} This server's panel works at:</p>
      <p><a class="button" href=${state.panelUrl}>${state.panelUrl}</a></p>
      <p class="muted small">
        If that is not the address you use, set <code
        >FORMSTEAD_PUBLIC_URL</code> to the address people open and restart the server.
      </p></div></main>`;
}
