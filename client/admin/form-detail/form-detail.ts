// One form: a header and tabs (overview, submissions, spam, settings, webhook, versions); the tab is in
// the URL (?tab=) so a reload or a shared link opens the same one. The settings draft lives here, above
// the tab switch: another tab keeps it, the Settings tab's link marks it, and leaving the form asks first.
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { trpc } from '../trpc.ts';
import type { Me } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { useLeaveGuard } from '../use-route.ts';
import { Overview } from './overview.ts';
import { SettingsTab } from './settings-tab.ts';
import { SpamView } from './spam-view.ts';
import { AnswerLists } from '../submissions/answer-lists.ts';
import { useSettingsDraft } from './use-settings-draft.ts';
import { VersionsView } from './versions/versions-view.ts';
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
  ['versions', 'Versions'],
] as const;

/** Tabs that were renamed: old links still open them. */
const renamed: Record<string, string> = { definition: 'versions' };

const leaveQuestion =
  'The settings of this form have unsaved changes. Leave this page anyway? ' +
  'They stay in this browser tab until you save or discard them.';

/** The form page for `formId`, showing `tab`. */
export function FormDetail({ me, formId, tab }: { me: Me; formId: string; tab: string }) {
  const form = useQuery(() => trpc.forms.byId.query({ formId }), [formId]);
  const settings = useSettingsDraft(formId, form.data?.settings, form.reload);
  const base = `/admin/forms/${encodeURIComponent(formId)}`;
  // Another tab of this form keeps the draft; any other page asks first.
  useLeaveGuard(settings.changes > 0 ? leaveQuestion : null, (to) => to.pathname === base);
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
  const wanted = renamed[tab] ?? tab;
  const current = tabs.some(([id]) => id === wanted) ? wanted : 'overview';
  return html`<div>
    <p class="crumbs"><${Link} href="/admin">Forms<//> /</p>
    <div class="page-head"><h1>${f.title} <${Badge} tone=${f.status === 'active' ? 'ok' : 'warn'}>${f.status}<//>
      ${f.moderation_paused && html` <${Badge} tone="bad">Paused by moderation<//>`}
      ${f.webhook_failing && html` <${Badge} tone="bad">Webhook failing<//>`}</h1>
      <${Link} class="button" href=${`${base}/edit`}>${canEdit ? 'Edit form' : 'View in builder'}<//></div>
    <nav class="tabs" aria-label="Form sections">
      ${tabs.map(
        ([id, label]) => html`<${Link} href=${`${base}?tab=${id}`}
          class=${id === current ? 'active' : ''}
          aria-current=${id === current ? 'page' : undefined}>${label}${
            id === 'settings' &&
            settings.changes > 0 &&
            html`<span class="unsaved-dot" aria-hidden="true"> •</span><span class="sr-only"> (unsaved changes)</span>`
          }<//>`,
      )}
    </nav>
    ${current === 'overview' && html`<${Overview} form=${f} canEdit=${canEdit} onChanged=${form.reload} />`}
    ${
      current === 'submissions' &&
      html`<${AnswerLists} formId=${formId} canEdit=${canEdit} hostedUrl=${f.hosted_url}
        encryption=${f.settings.encryption} />`
    }
    ${current === 'spam' && html`<${SpamView} formId=${formId} canEdit=${canEdit} onChanged=${form.reload} />`}
    ${
      current === 'settings' &&
      html`<${SettingsTab} form=${f} canEdit=${canEdit} draft=${settings} onEncryptionSaved=${form.reload} />`
    }
    ${current === 'webhook' && html`<${WebhookPanel} formId=${formId} canEdit=${canEdit} />`}
    ${current === 'versions' && html`<${VersionsView} formId=${formId} canEdit=${canEdit} />`}
  </div>`;
}
