// The Forms page: "New form", drafts of forms not yet published, every form of the workspace with its
// activity, and the usage notice near the quota.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { relative } from '../common/format.ts';
import { LazyNewFormDialog, loadBuilder } from '../lazy-builder.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { FormRow } from './form-row.ts';

/** The list, newest first. */
export function FormsList({ me }: { me: Me }) {
  const list = useQuery(() => Promise.all([trpc.forms.list.query(), trpc.drafts.list.query()]), []);
  const [creating, setCreating] = useState(false);
  const canEdit = me.role !== 'viewer';
  // Loading and failing keep the page's h1 where the list has it (one h1 per page; the focus after a
  // move stays on it).
  if (list.error)
    return html`<div><div class="page-head"><h1>Forms</h1></div><${ErrorList} error=${list.error} /></div>`;
  if (!list.data)
    return html`<div><div class="page-head"><h1>Forms</h1></div><p class="muted">Loading forms…</p></div>`;
  const [{ forms, notice, upgrade_url, chart_days }, { drafts }] = list.data;
  const newButton =
    canEdit &&
    html`<button type="button" onClick=${() => setCreating(true)}
      onPointerEnter=${() => void loadBuilder().catch(() => {})}>New form</button>`;
  return html`<div>
    <div class="page-head"><h1>Forms</h1>${newButton}</div>
    ${
      notice &&
      html`<p class="notice" role="status">${notice} ${upgrade_url && html`<a href=${upgrade_url}>Upgrade</a>`}</p>`
    }
    ${
      drafts.length > 0 &&
      html`<section class="card" aria-labelledby="drafts-title"><h2 id="drafts-title">Drafts</h2>
      <ul class="plain">${drafts.map(
        (d) => html`<li><${Link}
          href=${`/admin/drafts/${encodeURIComponent(d.draft_id)}`}>${d.title}<//> <span
          class="badge">Draft, not published</span>
          <span class="muted small" title=${d.updated_at}>saved ${relative(d.updated_at)}</span></li>`,
      )}</ul></section>`
    }
    ${
      forms.length === 0
        ? html`<div class="card empty"><p>No forms yet.</p>
          ${
            canEdit
              ? html`<p class="muted">Make one in the builder, from scratch or from a template.</p>${newButton}`
              : html`<p class="muted">An owner or editor of this workspace can make one.</p>`
          }</div>`
        : html`<table class="forms stack">
          <thead><tr><th>Form</th><th>Status</th><th class="num">Version</th><th class="num">Submissions</th>
            <th>Last ${chart_days} days</th><th><span class="sr-only">Actions</span></th></tr></thead>
          <tbody>${forms.map(
            (f) => html`<${FormRow} key=${f.form_id} form=${f} canEdit=${canEdit} onChanged=${list.reload} />`,
          )}</tbody>
        </table>`
    }
    ${creating && html`<${LazyNewFormDialog} onClose=${() => setCreating(false)} />`}
  </div>`;
}
