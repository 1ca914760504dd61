// Puts a Formstead form into an element: the form itself, or the notice of a paused or expired form.
// Used by the hosted page and by the embed's inline mode (through the /assets/renderer.js bundle, which
// also applies the form's theme: embed-mount.ts; the hosted page has it from the server already).
import { render } from 'preact';
import { loadCalculations, needsCalculations } from '../renderer/calculations.ts';
import { prefillPairs, prefillValues } from '../renderer/engine.ts';
import { html } from '../renderer/html.ts';
import { loadQuestions } from '../renderer/one-per-screen/use-questions.ts';
import { hasSaved, loadSaving } from '../renderer/save-progress/use-save-progress.ts';
import { ConnectedForm } from './connected-form.ts';
import { catalogueOf, Localized, pageLanguage } from './language.ts';
import { savedAnswersKey } from './save-progress.ts';
import { closedNotice, type PublicFormView } from './view.ts';
import { type Catalogue, formatMessage } from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
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

/** An unclaimed form's warning, as the hosted page shows it (ARCHITECTURE.md "Unclaimed forms"). */
function UnverifiedBanner({ reportUrl, words }: { reportUrl: string; words: Catalogue }) {
  const t = (id: 'unverifiedTitle' | 'unverifiedText' | 'reportAbuse') => formatMessage(words, en, id);
  return html`<p class="fs-banner">
    <strong>${t('unverifiedTitle')}</strong> ${t('unverifiedText')}
    <a href=${reportUrl} target="_blank" rel="noopener">${t('reportAbuse')}</a></p>`;
}

/**
 * Loads the code the form will need at its first render, if any: the calculations, the one_per_screen
 * layout, and the save-and-resume code when answers were kept. Undefined when nothing is needed (the common case).
 */
export function prepareForm(view: PublicFormView): Promise<unknown> | undefined {
  const needs = [
    needsCalculations(view.definition) && loadCalculations(),
    view.definition.layout === 'one_per_screen' && loadQuestions(),
    view.definition.save_progress !== false && hasSaved(savedAnswersKey(view.form_id)) && loadSaving(),
  ].filter((p) => p);
  return needs.length && view.state === 'open' ? Promise.all(needs).catch(() => {}) : undefined;
}

/** Renders the form (or its closed notice) into `target`; returns a function that removes it. */
export function mountForm(target: Element, view: PublicFormView, opts: MountOptions): () => void {
  const onRedirect = opts.onRedirect ?? ((url: string) => window.location.assign(url));
  const data = prefillPairs(opts.prefill?.data);
  const given = new Set(data.map(([key]) => key));
  const query = [...new URLSearchParams(opts.prefill?.query ?? '')].filter(([key]) => !given.has(key));
  const pairs = [...query, ...data];
  const initialValues = pairs.length ? prefillValues(view.definition, pairs) : undefined;
  // User-timing marks: the browser test reads the first render time of a large form from them.
  performance.mark('formstead:render-start');
  const lang = pageLanguage(view, opts.lang);
  // The banner and notices speak the chosen language where the view carries its catalogue, else English.
  const words = catalogueOf(view, lang);
  render(
    html`<div class="fs-renderer-host">
      ${
        view.unclaimed && opts.reportUrl
          ? html`<${UnverifiedBanner} reportUrl=${opts.reportUrl} words=${words} />`
          : null
      }
      ${
        view.state === 'open'
          ? html`<${Localized} view=${view} lang=${lang} page=${opts.languageSwitch}>${(
              shown: PublicFormView,
            ) => html`<${ConnectedForm} view=${shown} endpoint=${opts.endpoint} onRedirect=${onRedirect}
              showTitle=${opts.showTitle} events=${opts.events}
              initialValues=${initialValues} />`}</${Localized}>`
          : html`<p class="fs-notice fs-renderer" role="status">${closedNotice(view, words)}</p>`
      }
    </div>`,
    target,
  );
  performance.measure('formstead:first-render', 'formstead:render-start');
  return () => render(null, target);
}
