// The notice over a form whose answers came back from the browser's storage, with the way out of them.
// An on-demand module (save-progress/resumed.ts loads it when answers were kept), with its own English.
import type { Catalogue } from '../../../shared/engine/i18n/catalogue.ts';
import { html } from '../html.ts';
import { useWords } from './parts.ts';

export { giveParts } from './parts.ts';

/** The notice's words in English; the page's catalogue has them in its language. */
export const resumedWords: Catalogue = {
  lang: 'en',
  messages: { answersBack: 'Your answers from last time are back.', startOver: 'Start over' },
};

/** "Your answers from last time are back." and a Start over button (clears them, no question asked). */
export function Resumed({ onStartOver }: { onStartOver(): void }) {
  const t = useWords(resumedWords);
  return html`<div class="fs-resumed" role="status">
    <p>${t('answersBack')}</p>
    <button type="button" class="fs-btn fs-btn-secondary fs-start-over"
      onClick=${onStartOver}>${t('startOver')}</button>
  </div>`;
}
