// The settings tab: every field of spec 4.4. The patch (changed fields only) is checked in the browser
// with the same zod schema the server uses, so the messages are the API's; the server checks again
// (and alone can check the webhook URL's address) and its 422 details are shown the same way.
import { useState } from 'preact/hooks';
import { settingsPatchSchema, SUCCESS_MESSAGE_MAX } from '../../../shared/api/forms.ts';
import { zodProblems } from '../../../shared/api/problems.ts';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc, type AdminError } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';

type Editable = Pick<Settings, 'status' | 'success_message' | 'redirect_url' | 'allow_another_response' | 'notify_mode' | 'webhook_url'>;
const editable = (s: Settings): Editable => ({
  status: s.status,
  success_message: s.success_message,
  redirect_url: s.redirect_url,
  allow_another_response: s.allow_another_response,
  notify_mode: s.notify_mode,
  webhook_url: s.webhook_url,
});

/** The settings form; viewers see it read-only. */
export function SettingsForm({ formId, settings, canEdit, onSaved }: { formId: string; settings: Settings; canEdit: boolean; onSaved: () => void }) {
  const [saved, setSaved] = useState(editable(settings));
  const [draft, setDraft] = useState(saved);
  const [problems, setProblems] = useState<AdminError | undefined>();
  const [done, setDone] = useState(false);
  const save = useAction((patch: Record<string, unknown>) => trpc.settings.update.mutate({ formId, patch }));
  const set = <K extends keyof Editable>(key: K, value: Editable[K]) => {
    setDraft({ ...draft, [key]: value });
    setDone(false);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const patch = Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as keyof Editable] !== v));
    const checked = settingsPatchSchema.safeParse(patch);
    if (!checked.success) return setProblems({ code: 'invalid_request', details: zodProblems(checked.error) });
    setProblems(undefined);
    const result = await save.run(patch);
    if (result) {
      setSaved(editable(result));
      setDraft(editable(result));
      setDone(true);
      onSaved();
    }
  };
  const problemFor = (field: string) => (problems ?? save.error)?.details.filter((d) => d.startsWith(`${field}:`)) ?? [];
  const hint = (field: string) => problemFor(field).map((d) => html`<p class="field-problem" id=${`${field}-problem`}>${d.slice(field.length + 2)}</p>`);
  const text = (e: Event) => (e.target as HTMLInputElement).value;

  return html`<${Section} title="Settings">
    <form class="settings" onSubmit=${submit} novalidate>
      <fieldset disabled=${!canEdit || save.busy}>
        <label for="status">Status</label>
        <select id="status" value=${draft.status} onChange=${(e: Event) => set('status', text(e) as Editable['status'])}>
          <option value="active">Active: accepts submissions</option><option value="paused">Paused: refuses submissions</option>
        </select>${hint('status')}

        <label for="success_message">Success message <span class="muted">(${draft.success_message.length}/${SUCCESS_MESSAGE_MAX}; empty means the default)</span></label>
        <textarea id="success_message" rows="3" value=${draft.success_message} onInput=${(e: Event) => set('success_message', text(e))}></textarea>${hint('success_message')}

        <label for="redirect_url">Redirect URL <span class="muted">(http or https; empty means none)</span></label>
        <input id="redirect_url" type="url" value=${draft.redirect_url} onInput=${(e: Event) => set('redirect_url', text(e))} />${hint('redirect_url')}

        <label class="check"><input type="checkbox" checked=${draft.allow_another_response}
          onChange=${(e: Event) => set('allow_another_response', (e.target as HTMLInputElement).checked)} />
          Show “Submit another response” on the success screen <span class="muted">(no effect while a redirect URL is set)</span></label>${hint('allow_another_response')}

        <label for="notify_mode">Milestone emails</label>
        <select id="notify_mode" value=${draft.notify_mode} onChange=${(e: Event) => set('notify_mode', text(e) as Editable['notify_mode'])}>
          <option value="milestones">At milestones (1st, 10th, 100th … response)</option><option value="off">Off</option>
        </select>
        <p class="muted small">The deprecated <code>notify_email</code> follows this: ${draft.notify_mode === 'milestones' ? 'true' : 'false'}.</p>${hint('notify_mode')}${hint('notify_email')}

        <label for="webhook_url">Webhook URL <span class="muted">(public https on port 443; empty removes it and cancels pending deliveries)</span></label>
        <input id="webhook_url" type="url" placeholder="https://example.com/hooks/formstead" value=${draft.webhook_url} onInput=${(e: Event) => set('webhook_url', text(e))} />${hint('webhook_url')}
      </fieldset>
      <${ErrorList} error=${problems ?? save.error} />
      ${done && html`<p class="ok" role="status">Saved.</p>`}
      ${canEdit ? html`<button type="submit" disabled=${save.busy}>Save settings</button>` : html`<p class="muted">Viewers can read settings but not change them.</p>`}
    </form>
  <//>`;
}
