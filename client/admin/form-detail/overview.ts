// The overview tab: where the form lives (hosted page, endpoint, embed snippet), pause/resume, how it
// does (funnel, steps, sources, days) and its answers summed up per question.
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { FormDetail } from '../types.ts';
import { useAction } from '../use-action.ts';
import { OffNote } from '../encryption/off-notes.ts';
import { QuestionSummaryView } from './question-summary.ts';
import { StatsView } from './stats-view.ts';

/** Addresses, counts and the status switch. */
export function Overview({ form, canEdit, onChanged }: { form: FormDetail; canEdit: boolean; onChanged: () => void }) {
  const toggle = useAction(() =>
    trpc.forms.setStatus.mutate({ formId: form.form_id, status: form.status === 'active' ? 'paused' : 'active' }),
  );
  return html`<div><div class="grid">
    <${Section} title="Status">
      <dl>
        <dt>Status</dt>
        <dd>${form.status}${form.moderation_paused ? ' (by moderation: an instance owner must lift it)' : ''}</dd>
        <dt>Version</dt><dd>${form.version}</dd>
        <dt>Submissions</dt><dd>${form.submissions}</dd>
        <dt>Created</dt><dd><${Time} iso=${form.created_at} /></dd>
      </dl>
      ${
        canEdit &&
        html`<button type="button" disabled=${toggle.busy} onClick=${async () => (await toggle.run()) && onChanged()}>
        ${form.status === 'active' ? 'Pause form' : 'Resume form'}</button>`
      }
      <${ErrorList} error=${toggle.error} />
    <//>
    <${Section} title="Share">
      <dl>
        <dt>Hosted page</dt><dd><a href=${form.hosted_url} target="_blank" rel="noopener">${form.hosted_url}</a>
          <div class="row"><${CopyButton} text=${form.hosted_url} label="Copy link" /></div></dd>
        <dt>Endpoint</dt><dd class="mono">${form.endpoint}</dd>
      </dl>
      <label for="embed">Embed snippet</label>
      <textarea id="embed" class="mono" rows="2" readonly>${form.embed_snippet}</textarea>
      <div class="row"><${CopyButton} text=${form.embed_snippet} label="Copy embed snippet" />
        <a class="button secondary" href=${form.hosted_url} target="_blank" rel="noopener">Open hosted page</a></div>
    <//>
  </div>
  <${StatsView} formId=${form.form_id} />
  ${
    form.settings.encryption
      ? html`<${Section} title="Answers by question"><${OffNote} what="summary" /><//>`
      : html`<${QuestionSummaryView} formId=${form.form_id} />`
  }
  </div>`;
}
