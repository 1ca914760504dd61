// Where the respondent is: "Step 2 of 4" (or "Question 5 of 12" one per screen) and a bar. The numbers
// come from path-progress.ts, which never takes them back while the respondent moves forward; the total
// is left out ("Step 2") while the answers still decide how long the rest of the form is.
import { html } from '../html.ts';
import { useWords } from '../words.ts';
import type { ProgressUnit, ProgressView } from './path-progress.ts';

/** The progress line of a multi-step (or one-per-screen) form, in the page's language. */
export function Progress({ id, view, unit }: { id: string; view: ProgressView; unit: ProgressUnit }) {
  const t = useWords();
  const { current, total } = view;
  const label =
    unit === 'question'
      ? t(total ? 'questionOf' : 'question', { current, total: total ?? 0 })
      : t(total ? 'stepOf' : 'step', { current, total: total ?? 0 });
  return html`<div class="fs-progress">
    <p class="fs-progress-label" id=${id}>${label}</p>
    <div class="fs-progress-track" role="progressbar" aria-labelledby=${id} aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${view.percent} aria-valuetext=${`${label}, ${view.percent}% done`}>
      <div class="fs-progress-fill" style=${{ width: `${view.percent}%` }}></div>
    </div>
  </div>`;
}
