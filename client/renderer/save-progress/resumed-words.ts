// The English of the "answers are back" notice, apart from its component so that the light page
// (client/hosted/light/) shows the same words without the renderer; other languages are in the catalogues.
import type { Catalogue } from '../../../shared/engine/i18n/catalogue.ts';

/** The notice's words in English; the page's catalogue has them in its language. */
export const resumedWords: Catalogue = {
  lang: 'en',
  messages: { answersBack: 'Your answers from last time are back.', startOver: 'Start over' },
};
