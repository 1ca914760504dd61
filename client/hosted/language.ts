// The hosted page's language (ARCHITECTURE.md Wave 3 "Languages"): `?lang=`, then the browser's
// languages, then the form's own (the server chose the same for the first paint from Accept-Language),
// and a switch, shown only when the form has translations, that changes the texts and the renderer's
// words in place: the answers typed so far stay (use-form-state.ts keeps them across languages).
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { chooseLanguage, formLanguages, translate } from '../../shared/definition/translations.ts';
import type { Catalogue } from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
import { html } from '../renderer/html.ts';
import { WordsContext } from '../renderer/words.ts';
import type { PublicFormView } from './view.ts';

/** The view as the page gets it: the catalogues of the form's languages ride along as data. */
export type LocalizedView = PublicFormView & { catalogues?: Record<string, Catalogue> };

/** The language to show on this page: `asked` (?lang= or data-lang), else the browser's, else the form's. */
export function pageLanguage(view: PublicFormView, asked: string | null | undefined): string {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLanguage(view.definition, asked, browser);
}

/** The catalogue of a language from the view's data, English when it has none. */
export function catalogueOf(view: LocalizedView, lang: string): Catalogue {
  const primary = lang.toLowerCase().split('-')[0];
  return view.catalogues?.[primary] ?? en;
}

/** A language's name in its own words (`Deutsch`), or its tag where the browser cannot say. */
function ownName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** Sets `<html lang>`, the page's own heading and intro, and `?lang=` in the address (a reload keeps it). */
function showPage(view: PublicFormView, lang: string) {
  document.documentElement.lang = lang;
  const shown = translate(view.definition, lang);
  const title = document.querySelector('.fs-page-title');
  if (title) title.textContent = shown.title;
  const intro = document.querySelector('.fs-page-description');
  if (intro && shown.description) intro.textContent = shown.description;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url);
}

/** The switch: a labelled select of the form's languages, each named in its own words. */
function LanguageSwitch(props: { offered: string[]; lang: string; label: string; onChange(lang: string): void }) {
  return html`<p class="fs-language">
    <label for="fs-language">${props.label}</label>
    <select id="fs-language" value=${props.lang}
      onChange=${(e: Event) => props.onChange((e.target as HTMLSelectElement).value)}>
      ${props.offered.map((l) => html`<option value=${l} lang=${l}>${ownName(l)}</option>`)}
    </select>
  </p>`;
}

/** Renders `children(view in the chosen language)` with the renderer's words in it, and the switch. */
export function Localized(props: {
  view: LocalizedView;
  lang: string;
  /** Whether to offer the switch and keep `<html lang>` and the address in step (the hosted page). */
  page?: boolean;
  children: (view: PublicFormView) => ComponentChildren;
}) {
  const [lang, setLang] = useState(props.lang);
  const offered = formLanguages(props.view.definition);
  const catalogue = catalogueOf(props.view, lang);
  const change = (next: string) => {
    setLang(next);
    if (props.page) showPage(props.view, next);
  };
  // One translated definition per language: a new one would start the renderer's state over.
  const shown = useMemo(
    () => ({ ...props.view, definition: translate(props.view.definition, lang) }),
    [props.view, lang],
  );
  return html`<${WordsContext.Provider} value=${catalogue}>
    ${
      props.page && offered.length > 1
        ? html`<${LanguageSwitch} offered=${offered} lang=${lang} label=${catalogue.messages.language ?? 'Language'}
            onChange=${change} />`
        : null
    }
    ${props.children(shown)}
  </${WordsContext.Provider}>`;
}
