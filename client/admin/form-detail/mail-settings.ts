// Settings › Emails: a mail for every response (digests when many come at once), and the optional
// confirmation mail to the person who responded, sent to the address in one of the form's email fields.
import { CONFIRMATION_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import type { Settings } from '../types.ts';
import { ProblemSummary } from './problem-summary.ts';
import { useSettingsPart } from './use-settings-part.ts';

const pick = (s: Settings) => ({
  notify_each_response: s.notify_each_response,
  confirmation_email_field: s.confirmation_email_field,
  confirmation_message: s.confirmation_message,
});

const eachResponseNote =
  'Every member with email turned on gets the answers. When many come at once, you get one email a minute that ' +
  'lists them all.';
const confirmationNote =
  'It holds your message below, never their answers. At most one per response, and only a few an hour to the ' +
  'same address.';

/** The Emails part of the settings tab; `emailFields` are the current version's email fields. */
export function MailSettings(props: {
  formId: string;
  settings: Settings;
  canEdit: boolean;
  emailFields: { key: string; label: string }[];
  onSaved: () => void;
}) {
  const { draft, set, submit, busy, error, done, problemsOf } = useSettingsPart(
    props.formId,
    props.settings,
    pick,
    props.onSaved,
  );
  const hint = (field: string) => problemsOf(field).map((p) => html`<p class="field-problem">${p}</p>`);
  const fields = props.emailFields;
  const confirming = draft.confirmation_email_field !== '';
  const toggleConfirm = (on: boolean) => set('confirmation_email_field', on ? (fields[0]?.key ?? '') : '');
  const chooseField = (e: Event) => set('confirmation_email_field', (e.target as HTMLSelectElement).value);
  return html`<${Section} title="Emails">
    <form class="settings" onSubmit=${submit} novalidate>
      <fieldset disabled=${!props.canEdit || busy}>
        <label class="check check-row"><input id="notify_each_response" type="checkbox"
          checked=${draft.notify_each_response}
          onChange=${(e: Event) => set('notify_each_response', (e.target as HTMLInputElement).checked)} />
          <span>Email me when someone responds</span></label>
        <p class="muted small">${eachResponseNote}</p>
        ${hint('notify_each_response')}

        <label class="check check-row"><input id="confirmation_on" type="checkbox" checked=${confirming}
          disabled=${fields.length === 0}
          onChange=${(e: Event) => toggleConfirm((e.target as HTMLInputElement).checked)} />
          <span>Send a confirmation email to the person who responds</span></label>
        ${
          fields.length === 0
            ? html`<p class="muted small">Add an Email field to the form to send confirmations.</p>`
            : html`<p class="muted small">${confirmationNote}</p>`
        }
        ${
          confirming &&
          html`${
            fields.length > 1 &&
            html`<label for="confirmation_email_field">Send it to the address in</label>
            <select id="confirmation_email_field" value=${draft.confirmation_email_field} onChange=${chooseField}>
              ${fields.map((f) => html`<option value=${f.key}>${f.label}</option>`)}
            </select>`
          }
          <label for="confirmation_message">Confirmation message <span class="muted">(${
            draft.confirmation_message.length
          }/${CONFIRMATION_MESSAGE_MAX}; empty sends “Thank you. Your response was received.”)</span></label>
          <textarea id="confirmation_message" rows="3" value=${draft.confirmation_message}
            onInput=${(e: Event) => set('confirmation_message', (e.target as HTMLTextAreaElement).value)}></textarea>`
        }
        ${hint('confirmation_email_field')}${hint('confirmation_message')}
      </fieldset>
      <${ProblemSummary} error=${error} />
      ${done && html`<p class="ok" role="status">Saved.</p>`}
      ${props.canEdit && html`<button type="submit" disabled=${busy}>Save emails</button>`}
    </form>
  <//>`;
}
