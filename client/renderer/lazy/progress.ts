// Where the respondent is: "Step 2 of 4" (or "Question 5 of 12" one per screen) and a bar. The numbers
// come from path-progress.ts, which never takes them back while the respondent moves forward; the total
// is left out ("Step 2") while the answers still decide how long the rest of the form is. An on-demand
// module: only multi-step and one-per-screen forms show progress (progress/progress-line.ts loads it),
// with its own English; a single-step form's page never fetches the path arithmetic.
import { html } from '../html.ts';
import {
  forwardOnly,
  pathProgress,
  type ProgressPosition,
  type ProgressUnit,
  type ProgressView,
} from '../progress/path-progress.ts';
import { progressLabel, progressWords } from '../progress/progress-words.ts';
import type { FormDefinition } from '../engine.ts';
import { useWords } from './parts.ts';

export { giveParts } from './parts.ts';
export { progressWords } from '../progress/progress-words.ts';

/** Props of the progress line: where the respondent stands, and what was shown last (kept by the form). */
export interface ProgressLineProps {
  id: string;
  definition: FormDefinition;
  position: ProgressPosition;
  unit: ProgressUnit;
  /** The last view shown: the next one never goes below it (set back to undefined on Start over). */
  shown: { current: ProgressView | undefined };
}

/** The progress line of a multi-step (or one-per-screen) form, in the page's language. */
export function ProgressLine({ id, definition, position, unit, shown }: ProgressLineProps) {
  const t = useWords(progressWords);
  const view = forwardOnly(shown.current, pathProgress(definition, position, unit));
  shown.current = view;
  const label = progressLabel(view, unit, t);
  return html`<div class="fs-progress">
    <p class="fs-progress-label" id=${id}>${label}</p>
    <div class="fs-progress-track" role="progressbar" aria-labelledby=${id} aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${view.percent} aria-valuetext=${`${label}, ${view.percent}% done`}>
      <div class="fs-progress-fill" style=${{ width: `${view.percent}%` }}></div>
    </div>
  </div>`;
}
