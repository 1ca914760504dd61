// The embed's data-mode="popup" and data-mode="slider": a button on the host page that opens the form in a
// modal dialog, centred (popup) or as a panel sliding in from the right (slider). The form is the hosted
// page in an iframe, as in the default mode. The dialog is a native <dialog> opened with showModal (the
// rest of the page becomes inert), labelled by the form's title. Focus moves to its Close button and is
// kept inside: two focusable edges around the content send Tab from the last control back to the first
// and Shift+Tab from the first to the form. Escape closes it, also when pressed inside the form (the
// iframe tells the loader: formstead:close). Focus then returns to the button. Styles are set through
// the CSSOM, which a host page's CSP allows where it would refuse a style attribute or element.
import { readEmbedMessage } from './messages.ts';

/** Where the form lives: the Formstead base URL, its origin, and the form's id, URL-encoded. */
export interface DialogTarget {
  base: string;
  origin: string;
  path: string;
  /** The embed's data-lang. */
  lang?: string;
  /** The hosted page's query: the prefill, the language, where the visit came from (embed.ts frameQuery). */
  query: string;
}

let count = 0;
const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Puts the opening button into `host`; the dialog is made on the first click and kept for the next. */
export function dialogEmbed(script: HTMLScriptElement, host: HTMLElement, t: DialogTarget): void {
  const slider = script.dataset.mode === 'slider';
  const opener = document.createElement('button');
  opener.type = 'button';
  opener.className = 'formstead-open';
  opener.textContent = script.dataset.buttonText || 'Open the form';
  host.append(opener);
  let title = script.dataset.title || 'Form';
  let closeWord = 'Close';
  let dialog: HTMLDialogElement | undefined;
  /** Names the dialog (its heading and the iframe) by the title known now, and Close in the form's language. */
  const label = () => {
    if (!dialog) return;
    dialog.querySelector('h2')!.textContent = title;
    dialog.querySelector('iframe')!.title = title;
    dialog.querySelector('.formstead-close')!.textContent = closeWord;
  };
  // The dialog is labelled by the form's own title when the server says it, in the language the form is shown
  // in (data-lang, else the browser's first the form offers), with its Close in that language; a dialog opened
  // before that answer came is named again when it does.
  fetch(`${t.base}v1/f/${t.path}/definition?lang=${encodeURIComponent(t.lang ?? navigator.languages.join(','))}`)
    .then((r) => (r.ok ? r.json() : undefined))
    .then((view) => {
      if (typeof view?.definition?.title === 'string' && view.definition.title) title = view.definition.title;
      const close = view?.words?.messages?.closeForm;
      if (typeof close === 'string' && close) closeWord = close;
      label();
    })
    .catch(() => {});

  opener.addEventListener('click', () => {
    dialog ??= makeDialog(t, slider, opener);
    label();
    dialog.showModal();
    (dialog.querySelector('.formstead-close') as HTMLElement).focus();
    if (!reducedMotion())
      dialog.animate(
        slider ? [{ transform: 'translateX(100%)' }, { transform: 'none' }] : [{ opacity: 0 }, { opacity: 1 }],
        { duration: 180, easing: 'ease-out' },
      );
  });
}

/** The dialog: a title bar with Close, the iframe, and the two focus edges. */
function makeDialog(t: DialogTarget, slider: boolean, opener: HTMLButtonElement): HTMLDialogElement {
  const id = `formstead-dialog-${++count}`;
  const dialog = document.createElement('dialog');
  dialog.className = `formstead-dialog formstead-${slider ? 'slider' : 'popup'}`;
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.style.cssText = slider
    ? 'margin:0 0 0 auto;padding:0;border:0;width:min(30rem,100vw);height:100%;max-height:100%;' +
      'max-width:100vw;box-sizing:border-box;background:#fff;color:#1a1a1a;flex-direction:column'
    : 'padding:0;border:0;border-radius:12px;width:min(40rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);' +
      'box-sizing:border-box;background:#fff;color:#1a1a1a;flex-direction:column';

  const bar = document.createElement('div');
  bar.style.cssText =
    'display:flex;align-items:center;gap:1rem;padding:.75rem 1rem;border-bottom:1px solid #d0d0d0;flex:none';
  const heading = document.createElement('h2');
  heading.id = `${id}-title`;
  heading.style.cssText = 'flex:1;margin:0;font:600 1.05rem/1.3 system-ui,sans-serif;color:inherit';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'formstead-close';
  close.textContent = 'Close';
  close.style.cssText =
    'font:inherit;font-family:system-ui,sans-serif;padding:.4rem .8rem;border:1px solid #767676;' +
    'border-radius:6px;background:#fff;color:#1a1a1a;cursor:pointer';
  close.addEventListener('click', () => dialog.close());
  bar.append(heading, close);

  const frame = document.createElement('iframe');
  frame.src = `${t.base}f/${t.path}?${t.query}`;
  frame.style.cssText = `display:block;width:100%;border:0;flex:1 1 auto;height:${slider ? '100%' : '480px'}`;
  const body = document.createElement('div');
  body.style.cssText = 'overflow:auto;flex:1 1 auto;display:flex;flex-direction:column';
  body.append(frame);

  // Focus edges: reaching one (Tab past the form, Shift+Tab before Close) wraps to the other end.
  const edge = (to: () => HTMLElement) => {
    const e = document.createElement('span');
    e.tabIndex = 0;
    e.addEventListener('focus', () => to().focus());
    return e;
  };
  dialog.append(
    edge(() => frame),
    bar,
    body,
    edge(() => close),
  );
  // A flex column only while open: a closed <dialog> must keep the browser's display:none.
  new MutationObserver(() => {
    dialog.style.display = dialog.open ? 'flex' : '';
  }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  dialog.addEventListener('close', () => opener.focus());
  addEventListener('message', (e) => {
    // Only our iframe, from the Formstead origin, in the exact shape.
    if (e.source !== frame.contentWindow || e.origin !== t.origin) return;
    const m = readEmbedMessage(e.data);
    if (m?.type === 'formstead:resize' && !slider) frame.style.height = `${m.height}px`;
    else if (m?.type === 'formstead:redirect') location.assign(m.url);
    else if (m?.type === 'formstead:close') dialog.close();
  });
  document.body.append(dialog);
  return dialog;
}
