// The settings tab: the form's main settings, its emails and email rules, address and closing, how long
// answers are kept, whether partial answers are, its look and the sites a plain HTML form post may send people
// back to, as one page with one Save (save-bar.ts). Every part shows the same draft, which form-detail.ts
// keeps above the tab switch (use-settings-draft.ts), so nothing typed is lost by switching tabs or saving.
//
// Adding a part: write a component that takes SettingsPartProps (settings-part.ts), shows `draft.<field>`
// and calls `set('<field>', value)`, add it to the list below, and give its fields a label (and sentences
// for its problems) in settings-problems.ts. Saving, Discard, the sticky bar and keeping the draft need no change.
import { html } from '../../renderer/html.ts';
import { UNENCRYPTABLE_TYPES } from '../../../shared/api/encryption.ts';
import { trpc } from '../trpc.ts';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import type { FormDetail } from '../types.ts';
import { useQuery } from '../use-query.ts';
import { EncryptionSetting } from '../encryption/encryption-setting.ts';
import { ClosingSettings } from './closing-settings.ts';
import { MailSettings } from './mail-settings.ts';
import { NotifyRulesSetting } from './notify-rules-setting.ts';
import { RedirectOriginsSetting } from './redirect-origins-setting.ts';
import { PartialSetting } from './partial-setting.ts';
import { RetentionSetting } from './retention-setting.ts';
import { EditsSetting } from './edits-setting.ts';
import { SaveBar } from './save-bar.ts';
import { SettingsForm } from './settings-form.ts';
import type { SettingsPartProps } from './settings-part.ts';
import type { SettingsDraft } from './use-settings-draft.ts';
import { ThemeSettings } from './theme-settings.ts';

type Field = { key: string; type: string; label: string };

/** The field types an encrypted form cannot have (shared/api/encryption.ts UNENCRYPTABLE_TYPES). */
const UPLOAD_TYPES = new Set<string>(UNENCRYPTABLE_TYPES);

/**
 * Every settings part of one form, over the shared `draft`; Encryption, which saves at once (a key is made and kept
 * in one step), after the form and its Save.
 */
export function SettingsTab({
  form,
  canEdit,
  draft,
  onEncryptionSaved,
}: {
  form: FormDetail;
  canEdit: boolean;
  draft: SettingsDraft;
  onEncryptionSaved: () => void;
}) {
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
  if (!draft.draft) return html`<p class="muted">Loading…</p>`;
  const part: SettingsPartProps = {
    draft: draft.draft,
    set: draft.set,
    problemsOf: draft.problemsOf,
    disabled: !canEdit || draft.busy,
  };
  const submit = (e: Event) => {
    e.preventDefault();
    if (canEdit && draft.changes > 0 && !draft.busy) void draft.submit();
  };
  return html`<div><form class="settings settings-page" onSubmit=${submit} novalidate aria-label="Settings">
    <${SettingsForm} ...${part} definition=${versions.data?.versions[0]?.definition as FormDefinition | undefined} />
    ${versions.data && html`<${MailSettings} ...${part} emailFields=${emailFields} />`}
    ${versions.data && html`<${NotifyRulesSetting} ...${part} fields=${fields} />`}
    <${ClosingSettings} ...${part} hostedUrl=${form.hosted_url} />
    <${RetentionSetting} ...${part} />
    <${PartialSetting} ...${part} />
    <${EditsSetting} ...${part} />
    <${ThemeSettings} ...${part} formId=${form.form_id} />
    <${RedirectOriginsSetting} ...${part} />
    <${SaveBar} draft=${draft} canEdit=${canEdit} hostedUrl=${form.hosted_url} />
  </form>
  ${
    versions.data &&
    html`<div class="settings-page encryption-part"><${EncryptionSetting} formId=${form.form_id}
      setting=${form.settings.encryption} canEdit=${canEdit} onSaved=${onEncryptionSaved}
      uploadFields=${fields.filter((f) => UPLOAD_TYPES.has(f.type)).map((f) => f.label || f.key)} /></div>`
  }</div>`;
}
