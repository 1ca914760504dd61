// Settings › Keep answers: forever (the default) or a number of days, after which the hourly job
// deletes older answers for good.
import { RETENTION_DAYS_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, invalidProps, type SettingsPartProps } from './settings-part.ts';

/** The Keep answers part of the settings tab. */
export function RetentionSetting({ draft, set, problemsOf, disabled }: SettingsPartProps) {
  const limited = draft.retention_days !== null;
  const problems = problemsOf('retention_days');
  const days = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value;
    // An unreadable number is sent as is, so the server's message explains it.
    set('retention_days', raw === '' ? (Number.NaN as unknown as number) : Number(raw));
  };
  return html`<${Section} title="Keep answers">
    <fieldset disabled=${disabled}>
      <label class="check check-row"><input type="radio" name="retention" checked=${!limited}
        onChange=${() => set('retention_days', null)} /><span>Forever</span></label>
      <label class="check check-row"><input type="radio" name="retention" checked=${limited}
        onChange=${() => set('retention_days', 90)} /><span>Delete answers older than a number of days</span></label>
      ${
        limited &&
        html`<label for="retention_days">Days to keep answers <span
          class="muted">(1 to ${RETENTION_DAYS_MAX})</span></label>
        <input id="retention_days" type="number" min="1" max=${RETENTION_DAYS_MAX} step="1"
          value=${Number.isNaN(draft.retention_days) ? '' : draft.retention_days} onInput=${days}
          ...${invalidProps('retention_days', problems)} />
        <p class="muted small">Older answers are deleted for good within the hour, with their files.</p>`
      }
      <${FieldProblems} field="retention_days" problems=${problems} />
    </fieldset>
  <//>`;
}
