// The screen after a successful submit.
import { html } from '../html.ts';

/** The default text when the form has no success message. */
export const defaultSuccessMessage = 'Thank you. Your response was sent.';

/** The success message, and "Submit another response" when the form allows it. */
export function Success({ message, allowAnother, onAnother }: { message?: string; allowAnother?: boolean; onAnother(): void }) {
  return html`<div class="fs-success" role="status">
    <p class="fs-success-message" tabindex="-1">${message || defaultSuccessMessage}</p>
    ${allowAnother ? html`<button type="button" class="fs-btn fs-btn-secondary fs-another" onClick=${onAnother}>Submit another response</button>` : null}
  </div>`;
}
