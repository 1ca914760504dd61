// The language of a respondent-facing page: ?lang=, then Accept-Language, then the form's own (the rule
// of shared/definition/translations.ts), and the definition in it. The server makes every choice and
// translation: the page's script gets the texts already in its language (and, for the switch, each of the
// form's languages ready to show), so hosted.js carries neither the rule nor the translating code.
import type { RouteContext } from '../../lib/router.ts';
import { acceptLanguages, chooseLanguage, formLanguages, translate } from '../../../shared/definition/translations.ts';
import type { FormDefinition } from '../../../shared/engine/index.ts';
import { type Catalogue, wordsFor } from '../../../shared/engine/i18n/index.ts';

/** The chosen language and the definition shown in it. */
export function pageLanguage(definition: FormDefinition, ctx: Pick<RouteContext, 'req' | 'query'>) {
  const header = ctx.req.headers['accept-language'];
  const lang = chooseLanguage(definition, ctx.query.get('lang'), acceptLanguages(header));
  return { lang, definition: translate(definition, lang) };
}

/** One entry of the page's language switch: everything the script shows in that language. */
export interface LanguageChoice {
  lang: string;
  /** The language's name in its own words (`Deutsch`), or its tag where Intl cannot say. */
  name: string;
  definition: FormDefinition;
  /** The renderer's words in it; absent for English (the script has those). */
  words?: Catalogue;
}

/** The form's languages for the switch, each translated; undefined when it has only one (no switch). */
export function languageChoices(definition: FormDefinition): LanguageChoice[] | undefined {
  const offered = formLanguages(definition);
  if (offered.length < 2) return undefined;
  return offered.map((lang) => ({
    lang,
    name: ownName(lang),
    definition: translate(definition, lang),
    words: wordsFor(lang),
  }));
}

function ownName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}
