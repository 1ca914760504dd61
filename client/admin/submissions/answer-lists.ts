// The Submissions tab: the answers, and for a form that keeps partial answers (or holds some from before) a
// switch to the Partial list (ARCHITECTURE.md Wave 4 "Partial answers"). A form without them shows the answers
// only, as before.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { SubmissionsTable } from '../form-detail/submissions-table.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';
import { PartialList } from './partial-list.ts';

/** The answers and, when there are any to show, the partial answers, one at a time. */
export function AnswerLists(props: Parameters<typeof SubmissionsTable>[0]) {
  const [view, setView] = useState<'answers' | 'partial'>('answers');
  // Only whether to offer the switch and its count: the list itself is read when it is shown.
  const partial = useQuery(() => trpc.submissions.partials.query({ formId: props.formId }), [props.formId, view]);
  const offered = partial.data && (partial.data.keep || partial.data.total > 0);
  const button = (id: typeof view, label: string) =>
    html`<button type="button" class=${view === id ? 'segment active' : 'segment'} aria-pressed=${view === id}
      onClick=${() => setView(id)}>${label}</button>`;
  return html`<div>
    ${
      offered &&
      html`<div class="segments" role="group" aria-label="Which answers">
        ${button('answers', 'Answers')}${button('partial', `Partial (${partial.data!.total})`)}
      </div>`
    }
    ${
      offered && view === 'partial'
        ? html`<${PartialList} formId=${props.formId} />`
        : html`<${SubmissionsTable} ...${props} />`
    }
  </div>`;
}
