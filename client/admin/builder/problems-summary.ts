// Every problem of the draft above Publish, each a link to the part it names.
import { html } from '../../renderer/html.ts';
import type { PlacedProblem } from './model/index.ts';
import type { Selection } from './selection.ts';

/** Nothing when there is no problem. */
export function ProblemsSummary({ problems, go }: { problems: readonly PlacedProblem[]; go: (s: Selection) => void }) {
  if (problems.length === 0) return null;
  const target = (p: PlacedProblem): Selection | undefined =>
    p.field
      ? { kind: 'field', at: p.field }
      : p.step !== undefined
        ? { kind: 'step', step: p.step }
        : p.rest && !p.rest.startsWith('definition')
          ? { kind: 'form' }
          : undefined;
  return html`<div class="problems b-summary" role="status">
    <strong>${problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before publishing</strong>
    <ul>${problems.map((p) => {
      const t = target(p);
      const item = t ? html`<button type="button" class="link" onClick=${() => go(t)}>${p.text}</button>` : p.text;
      return html`<li>${item}</li>`;
    })}</ul>
  </div>`;
}
