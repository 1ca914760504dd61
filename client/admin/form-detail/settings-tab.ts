// The settings tab: the form's main settings, then its emails, how long answers are kept and its look.
import { html } from '../../renderer/html.ts';
import { trpc } from '../trpc.ts';
import type { FormDetail } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { ClosingSettings } from './closing-settings.ts';
import { MailSettings } from './mail-settings.ts';
import { RetentionSetting } from './retention-setting.ts';
import { SettingsForm } from './settings-form.ts';
import { ThemeSettings } from './theme-settings.ts';

type Field = { key: string; type: string; label: string };

/** Every settings part of one form. */
export function SettingsTab({ form, canEdit, onSaved }: { form: FormDetail; canEdit: boolean; onSaved: () => void }) {
  const versions = useQuery(() => trpc.forms.versions.query({ formId: form.form_id }), [form.form_id]);
  const definition = versions.data?.versions[0]?.definition as
    | { fields?: Field[]; steps?: { fields: Field[] }[] }
    | undefined;
  const fields = definition
    ? definition.steps?.length
      ? definition.steps.flatMap((s) => s.fields)
      : (definition.fields ?? [])
    : [];
  const emailFields = fields.filter((f) => f.type === 'email').map((f) => ({ key: f.key, label: f.label || f.key }));
  const common = { formId: form.form_id, settings: form.settings, canEdit, onSaved };
  return html`<div>
    <${SettingsForm} ...${common} />
    ${versions.data && html`<${MailSettings} ...${common} emailFields=${emailFields} />`}
    <${ClosingSettings} ...${common} hostedUrl=${form.hosted_url} />
    <${RetentionSetting} ...${common} />
    <${ThemeSettings} ...${common} hostedUrl=${form.hosted_url} />
  </div>`;
}
