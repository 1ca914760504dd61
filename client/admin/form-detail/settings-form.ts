// The settings tab: every field of spec 4.4 in plain words. The server checks a save as a whole and
// answers every problem at once (the webhook address included); each is shown as a sentence next to
// its field, and listed above the Save button.
import { useState } from 'preact/hooks';
import { SUCCESS_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import { ProblemSummary } from './problem-summary.ts';
import { plainProblem } from './settings-problems.ts';

type Editable = Pick<
  Settings,
  | 'status'
  | 'success_message'
  | 'redirect_url'
  | 'allow_another_response'
  | 'notify_mode'
  | 'webhook_url'
  | 'slack_webhook_url'
  | 'discord_webhook_url'
>;
const editable = (s: Settings): Editable => ({
  status: s.status,
  success_message: s.success_message,
  redirect_url: s.redirect_url,
  allow_another_response: s.allow_another_response,
  notify_mode: s.notify_mode,
  webhook_url: s.webhook_url,
  slack_webhook_url: s.slack_webhook_url,
  discord_webhook_url: s.discord_webhook_url,
});

const webhookNote =
  '(every response is sent here as a signed POST; https on the public internet; empty removes it and cancels ' +
  'deliveries not yet made)';

const chatNote = (app: string) =>
  `(paste the address of a ${app} webhook: each response is posted there as a message with its answers; ` +
  'empty turns it off)';

/** The settings form; viewers see it read-only. */
export function SettingsForm({
  formId,
  settings,
  canEdit,
  onSaved,
}: {
  formId: string;
  settings: Settings;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [saved, setSaved] = useState(editable(settings));
  const [draft, setDraft] = useState(saved);
  const [done, setDone] = useState(false);
  const save = useAction((patch: Record<string, unknown>) => trpc.settings.update.mutate({ formId, patch }));
  const set = <K extends keyof Editable>(key: K, value: Editable[K]) => {
    setDraft({ ...draft, [key]: value });
    setDone(false);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const patch = Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as keyof Editable] !== v));
    setDone(false);
    const result = await save.run(patch);
    if (result) {
      setSaved(editable(result));
      setDraft(editable(result));
      setDone(true);
      onSaved();
    }
  };
  const problems = (save.error?.details ?? []).map(plainProblem);
  const problemFor = (field: string) =>
    problems.filter((p) => p.field === field || (field === 'notify_mode' && p.field === 'notify_email'));
  const hint = (field: string) =>
    problemFor(field).map(
      (p, i) => html`<p class="field-problem" id=${`${field}-problem${i ? `-${i}` : ''}`}>${p.text}</p>`,
    );
  const invalid = (field: string) => ({
    'aria-invalid': problemFor(field).length > 0 ? 'true' : undefined,
    'aria-describedby': problemFor(field).length > 0 ? `${field}-problem` : undefined,
  });
  const text = (e: Event) => (e.target as HTMLInputElement).value;

  return html`<${Section} title="Settings">
    <form class="settings" onSubmit=${submit} novalidate>
      <fieldset disabled=${!canEdit || save.busy}>
        <label for="status">Status</label>
        <select id="status" value=${draft.status} ...${invalid('status')}
          onChange=${(e: Event) => set('status', text(e) as Editable['status'])}>
          <option value="active">Active: accepts responses</option>
          <option value="paused">Paused: refuses responses</option>
        </select>${hint('status')}

        <label for="success_message">Message after sending <span
          class="muted">(${draft.success_message.length}/${SUCCESS_MESSAGE_MAX}; empty shows the default)</span></label>
        <textarea id="success_message" rows="3" value=${draft.success_message} ...${invalid('success_message')}
          onInput=${(e: Event) => set('success_message', text(e))}></textarea>${hint('success_message')}

        <label for="redirect_url">Redirect address <span
          class="muted">(send people to this page after they send; empty: show the message)</span></label>
        <input id="redirect_url" type="url" placeholder="https://example.com/thanks" value=${draft.redirect_url}
          ...${invalid('redirect_url')} onInput=${(e: Event) => set('redirect_url', text(e))} />${hint('redirect_url')}

        <label class="check"><input type="checkbox" checked=${draft.allow_another_response}
          onChange=${(e: Event) => set('allow_another_response', (e.target as HTMLInputElement).checked)} />
          <span>Offer “Submit another response” after sending <span
            class="muted">(not while a redirect address is set)</span></span></label>${hint('allow_another_response')}

        <label for="notify_mode">Milestone emails <span class="muted">
          (a note when the form reaches its 1st, 10th, 100th … response; an email for every response is under Emails)
        </span></label>
        <select id="notify_mode" value=${draft.notify_mode} ...${invalid('notify_mode')}
          onChange=${(e: Event) => set('notify_mode', text(e) as Editable['notify_mode'])}>
          <option value="milestones">At milestones (1st, 10th, 100th … response)</option>
          <option value="off">Off</option>
        </select>${hint('notify_mode')}

        <label for="webhook_url">Webhook address <span class="muted">${webhookNote}</span></label>
        <input id="webhook_url" type="url" placeholder="https://example.com/hooks/formstead" value=${draft.webhook_url}
          ...${invalid('webhook_url')} onInput=${(e: Event) => set('webhook_url', text(e))} />${hint('webhook_url')}

        <label for="slack_webhook_url">Send each response to Slack <span
          class="muted">${chatNote('Slack incoming')}</span></label>
        <input id="slack_webhook_url" type="url" placeholder="https://hooks.slack.com/services/…"
          value=${draft.slack_webhook_url}
          ...${invalid('slack_webhook_url')}
          onInput=${(e: Event) => set('slack_webhook_url', text(e))} />${hint('slack_webhook_url')}

        <label for="discord_webhook_url">Send each response to Discord <span
          class="muted">${chatNote('Discord channel')}</span></label>
        <input id="discord_webhook_url" type="url" placeholder="https://discord.com/api/webhooks/…"
          value=${draft.discord_webhook_url}
          ...${invalid('discord_webhook_url')}
          onInput=${(e: Event) => set('discord_webhook_url', text(e))} />${hint('discord_webhook_url')}
      </fieldset>
      <${ProblemSummary} error=${save.error} />
      ${done && html`<p class="ok" role="status">Saved.</p>`}
      ${
        canEdit
          ? html`<button type="submit" disabled=${save.busy}>Save settings</button>`
          : html`<p class="muted">Viewers can read settings but not change them.</p>`
      }
    </form>
  <//>`;
}
