// mountForm as /assets/renderer.js offers it to the embed's inline mode: the form's theme first (the
// hosted page gets its theme from the server instead), and the code the form needs loaded before its
// first render.
import { themeModeClass, themeProperties } from '../../shared/api/theme-values.ts';
import { mountForm as mountPlain, type MountOptions, prepareForm } from './mount.ts';
import type { PublicFormView } from './view.ts';

/**
 * Applies the form's theme around `target`: its custom properties, and a forced light or dark mode.
 * In the inline embed's shadow root they go on the host as `:host` rules, which the embedding page's
 * own `.formstead-embed { --fs-…: … }` still overrides (the page that embeds has the last word);
 * elsewhere (the hosted page) on the element itself.
 */
export function applyTheme(target: HTMLElement, theme: unknown) {
  const props = Object.entries(themeProperties(theme));
  const mode = themeModeClass(theme);
  const root = target.getRootNode();
  if (root instanceof ShadowRoot && 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    const sheet = new CSSStyleSheet();
    // A constructed sheet: allowed under a host page's CSP that forbids inline styles. It comes after
    // form.css, and matches as specifically as its :host(.fs-dark) rules, so the theme's values win.
    sheet.replaceSync(`:host,:host(.fs-light),:host(.fs-dark){${props.map(([k, v]) => `${k}:${v}`).join(';')}}`);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    if (mode) root.host.classList.add(mode);
    return;
  }
  for (const [name, value] of props) target.style.setProperty(name, value);
  if (mode) target.classList.add(mode);
}

/** Renders the form (or its closed notice) into `target`, themed; returns a function that removes it. */
export function mountForm(target: Element, view: PublicFormView, opts: MountOptions): () => void {
  if (view.theme && target instanceof HTMLElement) applyTheme(target, view.theme);
  const ready = prepareForm(view);
  if (!ready) return mountPlain(target, view, opts);
  let removed = false;
  let remove = () => {};
  ready.then(() => {
    if (!removed) remove = mountPlain(target, view, opts);
  });
  return () => {
    removed = true;
    remove();
  };
}
