// The language of a respondent-facing page: ?lang=, then Accept-Language, then the form's own (the rule
// of shared/definition/translations.ts that the page's script applies with navigator.languages), the
// definition in it, and the catalogues of the form's languages for the script: only those, as data, so
// hosted.js carries English alone and the switch needs no second request.
import type { RouteContext } from '../../lib/router.ts';
import { acceptLanguages, chooseLanguage, formLanguages, translate } from '../../../shared/definition/translations.ts';
import type { FormDefinition } from '../../../shared/engine/index.ts';
import { type Catalogue, catalogues } from '../../../shared/engine/i18n/index.ts';

/** The chosen language, the definition shown in it, and the non-English catalogues the form's languages use. */
export function pageLanguage(definition: FormDefinition, ctx: Pick<RouteContext, 'req' | 'query'>) {
  const header = ctx.req.headers['accept-language'];
  const lang = chooseLanguage(definition, ctx.query.get('lang'), acceptLanguages(header));
  const used: Record<string, Catalogue> = {};
  for (const tag of formLanguages(definition)) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary !== 'en' && Object.hasOwn(catalogues, primary)) used[primary] = catalogues[primary];
  }
  return { lang, definition: translate(definition, lang), catalogues: used };
}
