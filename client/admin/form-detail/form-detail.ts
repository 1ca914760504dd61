// One form: a header and tabs (overview, submissions, spam, settings, webhook, definition); the tab is in
// the URL (?tab=) so a reload or a shared link opens the same one.
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { DefinitionView } from './definition-view.ts';
import { Overview } from './overview.ts';
import { SettingsTab } from './settings-tab.ts';
import { SpamView } from './spam-view.ts';
import { SubmissionsTable } from './submissions-table.ts';
import { WebhookPanel } from './webhook-panel.ts';

const notFound =
  'There is no form at this address in this workspace: it may have been deleted, or the link belongs to ' +
  'another workspace.';

const tabs = [
  ['overview', 'Overview'],
  ['submissions', 'Submissions'],
  ['spam', 'Spam'],
  ['settings', 'Settings'],
  ['webhook', 'Webhook'],
  ['definition', 'Definition'],
] as const;

/** The form page for `formId`, showing `tab`. */
export function FormDetail({ me, formId, tab }: { me: Me; formId: string; tab: string }) {
  const form = useQuery(() => trpc.forms.byId.query({ formId }), [formId]);
  if (form.error?.code === 'not_found') {
    // A deleted form or a link from another workspace: say so in words, with the way back.
    return html`<div><p class="crumbs"><${Link} href="/admin">Forms<//> /</p><h1>Form not found</h1>
      <p>${notFound}</p>
      <p><${Link} class="button" href="/admin">Back to forms<//></p></div>`;
  }
  if (form.error)
    return html`<div><p class="crumbs"><${Link} href="/admin">Forms<//> /</p>
      <h1>Form</h1><${ErrorList} error=${form.error} /></div>`;
  if (!form.data)
    return html`<div><p class="crumbs"><${Link} href="/admin">Forms<//> /</p>
      <div class="page-head"><h1 class="muted">Loading…</h1></div></div>`;
  const f = form.data;
  const canEdit = me.role !== 'viewer';
  const current = tabs.some(([id]) => id === tab) ? tab : 'overview';
  const base = `/admin/forms/${encodeURIComponent(formId)}`;
  return html`<div>
    <p class="crumbs"><${Link} href="/admin">Forms<//> /</p>
    <div class="page-head"><h1>${f.title} <${Badge} tone=${f.status === 'active' ? 'ok' : 'warn'}>${f.status}<//>
      ${f.moderation_paused && html` <${Badge} tone="bad">Paused by moderation<//>`}
      ${f.webhook_failing && html` <${Badge} tone="bad">Webhook failing<//>`}</h1>
      <${Link} class="button" href=${`${base}/edit`}>${canEdit ? 'Edit form' : 'View in builder'}<//></div>
    <nav class="tabs" aria-label="Form sections">
      ${tabs.map(
        ([id, label]) => html`<${Link} href=${`${base}?tab=${id}`}
          class=${id === current ? 'active' : ''}>${label}<//>`,
      )}
    </nav>
    ${current === 'overview' && html`<${Overview} form=${f} canEdit=${canEdit} onChanged=${form.reload} />`}
    ${
      current === 'submissions' &&
      html`<${SubmissionsTable} formId=${formId} canEdit=${canEdit} hostedUrl=${f.hosted_url} />`
    }
    ${current === 'spam' && html`<${SpamView} formId=${formId} canEdit=${canEdit} onChanged=${form.reload} />`}
    ${current === 'settings' && html`<${SettingsTab} form=${f} canEdit=${canEdit} onSaved=${form.reload} />`}
    ${current === 'webhook' && html`<${WebhookPanel} formId=${formId} canEdit=${canEdit} />`}
    ${current === 'definition' && html`<${DefinitionView} formId=${formId} canEdit=${canEdit} />`}
  </div>`;
}
