// The form's language on the page. The server chose it (?lang=, then Accept-Language, then the form's
// own) and sent the texts already in it, with the renderer's words when not English. The hosted page
// also offers a switch when the form has translations: the server sent each language ready to show, so
// switching swaps texts and words in place with no request and no translating code here, and the answers
// typed so far stay (use-form-state.ts keeps them across definitions that differ only in their texts).
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Catalogue } from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
import type { FormDefinition } from '../renderer/engine.ts';
import { html } from '../renderer/html.ts';
import { WordsContext } from '../renderer/words.ts';
import type { PublicFormView } from './view.ts';

/** One language the switch offers (server/http/pages/page-language.ts builds them). */
export interface LanguageChoice {
  lang: string;
  name: string;
  definition: FormDefinition;
  words?: Catalogue;
}

/** The view as the hosted page gets it: with every language of a translated form for the switch. */
export type LocalizedView = PublicFormView & { language_choices?: LanguageChoice[] };

/** The renderer's words the view was sent with: English unless it carries another catalogue. */
export const wordsOf = (view: { words?: Catalogue }): Catalogue => view.words ?? en;

/** Sets `<html lang>`, the page's own heading and intro, and `?lang=` in the address (a reload keeps it). */
function showPage(choice: LanguageChoice) {
  document.documentElement.lang = choice.lang;
  const title = document.querySelector('.fs-page-title');
  if (title) title.textContent = choice.definition.title;
  const intro = document.querySelector('.fs-page-description');
  if (intro && choice.definition.description) intro.textContent = choice.definition.description;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', choice.lang);
  history.replaceState(history.state, '', url);
}

/** The switch: a labelled select of the form's languages, each named in its own words. */
function LanguageSwitch(props: {
  choices: LanguageChoice[];
  lang: string;
  label: string;
  onChange(lang: string): void;
}) {
  return html`<p class="fs-language">
    <label for="fs-language">${props.label}</label>
    <select id="fs-language" value=${props.lang}
      onChange=${(e: Event) => props.onChange((e.target as HTMLSelectElement).value)}>
      ${props.choices.map((c) => html`<option value=${c.lang} lang=${c.lang}>${c.name}</option>`)}
    </select>
  </p>`;
}

/** Renders `children(view in the chosen language)` with the renderer's words in it, and the switch. */
export function Localized(props: {
  view: LocalizedView;
  /** Whether to offer the switch and keep `<html lang>` and the address in step (the hosted page). */
  page?: boolean;
  children: (view: PublicFormView) => ComponentChildren;
}) {
  const { view } = props;
  const [choice, setChoice] = useState(() => view.language_choices?.find((c) => c.lang === view.lang));
  // A new view only when the language changes: a new one on every render would start the renderer over.
  const shown = useMemo(
    () => ({ ...view, language_choices: undefined, definition: choice?.definition ?? view.definition }),
    [view, choice],
  );
  const words = wordsOf(choice ?? view);
  const change = (lang: string) => {
    const next = view.language_choices?.find((c) => c.lang === lang);
    if (!next) return;
    setChoice(next);
    showPage(next);
  };
  return html`<${WordsContext.Provider} value=${words}>
    ${
      props.page && view.language_choices
        ? html`<${LanguageSwitch} choices=${view.language_choices} lang=${choice?.lang}
            label=${words.messages.language ?? 'Language'} onChange=${change} />`
        : null
    }
    ${props.children(shown)}
  </${WordsContext.Provider}>`;
}
