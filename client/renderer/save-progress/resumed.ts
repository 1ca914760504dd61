// The notice over a form whose answers came back from the browser's storage, with the way out of them.
import { html } from '../html.ts';

/** "Your answers from last time are back." and a Start over button (clears them, no question asked). */
export function Resumed({ onStartOver }: { onStartOver(): void }) {
  return html`<div class="fs-resumed" role="status">
    <p>Your answers from last time are back.</p>
    <button type="button" class="fs-btn fs-btn-secondary fs-start-over" onClick=${onStartOver}>Start over</button>
  </div>`;
}
