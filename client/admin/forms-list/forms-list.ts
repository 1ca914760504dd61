// The Forms page: every form of the workspace with its activity, and the usage notice near the quota.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { FormRow } from './form-row.ts';

/** The list, newest first. */
export function FormsList({ me }: { me: Me }) {
  const list = useQuery(() => trpc.forms.list.query(), []);
  const canEdit = me.role !== 'viewer';
  if (list.error) return html`<${ErrorList} error=${list.error} />`;
  if (!list.data) return html`<p class="muted">Loading forms…</p>`;
  const { forms, notice, upgrade_url, chart_days } = list.data;
  return html`<div>
    <h1>Forms</h1>
    ${notice && html`<p class="notice" role="status">${notice} ${upgrade_url && html`<a href=${upgrade_url}>Upgrade</a>`}</p>`}
    ${forms.length === 0
      ? html`<div class="card empty"><p>No forms yet.</p><p class="muted">Publish one with <code>POST /v1/forms</code> and an account key, or claim a form an agent published.</p></div>`
      : html`<table class="forms stack">
          <thead><tr><th>Form</th><th>Status</th><th class="num">Version</th><th class="num">Submissions</th><th>Last ${chart_days} days</th><th><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${forms.map((f) => html`<${FormRow} key=${f.form_id} form=${f} canEdit=${canEdit} onChanged=${list.reload} />`)}</tbody>
        </table>`}
  </div>`;
}
