// Asked before "Start over" (a cancel button without onCancel) clears answers: a misclick must not
// throw away what a person typed. An on-demand module: only forms with a cancel action load it
// (actions/start-over.ts), with its own English words.
import type { Catalogue } from '../../../shared/engine/i18n/catalogue.ts';
import { html } from '../html.ts';
import { useEffect, useRef, useWords } from './parts.ts';

export { giveParts } from './parts.ts';

/** The question's words in English; the page's catalogue has them in its language. */
export const resetWords: Catalogue = {
  lang: 'en',
  messages: {
    resetQuestion: 'Clear all your answers and start over?',
    keepAnswers: 'Keep my answers',
    clearAnswers: 'Clear answers',
  },
};

/** The question, with the clearing button and the one that keeps the answers (focused first). */
export function ResetConfirm({ onConfirm, onKeep }: { onConfirm(): void; onKeep(): void }) {
  const t = useWords(resetWords);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return html`<div class="fs-confirm" role="alertdialog" aria-labelledby="fs-confirm-text" aria-modal="false"
    onKeyDown=${(e: KeyboardEvent) => e.key === 'Escape' && onKeep()}>
    <p id="fs-confirm-text">${t('resetQuestion')}</p>
    <div class="fs-confirm-actions">
      <button type="button" class="fs-btn fs-btn-secondary fs-keep" ref=${keep}
        onClick=${onKeep}>${t('keepAnswers')}</button>
      <button type="button" class="fs-btn fs-btn-primary fs-clear" onClick=${onConfirm}>${t('clearAnswers')}</button>
    </div>
  </div>`;
}
