// The languages the engine and renderer speak, and the catalogue for a language tag. The server imports
// this; browser bundles import catalogue.ts and en.ts only and get the chosen language's catalogue as
// data (the hosted page's data attribute, the definition endpoint's `words`), so their script stays small.
import { type Catalogue, formatMessage, type MessageId, type MessageParams } from './catalogue.ts';
import { de } from './de.ts';
import { englishAll } from './en-page.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

export { type Catalogue, type MessageId, type MessageParams, formatMessage } from './catalogue.ts';
export { engineMessages, type EngineMessages } from './engine-messages.ts';
export { enPage } from './en-page.ts';

/** English: the renderer's words and the page's (a closed form's notice, an unclaimed form's banner). */
export const en: Catalogue = englishAll;

/** Every built-in catalogue by primary language subtag. */
export const catalogues: Readonly<Record<string, Catalogue>> = { en, de, fr, es };

/** The catalogue for a tag (`de-AT` gets German), or English when the engine does not speak it. */
export function catalogueFor(lang: string | undefined): Catalogue {
  const primary = (lang ?? 'en').toLowerCase().split('-')[0];
  return Object.hasOwn(catalogues, primary) ? catalogues[primary] : en;
}

/**
 * The catalogue a page or embed needs beside its English one for `lang`: undefined for English (and for
 * a language the engine does not speak, which shows English), so a view carries at most one language.
 */
export function wordsFor(lang: string | undefined): Catalogue | undefined {
  const catalogue = catalogueFor(lang);
  return catalogue === en ? undefined : catalogue;
}

/** A message in the language of `lang`, English for anything missing. */
export function message(lang: string | undefined, id: MessageId, params?: MessageParams): string {
  return formatMessage(catalogueFor(lang), en, id, params);
}
