// The selection bar's marks: add or remove a tag, or set the status, on every selected answer at once
// (submissions.mark, the REST PATCH's rules). What changed is said in a status line and handed back for the rows.
import { useState } from 'preact/hooks';
import { TAG_CHARS_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { ErrorList, formDeletedMeanwhile } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import type { Submission, SubmissionStatus } from '../use-live-submissions.ts';
import { STATUS_WORDS } from './submission-filters.ts';

/** The new marks of changed answers, by id. */
export type Marks = Pick<Submission, 'id' | 'tags' | 'note' | 'status'>;

/** The controls for `ids`; `onMarked` gets the answers' marks after a change. */
export function BulkMarks({
  formId,
  ids,
  onMarked,
}: {
  formId: string;
  ids: string[];
  onMarked: (marks: Marks[]) => void;
}) {
  const [tag, setTag] = useState('');
  const [status, setStatus] = useState<SubmissionStatus>('done');
  const [said, setSaid] = useState('');
  const mark = useAction((patch: Record<string, unknown>) => trpc.submissions.mark.mutate({ formId, ids, patch }));
  const apply = async (patch: Record<string, unknown>, words: (n: string) => string) => {
    setSaid('');
    const result = await mark.run(patch);
    if (!result) return;
    onMarked(result.marks as Marks[]);
    setSaid(words(count(result.changed, 'submission')));
  };
  const withTag = (kind: 'add_tags' | 'remove_tags') => () => {
    const t = tag.trim();
    if (!t) return;
    apply({ [kind]: [t] }, (n) => (kind === 'add_tags' ? `Tagged ${n} “${t}”.` : `Removed “${t}” from ${n}.`));
  };
  return html`<div class="bulk-marks">
    <div class="row">
      <label class="inline">Tag <input id="bulk-tag" type="text" class="tag-input" maxlength=${TAG_CHARS_MAX}
        value=${tag} onInput=${(e: Event) => setTag((e.target as HTMLInputElement).value)}
        onKeyDown=${(e: KeyboardEvent) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            withTag('add_tags')();
          }
        }} /></label>
      <button type="button" class="secondary" disabled=${mark.busy}
        onClick=${withTag('add_tags')}>Add tag</button>
      <button type="button" class="secondary" disabled=${mark.busy}
        onClick=${withTag('remove_tags')}>Remove tag</button>
    </div>
    <div class="row">
      <label class="inline">Status <select id="bulk-status" value=${status}
        onChange=${(e: Event) => setStatus((e.target as HTMLSelectElement).value as SubmissionStatus)}>
        ${Object.entries(STATUS_WORDS).map(([value, words]) => html`<option value=${value}>${words}</option>`)}
      </select></label>
      <button type="button" class="secondary" disabled=${mark.busy}
        onClick=${() => apply({ status }, (n) => `Marked ${n} ${STATUS_WORDS[status].toLowerCase()}.`)}
        >Set status</button>
    </div>
    <p class="small" role="status">${said}</p>
    <${ErrorList} error=${mark.error} focus gone=${formDeletedMeanwhile} />
  </div>`;
}
