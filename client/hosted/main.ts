// The hosted page's script (/assets/hosted.js). The server rendered a plain HTML form that works
// without JavaScript; this replaces it with the renderer. Everything it needs is in data attributes of
// #formstead (the page's CSP allows no inline script). In the embed's iframe (?embed=1) it also tells
// the host page its height and asks it to follow a redirect.
import type { EmbedMessage } from '../embed/messages.ts';
import { mountForm, prepareForm } from './mount.ts';
import type { LocalizedView } from './language.ts';
import { framedSource, pageSource } from './visit-source.ts';

const embedded = document.body.classList.contains('fs-embed') && window.parent !== window;

/** Sends one message to the embed loader; the loader checks the shape and that it came from our iframe. */
function tellHost(message: EmbedMessage) {
  // The target origin is '*' because the host page may be any site; nothing secret is sent.
  window.parent.postMessage(message, '*');
}

const root = document.getElementById('formstead');
if (root?.dataset.view && root.dataset.formId && root.dataset.renderToken) {
  const view: LocalizedView & { prefill?: Record<string, unknown> } = {
    ...JSON.parse(root.dataset.view),
    form_id: root.dataset.formId,
    render_token: root.dataset.renderToken,
  };
  // Rendered aside and swapped in: should anything throw, the plain form stays and still works. A form
  // that needs more code (one per screen, kept answers) waits for it, so its first render is its real one.
  const start = () => {
    const target = document.createElement('div');
    mountForm(target, view, {
      endpoint: `/v1/f/${encodeURIComponent(view.form_id)}`,
      // `?<key>=<value>` prefills: the server read the query for the first paint and sent the values.
      initialValues: view.prefill,
      languageSwitch: true,
      onRedirect: embedded ? (url) => tellHost({ type: 'formstead:redirect', url }) : undefined,
      // In the embed's iframe the visit is the host page's: embed.js passed its referrer and utm_* values.
      events: {
        url: `/v1/f/${encodeURIComponent(view.form_id)}/events`,
        source: embedded ? framedSource() : pageSource(),
      },
    });
    root.replaceChildren(target);
  };
  const ready = prepareForm(view);
  if (ready) ready.then(start);
  else start();
  // Once the page has loaded, the service worker keeps it for opening offline next time.
  addEventListener('load', () => import('./offline-page.ts').then((m) => m.keepForOffline()));
}

if (embedded) {
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
  // In the embed's popup or slider, Escape inside the form closes it (the host page cannot see the key).
  addEventListener('keydown', (e) => e.key === 'Escape' && tellHost({ type: 'formstead:close' }));
}
