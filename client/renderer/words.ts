// The renderer's words in the page's language: a context holding one catalogue (shared/engine/i18n),
// English by default. The hosted page and the embeds provide the chosen language's catalogue; only the
// English one is in the script, the others arrive as data, so the bundle stays small.
import { createContext } from 'preact';
import { useContext, useMemo } from 'preact/hooks';
import {
  type Catalogue,
  formatMessage,
  type MessageId,
  type MessageParams,
} from '../../shared/engine/i18n/catalogue.ts';
import { en } from '../../shared/engine/i18n/en.ts';
import { engineMessages } from '../../shared/engine/i18n/engine-messages.ts';

/** The catalogue the renderer speaks; provide another to change language. */
export const WordsContext = createContext<Catalogue>(en);

/**
 * A function giving a message in the context's language, English where the catalogue has none: `own`,
 * the English words of an on-demand module (client/renderer/lazy/), which the main bundle does not carry.
 */
export function useWords(own: Catalogue = en): (id: MessageId, params?: MessageParams) => string {
  const catalogue = useContext(WordsContext);
  return useMemo(
    () => (id: MessageId, params?: MessageParams) => formatMessage(catalogue, own, id, params),
    [catalogue, own],
  );
}

/** The engine's validation messages in the context's language. */
export function useEngineMessages() {
  const catalogue = useContext(WordsContext);
  return useMemo(() => engineMessages(catalogue), [catalogue]);
}
