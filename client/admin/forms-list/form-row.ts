// One form in the list: title, status, version, count, 30-day chart, webhook badge, and its actions:
// Edit (the builder) and Open in view, the less common ones under "More" (Copy embed, Pause/Resume,
// Duplicate, Delete, which asks, naming the answers that go), as PocketBase and Tally keep a row short.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { copyText, CopyButton } from '../common/copy-button.ts';
import { Confirm } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { count } from '../common/format.ts';
import { Link } from '../common/link.ts';
import { MenuButton, type MenuItem } from '../common/menu-button.ts';
import { loadBuilder } from '../lazy-builder.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import type { FormListItem } from '../types.ts';
import { navigate } from '../use-route.ts';
import { SparkChart } from './spark-chart.ts';

/** The delete dialog's words when the form is gone: deleted meanwhile in another tab or through the API. */
const deletedMeanwhile = {
  form: 'This form was already deleted, perhaps in another tab. Reload the page to see your forms as they are now.',
};

/**
 * A row; `canEdit` shows the changing actions; `onChanged` reloads the list. Every action leaves the focus
 * on the More button (a dialog gives it back there), never on the page start.
 */
export function FormRow({ form, canEdit, onChanged }: { form: FormListItem; canEdit: boolean; onChanged: () => void }) {
  const toggle = useAction(() =>
    trpc.forms.setStatus.mutate({ formId: form.form_id, status: form.status === 'active' ? 'paused' : 'active' }),
  );
  const duplicate = useAction(() => trpc.forms.duplicate.mutate({ formId: form.form_id }));
  const remove = useAction(() => trpc.forms.delete.mutate({ formId: form.form_id }));
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>();
  const edit = `/admin/forms/${encodeURIComponent(form.form_id)}/edit`;
  // The row's actions are "Edit", "More"…; the title describes them (not in their names, so a link
  // named after the form stays the one link to its page).
  const titleId = `form-title-${form.form_id}`;
  // A deleted form's row goes with the button that had the focus: the focus moves to the page's heading
  // (a layout effect's cleanup runs while the row is still in the page) rather than falling to the body.
  const row = useRef<HTMLTableRowElement>(null);
  useLayoutEffect(
    () => () => {
      if (!row.current?.contains(document.activeElement)) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus();
    },
    [],
  );
  const copyEmbed = async () => {
    const ok = await copyText(form.embed_snippet);
    setCopied(ok ? 'copied' : 'failed');
    setTimeout(() => setCopied(undefined), ok ? 2000 : 6000);
  };
  const more: MenuItem[] = [
    { label: 'Copy embed code', onSelect: () => void copyEmbed() },
    ...(canEdit
      ? [
          {
            label: form.status === 'active' ? 'Pause' : 'Resume',
            busy: toggle.busy,
            onSelect: async () => (await toggle.run()) && onChanged(),
          },
          { label: 'Duplicate', busy: duplicate.busy, onSelect: async () => (await duplicate.run()) && onChanged() },
          { label: 'Delete…', danger: true, onSelect: () => setConfirming(true) },
        ]
      : []),
  ];
  const copiedNote =
    copied === 'copied'
      ? 'Embed code copied'
      : "Copying was refused by the browser: open the form's Overview to copy the embed code by hand.";
  const answers = form.submissions === 0 ? 'its answers (it has none)' : `all ${count(form.submissions, 'answer')}`;
  const deleted = `its ${count(form.version, 'version')} and ${answers}`;
  const deleteMessage = `The form, ${deleted} are deleted for good. Its link stops working.`;
  return html`<tr ref=${row}>
    <td data-label="Form"><span id=${titleId}><${Link}
      href=${`/admin/forms/${encodeURIComponent(form.form_id)}`}>${form.title}<//></span>
      <div class="muted mono">${form.form_id}</div></td>
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
        onClick=${(e: MouseEvent) => {
          if (e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
            e.preventDefault();
            navigate(edit);
          }
        }}
        aria-describedby=${titleId}>${canEdit ? 'Edit' : 'View'}</a>
      <a class="button secondary" href=${form.hosted_url} target="_blank" rel="noopener"
        aria-describedby=${titleId}>Open</a>
      ${
        canEdit
          ? html`<${MenuButton} label="More" items=${more} describedBy=${titleId} />`
          : html`<${CopyButton} text=${form.embed_snippet} label="Copy embed" />`
      }
      ${copied && html`<span class="small ${copied === 'copied' ? 'ok' : 'muted'}" role="status">${copiedNote}</span>`}
      <${ErrorList} error=${toggle.error} />
      <${ErrorList} error=${duplicate.error} />
      ${
        confirming &&
        html`<${Confirm} title=${`Delete “${form.title}”?`}
        confirm=${`Delete form and ${count(form.submissions, 'answer')}`}
        busy=${remove.busy} message=${deleteMessage}
        onConfirm=${async () => {
          if (await remove.run()) {
            setConfirming(false);
            onChanged();
          }
        }} onClose=${() => setConfirming(false)}>
        <${ErrorList} error=${remove.error} focus gone=${deletedMeanwhile} /><//>`
      }
    </td>
  </tr>`;
}
