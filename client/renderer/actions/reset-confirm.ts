// Asked before "Start over" (a cancel button without onCancel) clears answers: a misclick must not
// throw away what a person typed.
import { useEffect, useRef } from 'preact/hooks';
import { html } from '../html.ts';

/** The question, with the clearing button and the one that keeps the answers (focused first). */
export function ResetConfirm({ onConfirm, onKeep }: { onConfirm(): void; onKeep(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return html`<div class="fs-confirm" role="alertdialog" aria-labelledby="fs-confirm-text" aria-modal="false"
    onKeyDown=${(e: KeyboardEvent) => e.key === 'Escape' && onKeep()}>
    <p id="fs-confirm-text">Clear all your answers and start over?</p>
    <div class="fs-confirm-actions">
      <button type="button" class="fs-btn fs-btn-secondary fs-keep" ref=${keep}
        onClick=${onKeep}>Keep my answers</button>
      <button type="button" class="fs-btn fs-btn-primary fs-clear" onClick=${onConfirm}>Clear answers</button>
    </div>
  </div>`;
}
