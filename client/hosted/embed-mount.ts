// mountForm as /assets/renderer.js offers it to the embed's inline mode: the form's theme first (the
// hosted page gets its theme from the server instead), and the code the form needs loaded before its
// first render.
import { themeModeClass, themeProperties } from '../../shared/api/theme-values.ts';
import { prefillPairs, prefillValues } from '../renderer/engine.ts';
import { usesTypeModules } from '../renderer/types/list.ts';
import { html } from '../renderer/html.ts';
import { wordsOf } from './language.ts';
import { mountForm as mountPlain, type MountOptions, prepareForm } from './mount.ts';
import { closedNotice } from './view.ts';
import { type Catalogue, formatMessage } from '../../shared/engine/i18n/catalogue.ts';
import { enPage } from '../../shared/engine/i18n/en-page.ts';
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

/** Options of the inline embed's mountForm: mount.ts's, with the prefill as the embed has it. */
export interface EmbedMountOptions extends MountOptions {
  /** The report page, shown with the "Unverified form" banner of unclaimed forms. */
  reportUrl?: string;
  /**
   * First values: a query string (the host page's, with data-pass-query) and the data-prefill object,
   * read by shared/engine/prefill.ts; the object wins over the query.
   */
  prefill?: { query?: string; data?: unknown };
}

/** An unclaimed form's warning, as the hosted page shows it (ARCHITECTURE.md "Unclaimed forms"). */
function UnverifiedBanner({ reportUrl, words }: { reportUrl: string; words: Catalogue }) {
  const t = (id: 'unverifiedTitle' | 'unverifiedText' | 'reportAbuse') => formatMessage(words, enPage, id);
  return html`<p class="fs-banner">
    <strong>${t('unverifiedTitle')}</strong> ${t('unverifiedText')}
    <a href=${reportUrl} target="_blank" rel="noopener">${t('reportAbuse')}</a></p>`;
}

/** The initial values the embed's prefill gives, or undefined when it gives none. */
function prefilled(view: PublicFormView, prefill: EmbedMountOptions['prefill']) {
  const data = prefillPairs(prefill?.data);
  const given = new Set(data.map(([key]) => key));
  const query = [...new URLSearchParams(prefill?.query ?? '')].filter(([key]) => !given.has(key));
  const pairs = [...query, ...data];
  return pairs.length ? prefillValues(view.definition, pairs) : undefined;
}

/**
 * Links the field types' stylesheet (/assets/form-types.css, beside this bundle) where the form is shown,
 * the embed's shadow root, when the form has a type with a module of its own (types/list.ts); resolves
 * once it has loaded (or failed), so the first render is styled. Undefined when the form needs none.
 */
function typeStyles(target: Element, view: PublicFormView): Promise<unknown> | undefined {
  if (view.state !== 'open' || !usesTypeModules(view.definition)) return;
  const root = target.getRootNode();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./form-types.css', import.meta.url).href;
  (root instanceof ShadowRoot ? root : document.head).append(link);
  return new Promise((done) => {
    link.onload = link.onerror = done;
  });
}

/** Renders the form (or its closed notice) into `target`, themed; returns a function that removes it. */
export function mountForm(target: Element, view: PublicFormView, embedOpts: EmbedMountOptions): () => void {
  const { prefill, reportUrl, ...rest } = embedOpts;
  // The banner and the notice speak the view's language (the server chose it), else English.
  const words = wordsOf(view);
  // Built when the form's code is in place: the prefill reads the form's plan, which needs its calculations.
  const mount = () =>
    mountPlain(target, view, {
      ...rest,
      initialValues: rest.initialValues ?? prefilled(view, prefill),
      banner: view.unclaimed && reportUrl ? html`<${UnverifiedBanner} reportUrl=${reportUrl} words=${words} />` : null,
      notice: html`<p class="fs-notice fs-renderer" role="status">${closedNotice(view, words)}</p>`,
    });
  if (view.theme && target instanceof HTMLElement) applyTheme(target, view.theme);
  const styles = typeStyles(target, view);
  const prepared = prepareForm(view);
  const ready = styles || prepared ? Promise.all([styles, prepared]) : undefined;
  if (!ready) return mount();
  let removed = false;
  let remove = () => {};
  ready.then(() => {
    if (!removed) remove = mount();
  });
  return () => {
    removed = true;
    remove();
  };
}
