// /embed.js: `<script src="https://forms.example/embed.js" data-form="ID"></script>` puts the form
// where the script tag is. Default: an iframe of the hosted page that grows with the form. With
// data-mode="inline": the renderer mounted in a shadow root (styles kept apart from the page's).
// Prefill: data-prefill='{"email": "ada@example.com"}' (a JSON object) and, with data-pass-query="true",
// the host page's own query; the object wins for a key both give. data-lang="de" asks for a language.
// Kept tiny on purpose (no Preact): the renderer is only fetched in inline mode.
import { embedQuery } from '../../shared/api/visit-source.ts';
import { pageSource } from '../hosted/page-source.ts';
import { prefillPairs } from '../../shared/engine/prefill-pairs.ts';
import { readEmbedMessage } from './messages.ts';
import { dialogEmbed } from './popup.ts';

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const id = script?.dataset.form;
  if (!script || !id) {
    console.error('formstead embed.js: add data-form="FORM_ID" to the script tag');
    return;
  }
  // Everything is fetched from where embed.js came from (a path prefix behind a proxy included).
  const base = new URL('.', script.src).href;
  const origin = new URL(script.src).origin;
  const path = encodeURIComponent(id);
  const host = document.createElement('div');
  host.className = 'formstead-embed';
  script.after(host);
  let data: unknown;
  try {
    data = script.dataset.prefill ? JSON.parse(script.dataset.prefill) : undefined;
  } catch {
    console.error('formstead embed.js: data-prefill must be a JSON object; it was ignored');
  }
  const query = script.dataset.passQuery === 'true' ? location.search : '';
  // data-lang="de": the form in that language when it offers it (else the browser's, else its own).
  const lang = script.dataset.lang || undefined;
  // The hosted page in an iframe (the default, popup and slider modes) reads its own query, server-rendered
  // and live: the prefill goes there, with the host page's referrer host and utm_* values (so the form counts
  // where this visit came from).
  const frameQuery = (extra: Record<string, string> = {}) => {
    const pairs = prefillPairs(data);
    const given = new Set(pairs.map(([key]) => key));
    const params = new URLSearchParams([...[...new URLSearchParams(query)].filter(([k]) => !given.has(k)), ...pairs]);
    params.set('embed', '1');
    if (lang) params.set('lang', lang);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `${params}${embedQuery(pageSource())}`;
  };

  if (script.dataset.mode === 'popup' || script.dataset.mode === 'slider') {
    // The dialog's bar names the form, so the page inside leaves its own heading out (header=0).
    dialogEmbed(script, host, { base, origin, path, lang, query: frameQuery({ header: '0' }) });
    return;
  }

  if (script.dataset.mode === 'inline') {
    const shadow = host.attachShadow({ mode: 'open' });
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = `${base}assets/form.css`;
    const mount = document.createElement('div');
    mount.textContent = 'Loading form…';
    shadow.append(css, mount);
    Promise.all([
      import(`${base}assets/renderer.js`),
      // The form in data-lang, else in the first of the browser's languages it offers, else its own; the
      // answer carries the renderer's words in that language.
      fetch(`${base}v1/f/${path}/definition?lang=${encodeURIComponent(lang ?? navigator.languages.join(','))}`).then(
        (r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))),
      ),
    ]).then(
      ([renderer, view]) => {
        mount.textContent = '';
        // The form's theme is applied by mountForm on this element (custom properties and light/dark).
        renderer.mountForm(mount, view, {
          endpoint: `${base}v1/f/${path}`,
          reportUrl: `${base}f/${path}/report`,
          showTitle: script.dataset.showTitle === 'true',
          // Views, starts and steps are counted under this page's referrer and utm_* values.
          events: { url: `${base}v1/f/${path}/events`, source: pageSource() },
          prefill: { query, data },
        });
      },
      (err) => {
        mount.textContent = 'The form could not be loaded.';
        console.error('formstead embed.js:', err);
      },
    );
    return;
  }

  const frame = document.createElement('iframe');
  frame.src = `${base}f/${path}?${frameQuery()}`;
  frame.title = script.dataset.title || 'Form';
  frame.style.cssText = `display:block;width:100%;border:0;height:${Number(script.dataset.height) || 480}px`;
  host.append(frame);
  addEventListener('message', (e) => {
    // Only our iframe, from the Formstead origin, in the exact shape: any window can post messages.
    if (e.source !== frame.contentWindow || e.origin !== origin) return;
    const m = readEmbedMessage(e.data);
    if (m?.type === 'formstead:resize') frame.style.height = `${m.height}px`;
    else if (m?.type === 'formstead:redirect') location.assign(m.url);
  });
})();
