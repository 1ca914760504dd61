// Puts a Formstead form into an element: the form itself, or the notice of a paused or expired form.
// Used by the hosted page and by the embed's inline mode (through the /assets/renderer.js bundle).
import { render } from 'preact';
import { themeModeClass, themeProperties } from '../../shared/api/theme-values.ts';
import { prefillPairs, prefillValues } from '../renderer/engine.ts';
import { html } from '../renderer/html.ts';
import { ConnectedForm } from './connected-form.ts';
import { Localized, pageLanguage } from './language.ts';
import { closedNotices, type PublicFormView } from './view.ts';
import type { VisitSource } from './visit-source.ts';

/** Options of mountForm. */
export interface MountOptions {
  /** Where answers are posted: `/v1/f/{id}` on the Formstead server. */
  endpoint: string;
  /** For the inline embed: the report page, shown with the "Unverified form" banner of unclaimed forms. */
  reportUrl?: string;
  /** Defaults to navigating this window. */
  onRedirect?: (url: string) => void;
  /** Shows the form's title and description above it (the inline embed's data-show-title). */
  showTitle?: boolean;
  /** Where to count the view, start and steps, with where the visit came from (ConnectedForm). */
  events?: { url: string; source: VisitSource };
  /**
   * First values: a query string (the hosted page's, or the host page's with the embed's
   * data-pass-query) and the embed's data-prefill object, read by shared/engine/prefill.ts; the object
   * wins over the query.
   */
  prefill?: { query?: string; data?: unknown };
  /** The language asked for (the hosted page's ?lang=, the embed's data-lang); else the browser's, else the form's. */
  lang?: string | null;
  /** Offers the language switch and keeps `<html lang>` in step (the hosted page). */
  languageSwitch?: boolean;
}

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

/** An unclaimed form's warning, as the hosted page shows it (ARCHITECTURE.md "Unclaimed forms"). */
function UnverifiedBanner({ reportUrl }: { reportUrl: string }) {
  return html`<p class="fs-banner">
    <strong>Unverified form</strong> Nobody has claimed this form yet. Do not enter passwords or payment details.
    <a href=${reportUrl} target="_blank" rel="noopener">Report abuse</a></p>`;
}

/** Renders the form (or its closed notice) into `target`; returns a function that removes it. */
export function mountForm(target: Element, view: PublicFormView, opts: MountOptions): () => void {
  if (view.theme && target instanceof HTMLElement) applyTheme(target, view.theme);
  const onRedirect = opts.onRedirect ?? ((url: string) => window.location.assign(url));
  const data = prefillPairs(opts.prefill?.data);
  const given = new Set(data.map(([key]) => key));
  const query = [...new URLSearchParams(opts.prefill?.query ?? '')].filter(([key]) => !given.has(key));
  const pairs = [...query, ...data];
  const initialValues = pairs.length ? prefillValues(view.definition, pairs) : undefined;
  // User-timing marks: the browser test reads the first render time of a large form from them.
  performance.mark('formstead:render-start');
  render(
    html`<div class="fs-renderer-host">
      ${view.unclaimed && opts.reportUrl ? html`<${UnverifiedBanner} reportUrl=${opts.reportUrl} />` : null}
      ${
        view.state === 'open'
          ? html`<${Localized} view=${view} lang=${pageLanguage(view, opts.lang)} page=${opts.languageSwitch}>${(
              shown: PublicFormView,
            ) => html`<${ConnectedForm} view=${shown} endpoint=${opts.endpoint} onRedirect=${onRedirect}
              showTitle=${opts.showTitle} events=${opts.events}
              initialValues=${initialValues} />`}</${Localized}>`
          : html`<p class="fs-notice fs-renderer" role="status">${
              (view.state === 'closed' && view.closed_message) || (closedNotices[view.state] ?? closedNotices.paused)
            }</p>`
      }
    </div>`,
    target,
  );
  performance.measure('formstead:first-render', 'formstead:render-start');
  return () => render(null, target);
}
