// One form in the list: title, status, version, count, 30-day chart, webhook badge, quick actions.
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { CopyButton } from '../common/copy-button.ts';
import { Link } from '../common/link.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import type { FormListItem } from '../types.ts';
import { SparkChart } from './spark-chart.ts';

/** A row; `canEdit` shows pause/resume; `onChanged` reloads the list. */
export function FormRow({ form, canEdit, onChanged }: { form: FormListItem; canEdit: boolean; onChanged: () => void }) {
  const toggle = useAction(() => trpc.forms.setStatus.mutate({ formId: form.form_id, status: form.status === 'active' ? 'paused' : 'active' }));
  return html`<tr>
    <td data-label="Form"><${Link} href=${`/admin/forms/${encodeURIComponent(form.form_id)}`}>${form.title}<//><div class="muted mono">${form.form_id}</div></td>
    <td data-label="Status">
      <${Badge} tone=${form.status === 'active' ? 'ok' : 'warn'}>${form.status}<//>
      ${form.webhook_failing && html` <${Badge} tone="bad">Webhook failing<//>`}
    </td>
    <td class="num" data-label="Version">v${form.version}</td>
    <td class="num" data-label="Submissions">${form.submissions}</td>
    <td data-label="Last 30 days"><${SparkChart} counts=${form.daily} /></td>
    <td class="actions">
      ${canEdit &&
      html`<button type="button" class="secondary" disabled=${toggle.busy} title=${toggle.error ? toggle.error.details.join('\n') || toggle.error.code : ''}
        onClick=${async () => (await toggle.run()) && onChanged()}>${form.status === 'active' ? 'Pause' : 'Resume'}</button>`}
      <a class="button secondary" href=${form.hosted_url} target="_blank" rel="noopener">Open</a>
      <${CopyButton} text=${form.embed_snippet} label="Copy embed" />
    </td>
  </tr>`;
}
