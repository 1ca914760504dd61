// The hosted page inside the embed's iframe (?embed=1): tells the host page its height as it changes,
// asks it to follow a redirect, and closes a popup or slider on Escape (the host page cannot see keys
// pressed in the frame). Loaded by main.ts only in a frame, so the plain hosted page does not carry it;
// it imports nothing at run time (a bundle of its own, /assets/in-frame.js).
import type { EmbedMessage } from '../embed/messages.ts';

/** Sends one message to the embed loader; the loader checks the shape and that it came from our iframe. */
export function tellHost(message: EmbedMessage) {
  // The target origin is '*' because the host page may be any site; nothing secret is sent.
  window.parent.postMessage(message, '*');
}

/** Starts reporting the page's height, and Escape as a close. */
export function followFrame() {
  let last = -1;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      tellHost({ type: 'formstead:resize', height });
    }
  };
  new ResizeObserver(report).observe(document.body);
  report();
  addEventListener('keydown', (e) => e.key === 'Escape' && tellHost({ type: 'formstead:close' }));
}
