// Settings › Emails: a mail for every response (digests when many come at once), and the optional
// confirmation mail to the person who responded, sent to the address in one of the form's email fields.
import { CONFIRMATION_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { OffNote } from '../encryption/off-notes.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

const eachResponseNote =
  'Every member with email turned on gets the answers. When many come at once, you get one email a minute that ' +
  'lists them all.';
const confirmationNote =
  'It holds your message below, never their answers. At most one per response, and only a few an hour to the ' +
  'same address.';

/** The Emails part of the settings tab; `emailFields` are the current version's email fields. */
export function MailSettings({
  draft,
  set,
  problemsOf,
  disabled,
  emailFields: fields,
}: SettingsPartProps & { emailFields: { key: string; label: string }[] }) {
  const hint = (field: string) => html`<${FieldProblems} field=${field} problems=${problemsOf(field)} />`;
  const confirming = draft.confirmation_email_field !== '';
  const toggleConfirm = (on: boolean) => set('confirmation_email_field', on ? (fields[0]?.key ?? '') : '');
  const chooseField = (e: Event) => set('confirmation_email_field', (e.target as HTMLSelectElement).value);
  return html`<${Section} title="Emails">
    <fieldset disabled=${disabled}>
      <label class="check check-row"><input id="notify_each_response" type="checkbox"
        checked=${draft.notify_each_response}
        onChange=${(e: Event) => set('notify_each_response', (e.target as HTMLInputElement).checked)} />
        <span>Email me when someone responds</span></label>
      ${draft.encryption ? html`<${OffNote} what="mail" />` : html`<p class="muted small">${eachResponseNote}</p>`}
      ${hint('notify_each_response')}

      <label class="check check-row"><input id="confirmation_on" type="checkbox" checked=${confirming}
        disabled=${fields.length === 0}
        onChange=${(e: Event) => toggleConfirm((e.target as HTMLInputElement).checked)} />
        <span>Send a confirmation email to the person who responds</span></label>
      ${
        draft.encryption
          ? html`<${OffNote} what="confirmation" />`
          : fields.length === 0
            ? html`<p class="muted small">Add an Email field to the form to send confirmations.</p>`
            : html`<p class="muted small">${confirmationNote}</p>`
      }
      ${
        confirming &&
        html`${
          fields.length > 1 &&
          html`<label for="confirmation_email_field">Send it to the address in</label>
          <select id="confirmation_email_field" value=${draft.confirmation_email_field} onChange=${chooseField}
            ...${invalidProps('confirmation_email_field', problemsOf('confirmation_email_field'))}>
            ${fields.map((f) => html`<option value=${f.key}>${f.label}</option>`)}
          </select>`
        }
        <label for="confirmation_message">Confirmation message <span class="muted">(${
          draft.confirmation_message.length
        }/${CONFIRMATION_MESSAGE_MAX}; empty sends “Thank you. Your response was received.”)</span></label>
        <textarea id="confirmation_message" rows="3" value=${draft.confirmation_message}
          ...${invalidProps('confirmation_message', problemsOf('confirmation_message'))}
          onInput=${(e: Event) => set('confirmation_message', (e.target as HTMLTextAreaElement).value)}></textarea>`
      }
      ${hint('confirmation_email_field')}${hint('confirmation_message')}
    </fieldset>
  <//>`;
}
