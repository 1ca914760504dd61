// The notice over a form whose answers came back from the browser's storage, with the way out of them.
// An on-demand module (save-progress/resumed.ts loads it when answers were kept), with its own English
// (save-progress/resumed-words.ts).
import { html } from '../html.ts';
import { resumedWords } from '../save-progress/resumed-words.ts';
import { useWords } from './parts.ts';

export { giveParts } from './parts.ts';

/** "Your answers from last time are back." and a Start over button (clears them, no question asked). */
export function Resumed({ onStartOver }: { onStartOver(): void }) {
  const t = useWords(resumedWords);
  return html`<div class="fs-resumed" role="status">
    <p>${t('answersBack')}</p>
    <button type="button" class="fs-btn fs-btn-secondary fs-start-over"
      onClick=${onStartOver}>${t('startOver')}</button>
  </div>`;
}
