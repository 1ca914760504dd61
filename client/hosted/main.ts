// The hosted page's script (/assets/hosted.js). The server rendered a plain HTML form that works
// without JavaScript; this replaces it with the renderer. Everything it needs is in data attributes of
// #formstead (the page's CSP allows no inline script). In the embed's iframe (?embed=1) it also loads
// in-frame.ts, which tells the host page its height and asks it to follow a redirect.
import { mountForm, prepareForm } from './mount.ts';
import { keepForOffline } from './offline-page.ts';
import type { LocalizedView } from './language.ts';
import type { VisitSource } from '../../shared/api/visit-source.ts';

const embedded = document.body.classList.contains('fs-embed') && window.parent !== window;
const frame = embedded ? import('./in-frame.ts') : undefined;
frame?.then((m) => m.followFrame());

const root = document.getElementById('formstead');
if (root?.dataset.view && root.dataset.formId && root.dataset.renderToken) {
  const view: LocalizedView & { prefill?: Record<string, unknown>; source?: VisitSource; edit?: string } = {
    ...JSON.parse(root.dataset.view),
    form_id: root.dataset.formId,
    render_token: root.dataset.renderToken,
  };
  // Rendered aside and swapped in: should anything throw, the plain form stays and still works. A form
  // that needs more code (one per screen, kept answers) waits for it, so its first render is its real one.
  const start = () => {
    const target = document.createElement('div');
    mountForm(target, view, {
      // An answer opened through its edit link posts to that link's endpoint (and counts no visit).
      endpoint: view.edit ?? `/v1/f/${encodeURIComponent(view.form_id)}`,
      // `?<key>=<value>` prefills: the server read the query for the first paint and sent the values.
      initialValues: view.prefill,
      languageSwitch: true,
      // The page's own form takes the focus at its first question; in an embed's iframe it never does.
      focusFirst: !embedded,
      onRedirect: frame && ((url) => frame.then((m) => m.tellHost({ type: 'formstead:redirect', url }))),
      // Where the visit came from, read by the server (in the embed's iframe: the host page's, as embed.js
      // passed it in the address).
      events: view.edit
        ? undefined
        : { url: `/v1/f/${encodeURIComponent(view.form_id)}/events`, source: view.source ?? {} },
    });
    root.replaceChildren(target);
  };
  const ready = prepareForm(view);
  if (ready) ready.then(start);
  else start();
  // Once the page has loaded, the service worker keeps it for opening offline next time.
  addEventListener('load', keepForOffline);
}
