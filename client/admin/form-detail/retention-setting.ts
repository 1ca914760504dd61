// Settings › Keep answers: forever (the default) or a number of days, after which the hourly job
// deletes older answers for good.
import { RETENTION_DAYS_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import type { Settings } from '../types.ts';
import { ProblemSummary } from './problem-summary.ts';
import { useSettingsPart } from './use-settings-part.ts';

const pick = (s: Settings) => ({ retention_days: s.retention_days });

/** The Keep answers part of the settings tab. */
export function RetentionSetting(props: { formId: string; settings: Settings; canEdit: boolean; onSaved: () => void }) {
  const { draft, set, submit, busy, error, done, problemsOf } = useSettingsPart(
    props.formId,
    props.settings,
    pick,
    props.onSaved,
  );
  const limited = draft.retention_days !== null;
  const days = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value;
    // An unreadable number is sent as is, so the server's message explains it.
    set('retention_days', raw === '' ? (NaN as unknown as number) : Number(raw));
  };
  return html`<${Section} title="Keep answers">
    <form class="settings" onSubmit=${submit} novalidate>
      <fieldset disabled=${!props.canEdit || busy}>
        <label class="check check-row"><input type="radio" name="retention" checked=${!limited}
          onChange=${() => set('retention_days', null)} /><span>Forever</span></label>
        <label class="check check-row"><input type="radio" name="retention" checked=${limited}
          onChange=${() => set('retention_days', 90)} /><span>Delete answers older than a number of days</span></label>
        ${
          limited &&
          html`<label for="retention_days">Days to keep answers <span
            class="muted">(1 to ${RETENTION_DAYS_MAX})</span></label>
          <input id="retention_days" type="number" min="1" max=${RETENTION_DAYS_MAX} step="1"
            value=${Number.isNaN(draft.retention_days) ? '' : draft.retention_days} onInput=${days} />
          <p class="muted small">Older answers are deleted for good within the hour, with their files.</p>`
        }
        ${problemsOf('retention_days').map((p) => html`<p class="field-problem">${p}</p>`)}
      </fieldset>
      <${ProblemSummary} error=${error} />
      ${done && html`<p class="ok" role="status">Saved.</p>`}
      ${props.canEdit && html`<button type="submit" disabled=${busy}>Save</button>`}
    </form>
  <//>`;
}
