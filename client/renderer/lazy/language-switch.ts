// The hosted page's language switch (client/hosted/language.ts): a labelled select of the form's
// languages, each named in its own words. An on-demand module: only forms with translations load it.
import type { FormDefinition } from '../engine.ts';
import { html } from '../html.ts';

export { giveParts } from './parts.ts';

/** One language the switch offers (server/http/pages/page-language.ts builds them). */
export interface SwitchChoice {
  lang: string;
  name: string;
  definition: FormDefinition;
}

/** Sets `<html lang>`, the page's own heading and intro, and `?lang=` in the address (a reload keeps it). */
function showPage(choice: SwitchChoice) {
  document.documentElement.lang = choice.lang;
  const title = document.querySelector('.fs-page-title');
  if (title) title.textContent = choice.definition.title;
  const intro = document.querySelector('.fs-page-description');
  if (intro && choice.definition.description) intro.textContent = choice.definition.description;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', choice.lang);
  history.replaceState(history.state, '', url);
}

/** The switch; choosing a language updates the page around the form and calls onChange. */
export function LanguageSwitch(props: {
  choices: SwitchChoice[];
  lang: string;
  label: string;
  onChange(choice: SwitchChoice): void;
}) {
  const change = (lang: string) => {
    const choice = props.choices.find((c) => c.lang === lang);
    if (!choice) return;
    showPage(choice);
    props.onChange(choice);
  };
  return html`<p class="fs-language">
    <label for="fs-language">${props.label}</label>
    <select id="fs-language" value=${props.lang}
      onChange=${(e: Event) => change((e.target as HTMLSelectElement).value)}>
      ${props.choices.map((c) => html`<option value=${c.lang} lang=${c.lang}>${c.name}</option>`)}
    </select>
  </p>`;
}
