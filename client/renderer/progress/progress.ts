// Where the respondent is on their path: "Step 2 of 4" and a bar. The total follows the path the
// answers so far imply, so it can change when a routed answer changes.
import { html } from '../html.ts';
import { useWords } from '../words.ts';

/** The progress line of a multi-step form. */
export function Progress({ id, current, total }: { id: string; current: number; total: number }) {
  const t = useWords();
  const percent = Math.round((Math.min(current, total) / Math.max(total, 1)) * 100);
  return html`<div class="fs-progress">
    <p class="fs-progress-label" id=${id}>${t('stepOf', { current, total })}</p>
    <div class="fs-progress-track" role="progressbar" aria-labelledby=${id} aria-valuemin="1" aria-valuemax=${total}
      aria-valuenow=${current}>
      <div class="fs-progress-fill" style=${{ width: `${percent}%` }}></div>
    </div>
  </div>`;
}
