// Every problem of the draft above Publish, each a link to the part it names; below them the warnings
// (a step no path reaches, a route that can never match), which do not stop publishing.
import { html } from '../../renderer/html.ts';
import type { PlacedProblem } from './model/index.ts';
import type { Selection } from './selection.ts';

/** Where a problem's link takes the reader. */
function targetOf(p: PlacedProblem): Selection | undefined {
  return p.field
    ? { kind: 'field', at: p.field }
    : p.step !== undefined
      ? { kind: 'step', step: p.step }
      : /^endings\b/.test(p.rest)
        ? { kind: 'endings' }
        : p.rest && !p.rest.startsWith('definition')
          ? { kind: 'form' }
          : undefined;
}

function Items({ list, go }: { list: readonly PlacedProblem[]; go: (s: Selection) => void }) {
  return html`<ul>${list.map((p) => {
    const t = targetOf(p);
    const item = t ? html`<button type="button" class="link" onClick=${() => go(t)}>${p.text}</button>` : p.text;
    return html`<li>${item}</li>`;
  })}</ul>`;
}

/** Nothing when there is no problem and no warning. */
export function ProblemsSummary({
  problems,
  warnings = [],
  go,
}: {
  problems: readonly PlacedProblem[];
  warnings?: readonly PlacedProblem[];
  go: (s: Selection) => void;
}) {
  if (problems.length === 0 && warnings.length === 0) return null;
  return html`<div class="b-summaries">
    ${
      problems.length > 0 &&
      html`<div class="problems b-summary" role="status">
        <strong>${problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before publishing</strong>
        <${Items} list=${problems} go=${go} />
      </div>`
    }
    ${
      warnings.length > 0 &&
      html`<div class="b-warnings b-summary" role="status">
        <strong>${warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`} (publishing still works)</strong>
        <${Items} list=${warnings} go=${go} />
      </div>`
    }
  </div>`;
}
