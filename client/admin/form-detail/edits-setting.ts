// Settings › Edits and webhook events: "Let people edit their answer for N days" (allow_edit_days, 0 = no edits)
// and which events the webhook receives (webhook_events; a receiver built for spec 6 keeps the first alone).
import { ALLOW_EDIT_DAYS_MAX, WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

/** Each event in plain words. */
const eventWords: Record<WebhookEvent, string> = {
  'submission.created': 'A new response (submission.created)',
  'submission.updated': 'A respondent edited their response (submission.updated)',
  'submission.deleted': 'A response was deleted: by you, by Keep answers or by an erasure (submission.deleted)',
};

/** The edits and webhook events part of the settings tab. */
export function EditsSetting({ draft, set, problemsOf, disabled }: SettingsPartProps) {
  const problems = problemsOf('allow_edit_days');
  const events = draft.webhook_events as WebhookEvent[];
  const days = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value;
    // An unreadable number is sent as is, so the server's message explains it.
    set('allow_edit_days', raw === '' ? (Number.NaN as unknown as number) : Number(raw));
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    set(
      'webhook_events',
      WEBHOOK_EVENTS.filter((e) => (e === event ? on : events.includes(e))),
    );
  return html`<${Section} title="Edits and webhook events">
    <fieldset disabled=${disabled}>
      <label for="allow_edit_days">Let people edit their answer for N days <span
        class="muted">(0 to ${ALLOW_EDIT_DAYS_MAX}; 0: no edits)</span></label>
      <input id="allow_edit_days" type="number" min="0" max=${ALLOW_EDIT_DAYS_MAX} step="1"
        value=${Number.isNaN(draft.allow_edit_days) ? '' : draft.allow_edit_days} onInput=${days}
        ...${invalidProps('allow_edit_days', problems)} />
      <p class="muted small">The thank-you page and the confirmation email then carry a private link to change the
        answer. Earlier versions are kept and shown on the answer’s page.</p>
      <${FieldProblems} field="allow_edit_days" problems=${problems} />
    </fieldset>
    <fieldset disabled=${disabled}>
      <legend>Webhook events</legend>
      ${WEBHOOK_EVENTS.map(
        (event) => html`<label class="check check-row"><input type="checkbox" name="webhook_events"
          value=${event} checked=${events.includes(event)}
          onChange=${(e: Event) => toggle(event, (e.target as HTMLInputElement).checked)} /><span
          >${eventWords[event]}</span></label>`,
      )}
      <p class="muted small">Receivers built for new responses only keep the first: the others arrive with their own
        webhook-id.</p>
      <${FieldProblems} field="webhook_events" problems=${problemsOf('webhook_events')} />
    </fieldset>
  <//>`;
}
