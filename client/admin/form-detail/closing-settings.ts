// Settings › Address and closing: the form's own address (/f/{slug}), the date it closes, how many
// answers it takes, and what people see once it is closed. In the owner's words (UX.md): "Form address",
// "Close the form on", "Stop after N responses".
import { CLOSED_MESSAGE_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

const messageLimit = `(up to ${CLOSED_MESSAGE_MAX} characters; empty shows the default)`;

/** An ISO time as the value a datetime-local input shows (the browser's local time, to the minute). */
function localInput(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  // A year being typed passes through 2, 20, 202: four digits keep it a value the box takes.
  const year = String(d.getFullYear()).padStart(4, '0');
  return `${year}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time, no zone) as an ISO time with its zone, as the server wants it. */
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** The Address and closing part of the settings tab. */
export function ClosingSettings({
  draft,
  set,
  problemsOf,
  disabled,
  hostedUrl,
}: SettingsPartProps & { hostedUrl: string }) {
  const base = `${new URL(hostedUrl).origin}/f/`;
  const problems = (field: string) => html`<${FieldProblems} field=${field} problems=${problemsOf(field)} />`;
  const invalid = (field: string) => invalidProps(field, problemsOf(field));
  const slugInvalid = invalid('slug');
  const limited = draft.response_limit !== null;
  const dated = draft.close_at !== '';
  const limit = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value;
    // An unreadable number is sent as is, so the server's message explains it.
    set('response_limit', raw === '' ? (Number.NaN as unknown as number) : Number(raw));
  };
  return html`<${Section} title="Address and closing">
    <fieldset disabled=${disabled}>
      <label for="slug">Form address</label>
      <div class="row">
        <span class="muted mono small">${base}</span>
        <input id="slug" class="mono" placeholder="e.g. spring-survey" maxlength="64" value=${draft.slug}
          aria-invalid=${slugInvalid['aria-invalid']}
          aria-describedby=${[slugInvalid['aria-describedby'], 'slug-hint'].filter(Boolean).join(' ')}
          onInput=${(e: Event) => set('slug', (e.target as HTMLInputElement).value)} />
      </div>
      <p id="slug-hint" class="muted small">
        Lowercase letters, digits and dashes. The form's old link keeps working. Leave empty for none.
      </p>
      ${problems('slug')}

      <label class="check check-row"><input type="checkbox" checked=${dated}
        onChange=${(e: Event) =>
          set('close_at', (e.target as HTMLInputElement).checked ? fromLocalInput(nextWeek()) : '')} />
        <span>Close the form on a date</span></label>
      ${
        dated &&
        html`<label for="close_at">Close the form on <span class="muted">(your time)</span></label>
        <input id="close_at" type="datetime-local" value=${localInput(draft.close_at)} ...${invalid('close_at')}
          onInput=${(e: Event) => {
            // While a part is being typed (a month's first digit) the box reads empty: the date stays as it
            // was; clearing it would drop the box (and the focus) under the typing. The checkbox clears it.
            const typed = (e.target as HTMLInputElement).value;
            if (typed) set('close_at', fromLocalInput(typed));
          }} />`
      }
      ${problems('close_at')}

      <label class="check check-row"><input type="checkbox" checked=${limited}
        onChange=${(e: Event) => set('response_limit', (e.target as HTMLInputElement).checked ? 100 : null)} />
        <span>Stop after a number of responses</span></label>
      ${
        limited &&
        html`<label for="response_limit">Stop after this many responses</label>
        <input id="response_limit" type="number" min="1" step="1" ...${invalid('response_limit')}
          value=${Number.isNaN(draft.response_limit) ? '' : draft.response_limit} onInput=${limit} />`
      }
      ${problems('response_limit')}

      <label for="closed_message">Message when closed <span class="muted">${messageLimit}</span></label>
      <textarea id="closed_message" rows="2" maxlength=${CLOSED_MESSAGE_MAX}
        placeholder="This form is closed and no longer accepts responses." value=${draft.closed_message}
        ...${invalid('closed_message')}
        onInput=${(e: Event) => set('closed_message', (e.target as HTMLTextAreaElement).value)}></textarea>
      ${problems('closed_message')}
    </fieldset>
  <//>`;
}

/** A week from now, as a datetime-local value: the date a new "close on" starts from. */
function nextWeek(): string {
  return localInput(new Date(Date.now() + 7 * 24 * 3600_000).toISOString());
}
