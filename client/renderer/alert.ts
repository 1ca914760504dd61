// A problem that belongs to the whole form (network failure, a paused form, a rule about buttons).
import { html } from './html.ts';
import { useWords } from './words.ts';

/** What went wrong, what it was about, and a retry button when sending again may help. */
export function Alert({
  message,
  problems,
  onRetry,
}: {
  message: string;
  problems: readonly string[];
  onRetry?: () => void;
}) {
  const t = useWords();
  return html`<div class="fs-alert" role="alert" tabindex="-1">
    <p>${message}</p>
    ${problems.length ? html`<ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>` : null}
    ${
      onRetry
        ? html`<button type="button" class="fs-btn fs-btn-secondary fs-retry"
            onClick=${onRetry}>${t('tryAgain')}</button>`
        : null
    }
  </div>`;
}
