// The English words of a field type's module (this folder). Like the file field's, they live with the code
// that shows them, not in en.ts, which the hosted page carries; the other languages' catalogues
// (shared/engine/i18n) translate them by the same ids, and the page's catalogue wins over these.
import type { Catalogue, MessageParams } from '../../../shared/engine/i18n/catalogue.ts';
import { useWords } from '../lazy/parts.ts';

/**
 * A hook giving a module's words (`messages`, its English) in the page's language: the ids are MessageIds
 * (shared/engine/i18n/catalogue.ts), which de, fr and es translate.
 */
export function wordsOf<Id extends string>(messages: Record<Id, string>) {
  const own = { lang: 'en', messages } as unknown as Catalogue;
  return () => useWords(own) as unknown as (id: Id, params?: MessageParams) => string;
}
