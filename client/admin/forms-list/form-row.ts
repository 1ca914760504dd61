// One form in the list: title, status, version, count, 30-day chart, webhook badge, and its actions:
// Edit (the builder), Open, Copy embed, Pause/Resume, Duplicate, Delete (asks, naming the answers that go).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { CopyButton } from '../common/copy-button.ts';
import { Confirm } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Link } from '../common/link.ts';
import { loadBuilder } from '../lazy-builder.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import type { FormListItem } from '../types.ts';
import { navigate } from '../use-route.ts';
import { SparkChart } from './spark-chart.ts';

/**
 * A row; `canEdit` shows the changing actions; `onChanged` reloads the list. Pause and Duplicate are
 * aria-disabled while they run, not disabled: a disabled button loses the keyboard focus to the page.
 */
export function FormRow({ form, canEdit, onChanged }: { form: FormListItem; canEdit: boolean; onChanged: () => void }) {
  const toggle = useAction(() => trpc.forms.setStatus.mutate({ formId: form.form_id, status: form.status === 'active' ? 'paused' : 'active' }));
  const duplicate = useAction(() => trpc.forms.duplicate.mutate({ formId: form.form_id }));
  const remove = useAction(() => trpc.forms.delete.mutate({ formId: form.form_id }));
  const [confirming, setConfirming] = useState(false);
  const edit = `/admin/forms/${encodeURIComponent(form.form_id)}/edit`;
  // The row's actions are "Edit", "Delete"…; the title describes them (not in their names, so a link
  // named after the form stays the one link to its page).
  const titleId = `form-title-${form.form_id}`;
  // A deleted form's row goes with the button that had the focus: the focus moves to the page's heading
  // (a layout effect's cleanup runs while the row is still in the page) rather than falling to the body.
  const row = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(() => () => {
    if (!row.current?.contains(document.activeElement)) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  return html`<tr ref=${row}>
    <td data-label="Form"><span id=${titleId}><${Link} href=${`/admin/forms/${encodeURIComponent(form.form_id)}`}>${form.title}<//></span><div class="muted mono">${form.form_id}</div></td>
    <td data-label="Status">
      <${Badge} tone=${form.status === 'active' ? 'ok' : 'warn'}>${form.status}<//>
      ${form.has_draft && html` <${Badge}>Unpublished changes<//>`}
      ${form.webhook_failing && html` <${Badge} tone="bad">Webhook failing<//>`}
    </td>
    <td class="num" data-label="Version">v${form.version}</td>
    <td class="num" data-label="Submissions">${form.submissions}</td>
    <td data-label="Last 30 days"><${SparkChart} counts=${form.daily} /></td>
    <td class="actions">
      <a class="button secondary" href=${edit} onPointerEnter=${() => void loadBuilder().catch(() => {})}
        onClick=${(e: MouseEvent) => { if (e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey) { e.preventDefault(); navigate(edit); } }}
        aria-describedby=${titleId}>${canEdit ? 'Edit' : 'View'}</a>
      ${canEdit &&
      html`<button type="button" class="secondary" aria-disabled=${toggle.busy ? 'true' : undefined} title=${toggle.error ? toggle.error.details.join('\n') || toggle.error.code : ''}
        onClick=${async () => !toggle.busy && (await toggle.run()) && onChanged()}>${form.status === 'active' ? 'Pause' : 'Resume'}</button>`}
      <a class="button secondary" href=${form.hosted_url} target="_blank" rel="noopener" aria-describedby=${titleId}>Open</a>
      <${CopyButton} text=${form.embed_snippet} label="Copy embed" />
      ${canEdit &&
      html`<button type="button" class="secondary" aria-disabled=${duplicate.busy ? 'true' : undefined} aria-describedby=${titleId} onClick=${async () => !duplicate.busy && (await duplicate.run()) && onChanged()}>Duplicate</button>
        <button type="button" class="secondary danger" aria-describedby=${titleId} onClick=${() => setConfirming(true)}>Delete</button>`}
      <${ErrorList} error=${duplicate.error} />
      ${confirming &&
      html`<${Confirm} title=${`Delete “${form.title}”?`} confirm=${`Delete form and ${count(form.submissions, 'answer')}`} busy=${remove.busy}
        message=${`The form, its ${count(form.version, 'version')} and ${form.submissions === 0 ? 'its answers (it has none)' : `all ${count(form.submissions, 'answer')}`} are deleted for good. Its link stops working.`}
        onConfirm=${async () => {
          if (await remove.run()) {
            setConfirming(false);
            onChanged();
          }
        }} onClose=${() => setConfirming(false)}><${ErrorList} error=${remove.error} focus /><//>`}
    </td>
  </tr>`;
}
