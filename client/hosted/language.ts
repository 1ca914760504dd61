// The form's language on the page. The server chose it (?lang=, then Accept-Language, then the form's
// own) and sent the texts already in it, with the renderer's words when not English. The hosted page
// also offers a switch when the form has translations (its code is an on-demand module): the server
// sent each language ready to show, so switching swaps texts and words in place with no request and no
// translating code here, and the answers typed so far stay (use-form-state.ts keeps them across
// definitions that differ only in their texts).
import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Catalogue } from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
import { html } from '../renderer/html.ts';
import type { SwitchChoice } from '../renderer/lazy/language-switch.ts';
import { onDemand, withParts } from '../renderer/on-demand.ts';
import { WordsContext } from '../renderer/words.ts';
import type { PublicFormView } from './view.ts';

/** One language the switch offers, with the renderer's words in it (absent for English). */
export type LanguageChoice = SwitchChoice & { words?: Catalogue };

/** The view as the hosted page gets it: with every language of a translated form for the switch. */
export type LocalizedView = PublicFormView & { language_choices?: LanguageChoice[] };

/** The renderer's words the view was sent with: English unless it carries another catalogue. */
export const wordsOf = (view: { words?: Catalogue }): Catalogue => view.words ?? en;

/** The switch; `languageSwitch.load()` fetches it ahead of the first render of a translated form. */
export const languageSwitch = onDemand(
  () => import('../renderer/lazy/language-switch.ts').then((m) => withParts(m).LanguageSwitch),
  () => null,
);

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
  return html`<${WordsContext.Provider} value=${words}>
    ${
      props.page && view.language_choices
        ? html`<${languageSwitch.Component} choices=${view.language_choices} lang=${choice?.lang}
            label=${words.messages.language ?? 'Language'} onChange=${setChoice} />`
        : null
    }
    ${props.children(shown)}
  </${WordsContext.Provider}>`;
}
