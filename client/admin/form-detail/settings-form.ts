// Settings › the main settings: every field of spec 4.4 in plain words. The tab saves them with the other
// parts (one Save); the server checks the save as a whole and answers every problem at once (the webhook
// address included), each shown as a sentence next to its field.
import { SUCCESS_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { TextArea } from '../builder/inputs.ts';
import { Section } from '../common/section.ts';
import type { Settings } from '../types.ts';
import { OffNote } from '../encryption/off-notes.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

const webhookNote =
  '(every response is sent here as a signed POST; https on the public internet; empty removes it and cancels ' +
  'deliveries not yet made)';

const chatNote = (app: string) =>
  `(paste the address of a ${app} webhook: each response is posted there as a message with its answers; ` +
  'empty turns it off)';

/** A text after the last step may pipe every answer (builder/insert-answer.ts). */
const AFTER_LAST = -1;

/**
 * The main settings part. `definition`: the form's latest version, for the thank-you message's "Insert answer"
 * (offered once it is loaded).
 */
export function SettingsForm({
  draft,
  set,
  problemsOf,
  disabled,
  definition,
}: SettingsPartProps & { definition?: FormDefinition }) {
  // notify_email is the older spelling of the milestone emails: its problems show under them.
  const problemFor = (field: string) =>
    field === 'notify_mode' ? [...problemsOf('notify_mode'), ...problemsOf('notify_email')] : problemsOf(field);
  const hint = (field: string) => html`<${FieldProblems} field=${field} problems=${problemFor(field)} />`;
  const invalid = (field: string) => invalidProps(field, problemFor(field));
  const text = (e: Event) => (e.target as HTMLInputElement).value;

  return html`<${Section} title="Settings">
    <fieldset disabled=${disabled}>
      <label for="status">Status</label>
      <select id="status" value=${draft.status} ...${invalid('status')}
        onChange=${(e: Event) => set('status', text(e) as Settings['status'])}>
        <option value="active">Active: accepts responses</option>
        <option value="paused">Paused: refuses responses</option>
      </select>${hint('status')}

      <${TextArea} id="success_message" label="Message after sending" rows=${3} markdown
        pipe=${definition && { def: definition, step: AFTER_LAST }} value=${draft.success_message}
        problems=${problemFor('success_message')}
        hint=${`${draft.success_message.length}/${SUCCESS_MESSAGE_MAX} characters; empty shows the default.`}
        onInput=${(t: string) => set('success_message', t)} />

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
        onChange=${(e: Event) => set('notify_mode', text(e) as Settings['notify_mode'])}>
        <option value="milestones">At milestones (1st, 10th, 100th … response)</option>
        <option value="off">Off</option>
      </select>${hint('notify_mode')}

      <label for="webhook_url">Webhook address <span class="muted">${webhookNote}</span></label>
      <input id="webhook_url" type="url" placeholder="https://example.com/hooks/formstead" value=${draft.webhook_url}
        ...${invalid('webhook_url')} onInput=${(e: Event) => set('webhook_url', text(e))} />${hint('webhook_url')}
      ${draft.encryption && html`<${OffNote} what="webhook" />`}

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
      ${draft.encryption && html`<${OffNote} what="chat" />`}
    </fieldset>
  <//>`;
}
